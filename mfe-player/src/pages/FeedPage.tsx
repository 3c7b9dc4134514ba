import { useEffect, useId, useRef, useState, type FormEvent, type JSX } from 'react';
import { relativeTime } from 'shared-kit';
import type { PlayedStory, StoryCard } from '../api/types';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { LoadMore } from '../components/LoadMore';
import { StoryCardView } from '../components/StoryCardView';
import { selectDeleting, selectForYou, selectIsSearching, selectPlayed, selectSearch, selectTab } from '../stores/feed/selectors';
import { useFeedStore, type FeedTab, type ListState } from '../stores/feed/store';

const TABS: ReadonlyArray<{ key: FeedTab; label: string; empty: string }> = [
  { key: 'for-you', label: 'For you', empty: 'No stories to show yet.' },
  { key: 'recent', label: 'Recently played', empty: 'You have not played any story recently.' },
  { key: 'history', label: 'History', empty: 'Your play history is empty.' },
];

function playedWhen(story: PlayedStory): string {
  if (!story.last_played_at) return '';
  const at = Date.parse(story.last_played_at);
  return Number.isFinite(at) ? `Played ${relativeTime(at)}` : '';
}

/** A list with its loading, error, empty and paging states. */
function StoryList<T extends StoryCard>({
  list,
  empty,
  onMore,
  onRetry,
  render,
}: {
  list: ListState<T>;
  empty: string;
  onMore: () => void;
  onRetry: () => void;
  render: (story: T) => JSX.Element;
}): JSX.Element {
  if (list.items.length === 0 && (list.status === 'loading' || list.status === 'idle')) {
    return (
      <p className="pl-status" role="status">
        Loading stories…
      </p>
    );
  }
  if (list.items.length === 0 && list.status === 'error') {
    return (
      <div className="pl-status">
        <p role="alert">{list.error}</p>
        <button type="button" className="pl-button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (list.items.length === 0) return <p className="pl-status">{empty}</p>;
  return (
    <>
      <ul className="pl-list">{list.items.map(render)}</ul>
      {list.status === 'error' ? <p role="alert">{list.error}</p> : null}
      {list.hasMore ? <LoadMore onMore={onMore} loading={list.status === 'loading'} /> : null}
    </>
  );
}

/** The player's home: search, then three tabs of stories. */
export function FeedPage(): JSX.Element {
  const tab = useFeedStore(selectTab);
  const forYou = useFeedStore(selectForYou);
  const played = useFeedStore(selectPlayed);
  const search = useFeedStore(selectSearch);
  const searching = useFeedStore(selectIsSearching);
  const deleting = useFeedStore(selectDeleting);
  const { setTab, loadForYou, loadPlayed, runSearch, clearSearch, deletePlayed } = useFeedStore.getState();
  const [keyword, setKeyword] = useState(search.keyword);
  const [confirming, setConfirming] = useState<PlayedStory | null>(null);
  const baseId = useId();
  const current = TABS.find((t) => t.key === tab) ?? TABS[0]!;

  // Each list is read once per visit of the feed (Recently played and History share one); paging adds to it.
  const loadedHere = useRef(new Set<string>());
  useEffect(() => {
    const key = tab === 'for-you' ? 'for-you' : 'played';
    if (loadedHere.current.has(key)) return;
    loadedHere.current.add(key);
    if (key === 'for-you') void loadForYou();
    else void loadPlayed();
  }, [tab, loadForYou, loadPlayed]);

  function onSearch(event: FormEvent): void {
    event.preventDefault();
    void runSearch(keyword);
  }

  return (
    <main className="pl-page">
      <h1 className="pl-title">Stories</h1>
      <form role="search" className="pl-search" onSubmit={onSearch}>
        <label htmlFor={`${baseId}-q`} className="pl-visually-hidden">
          Search stories
        </label>
        <input
          id={`${baseId}-q`}
          type="search"
          className="pl-input"
          placeholder="Search stories"
          value={keyword}
          maxLength={100}
          onChange={(e) => {
            setKeyword(e.target.value);
            if (e.target.value.trim() === '') clearSearch();
          }}
        />
        <button type="submit" className="pl-button pl-button--primary">
          Search
        </button>
      </form>

      {searching ? (
        <section aria-label={`Results for ${search.keyword}`}>
          <div className="pl-row">
            <h2 className="pl-subtitle">Results for “{search.keyword}”</h2>
            <button
              type="button"
              className="pl-link-button"
              onClick={() => {
                setKeyword('');
                clearSearch();
              }}
            >
              Clear search
            </button>
          </div>
          <StoryList
            list={search}
            empty={`No stories match “${search.keyword}”.`}
            onMore={() => void runSearch(search.keyword, true)}
            onRetry={() => void runSearch(search.keyword)}
            render={(s) => <StoryCardView key={s.story_id} story={s} />}
          />
        </section>
      ) : (
        <>
          <div role="tablist" aria-label="Feed" className="pl-tabs">
            {TABS.map((t) => (
              <button
                key={t.key}
                type="button"
                role="tab"
                id={`${baseId}-${t.key}`}
                aria-selected={t.key === tab}
                aria-controls={`${baseId}-panel`}
                className="pl-tab"
                onClick={() => setTab(t.key)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <section role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${current.key}`}>
            {tab === 'for-you' ? (
              <StoryList
                list={forYou}
                empty={current.empty}
                onMore={() => void loadForYou(true)}
                onRetry={() => void loadForYou()}
                render={(s) => <StoryCardView key={s.story_id} story={s} />}
              />
            ) : (
              <StoryList
                list={played}
                empty={current.empty}
                onMore={() => void loadPlayed(true)}
                onRetry={() => void loadPlayed()}
                render={(s) => (
                  <StoryCardView
                    key={s.story_id}
                    story={s}
                    extra={<p className="pl-card__meta">{playedWhen(s)}</p>}
                    actions={
                      tab === 'history' ? (
                        <button
                          type="button"
                          className="pl-button pl-button--small"
                          aria-label={`Delete ${s.story_name} from history`}
                          disabled={deleting === s.story_id}
                          onClick={() => setConfirming(s)}
                        >
                          Delete
                        </button>
                      ) : undefined
                    }
                  />
                )}
              />
            )}
          </section>
        </>
      )}

      {confirming ? (
        <ConfirmDialog
          title="Delete from history?"
          confirmLabel="Delete"
          danger
          busy={deleting === confirming.story_id}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            void deletePlayed(confirming.story_id).then(() => setConfirming(null));
          }}
        >
          <p>“{confirming.story_name}” will no longer appear in your history. You can still play it again from the feed.</p>
        </ConfirmDialog>
      ) : null}
    </main>
  );
}
