import { useEffect, useRef, useState, type FormEvent, type JSX } from 'react';
import { Button, ConfirmDialog, EmptyState, Spinner, Tabs, TextField, formatRelativeTime } from 'ui-kit';
import type { PlayedStory, StoryCard } from '../api/types';
import { LikedTab } from '../components/community/LikedTab';
import { LoadMore } from '../components/LoadMore';
import { StoryCardView } from '../components/StoryCardView';
import { usePlayerT } from '../i18n';
import {
  selectDeleting,
  selectForYou,
  selectIsSearching,
  selectPlayed,
  selectSearch,
  selectTab,
} from '../stores/feed/selectors';
import { useFeedStore, type FeedTab, type ListState } from '../stores/feed/store';

const TABS: readonly FeedTab[] = ['for-you', 'liked', 'recent', 'history'];
const TAB_KEYS = {
  'for-you': { label: 'feed.forYou', empty: 'feed.emptyForYou' },
  liked: { label: 'feed.liked', empty: 'feed.emptyLiked' },
  recent: { label: 'feed.recent', empty: 'feed.emptyRecent' },
  history: { label: 'feed.history', empty: 'feed.emptyHistory' },
} as const;

function isTab(value: string): value is FeedTab {
  return (TABS as readonly string[]).includes(value);
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
  const { t } = usePlayerT();
  if (list.items.length === 0 && (list.status === 'loading' || list.status === 'idle')) {
    return (
      <p className="player-status" role="status">
        <Spinner size="sm" decorative /> {t('feed.loadingStories')}
      </p>
    );
  }
  if (list.items.length === 0 && list.status === 'error') {
    return (
      <div className="player-status">
        <p role="alert">{list.error}</p>
        <Button onClick={onRetry}>{t('common.tryAgain')}</Button>
      </div>
    );
  }
  if (list.items.length === 0) return <EmptyState title={empty} />;
  return (
    <>
      <ul className="player-list">{list.items.map(render)}</ul>
      {list.status === 'error' ? <p role="alert">{list.error}</p> : null}
      {list.hasMore ? <LoadMore onMore={onMore} loading={list.status === 'loading'} /> : null}
    </>
  );
}

/** The player's home: search, then three tabs of stories. */
export function FeedPage(): JSX.Element {
  const { t } = usePlayerT();
  const tab = useFeedStore(selectTab);
  const forYou = useFeedStore(selectForYou);
  const played = useFeedStore(selectPlayed);
  const search = useFeedStore(selectSearch);
  const searching = useFeedStore(selectIsSearching);
  const deleting = useFeedStore(selectDeleting);
  const { setTab, loadForYou, loadPlayed, runSearch, clearSearch, deletePlayed, takeForYouPrefetch } = useFeedStore.getState();
  const [keyword, setKeyword] = useState(search.keyword);
  const [confirming, setConfirming] = useState<PlayedStory | null>(null);

  // Each list is read once per visit of the feed (Recently played and History share one); paging adds to it.
  const loadedHere = useRef(new Set<string>());
  useEffect(() => {
    // The Liked tab reads its own list (LikedTab).
    if (tab === 'liked') return;
    const key = tab === 'for-you' ? 'for-you' : 'played';
    if (loadedHere.current.has(key)) return;
    loadedHere.current.add(key);
    // For you may have been asked for already, while the feed's copy was loading (see App).
    if (key === 'for-you') {
      if (!takeForYouPrefetch()) void loadForYou();
    } else void loadPlayed();
  }, [tab, loadForYou, loadPlayed, takeForYouPrefetch]);

  function onSearch(event: FormEvent): void {
    event.preventDefault();
    void runSearch(keyword);
  }

  function playedWhen(story: PlayedStory): string {
    const at = story.last_played_at ? Date.parse(story.last_played_at) : NaN;
    return Number.isFinite(at) ? t('feed.playedAgo', { when: formatRelativeTime(at) }) : '';
  }

  const playedList = (key: FeedTab) => (
    <StoryList
      list={played}
      empty={t(TAB_KEYS[key].empty)}
      onMore={() => void loadPlayed(true)}
      onRetry={() => void loadPlayed()}
      render={(s) => (
        <StoryCardView
          key={s.story_id}
          story={s}
          extra={<p className="player-card__meta">{playedWhen(s)}</p>}
          actions={
            key === 'history' ? (
              <Button
                size="sm"
                aria-label={t('feed.deleteFromHistory', { name: s.story_name })}
                disabled={deleting === s.story_id}
                onClick={() => setConfirming(s)}
              >
                {t('feed.delete')}
              </Button>
            ) : undefined
          }
        />
      )}
    />
  );

  return (
    <main className="player-page">
      <h1 className="player-title">{t('feed.title')}</h1>
      <form role="search" className="player-search" onSubmit={onSearch}>
        <TextField
          type="search"
          label={t('feed.searchLabel')}
          hideLabel
          placeholder={t('feed.searchLabel')}
          value={keyword}
          maxLength={100}
          onChange={(e) => {
            setKeyword(e.target.value);
            if (e.target.value.trim() === '') clearSearch();
          }}
        />
        <Button type="submit" variant="primary">
          {t('feed.search')}
        </Button>
      </form>

      {searching ? (
        <section aria-label={t('feed.resultsFor', { keyword: search.keyword })}>
          <div className="player-row">
            <h2 className="player-subtitle">{t('feed.resultsFor', { keyword: search.keyword })}</h2>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setKeyword('');
                clearSearch();
              }}
            >
              {t('feed.clearSearch')}
            </Button>
          </div>
          <StoryList
            list={search}
            empty={t('feed.noMatch', { keyword: search.keyword })}
            onMore={() => void runSearch(search.keyword, true)}
            onRetry={() => void runSearch(search.keyword)}
            render={(s) => <StoryCardView key={s.story_id} story={s} />}
          />
        </section>
      ) : (
        <Tabs
          label={t('feed.tabs')}
          value={tab}
          onValueChange={(value) => {
            if (isTab(value)) setTab(value);
          }}
          items={TABS.map((key) => ({
            value: key,
            label: t(TAB_KEYS[key].label),
            content:
              key === 'for-you' ? (
                <StoryList
                  list={forYou}
                  empty={t(TAB_KEYS[key].empty)}
                  onMore={() => void loadForYou(true)}
                  onRetry={() => void loadForYou()}
                  render={(s) => <StoryCardView key={s.story_id} story={s} />}
                />
              ) : key === 'liked' ? (
                <LikedTab />
              ) : (
                playedList(key)
              ),
          }))}
        />
      )}

      {confirming ? (
        <ConfirmDialog
          title={t('feed.deleteTitle')}
          confirmLabel={t('feed.delete')}
          danger
          busy={deleting === confirming.story_id}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            void deletePlayed(confirming.story_id).then(() => setConfirming(null));
          }}
        >
          {t('feed.deleteText', { name: confirming.story_name })}
        </ConfirmDialog>
      ) : null}
    </main>
  );
}
