import { Suspense, lazy, use, useCallback, useEffect, useRef, useState, type FormEvent, type JSX } from 'react';
import { prerenderedData, useSessionStore } from 'shared-kit';
import { Button, Spinner, Tabs, TextField } from 'ui-kit';
import { LikedTab } from '../components/community/LikedTab';
import { useStoriesLive } from '../components/community/useStoryLive';
import { StoryList } from '../components/feed/StoryList';
import { FeedPlayTimeNotice } from '../components/playtime/PlayTimeBanner';
import { StoryCardView } from '../components/StoryCardView';
import { NotInterested } from '../components/feed/NotInterested';
import { usePlayerT } from '../i18n';
import { selectForYou, selectIsSearching, selectSearch, selectTab } from '../stores/feed/selectors';
import { useFeedStore, type FeedTab } from '../stores/feed/store';
import { useLikedStore } from '../stores/liked/store';
import { useLiveCountsStore } from '../stores/live-counts/store';

// The banners and topics, and the tabs of one's plays, come in chunks of their own after the feed's first cards.
const loadHomeContent = () => import('../components/feed/HomeContent');
const HomeContent = lazy(() => loadHomeContent().then((m) => ({ default: m.HomeContent })));

/**
 * What the feed needs to render its whole first screen at once (the topics' and the tabs' code), for a feed the
 * server sent with its first screen: it takes over only when nothing of it would be missing for a frame.
 */
let takeoverCode: Promise<Awaited<ReturnType<typeof loadHomeContent>>> | undefined;
const PlayedTab = lazy(() => import('../components/feed/PlayedTab').then((m) => ({ default: m.PlayedTab })));
const FeedThreads = lazy(() => import('../components/threads/FeedThreads').then((m) => ({ default: m.FeedThreads })));

/** The tabs of the spec's home (chats, liked, history, recently played) after For you. */
const TABS: readonly FeedTab[] = ['for-you', 'chats', 'liked', 'history', 'recent', 'threads'];
const TAB_LABELS = {
  'for-you': 'feed.forYou',
  chats: 'feed.chats',
  liked: 'feed.liked',
  history: 'feed.history',
  recent: 'feed.recent',
  threads: 'feed.threads',
} as const;

function isTab(value: string): value is FeedTab {
  return (TABS as readonly string[]).includes(value);
}

/** The player's home: search, banners and topics, then the tabs of stories. */
export function FeedPage(): JSX.Element {
  const { t } = usePlayerT();
  const tab = useFeedStore(selectTab);
  const forYou = useFeedStore(selectForYou);
  const search = useFeedStore(selectSearch);
  const searching = useFeedStore(selectIsSearching);
  const uid = useSessionStore((s) => s.user?.uid ?? null);
  const { setTab, loadForYou, runSearch, clearSearch, takeForYouPrefetch, resetPlayed } = useFeedStore.getState();
  const [keyword, setKeyword] = useState(search.keyword);
  // A feed sent with its first screen renders the topics at once, from the same answer (see HomeContent).
  const [fromServer] = useState(() => prerenderedData('feed') !== undefined);
  const Home = fromServer ? use((takeoverCode ??= Promise.all([loadHomeContent(), Tabs.preload()]).then(([m]) => m))).HomeContent : null;

  // For you is read once per visit of the feed; paging adds to it. It may have been asked for already (see App).
  const forYouLoaded = useRef(false);
  useEffect(() => {
    if (tab !== 'for-you' || forYouLoaded.current) return;
    forYouLoaded.current = true;
    if (!takeForYouPrefetch()) void loadForYou();
  }, [tab, loadForYou, takeForYouPrefetch]);

  // The lists of plays belong to one account: on each visit, and when another account signs in, they are read again.
  useEffect(() => {
    resetPlayed();
  }, [uid, resetPlayed]);

  // The cards on screen follow the like and comment counts the api pushes for their stories.
  const shown = useFeedStore((s) => {
    if (selectIsSearching(s)) return s.search.items;
    if (s.tab === 'for-you') return s.forYou.items;
    if (s.tab === 'liked' || s.tab === 'threads') return null;
    return s[s.tab].items;
  });
  const liked = useLikedStore((s) => s.items);
  useStoriesLive((shown ?? liked).map((story) => story.story_id));
  // Counts pushed on an earlier visit are older than the lists read now.
  useEffect(() => {
    useLiveCountsStore.getState().clear();
  }, []);

  // Play time open again: For you, refused while it was closed, is read again.
  const reloadForYou = useCallback(() => void useFeedStore.getState().loadForYou(), []);

  function onSearch(event: FormEvent): void {
    event.preventDefault();
    void runSearch(keyword);
  }

  return (
    <div className="player-page">
      <h1 className="player-title">{t('feed.title')}</h1>
      <FeedPlayTimeNotice onReopen={reloadForYou} />
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
        <>
          {Home ? (
            <Home />
          ) : (
            <Suspense fallback={null}>
              <HomeContent />
            </Suspense>
          )}
          <Tabs
            label={t('feed.tabs')}
            value={tab}
            onValueChange={(value) => {
              if (isTab(value)) setTab(value);
            }}
            items={TABS.map((key) => ({
              value: key,
              label: t(TAB_LABELS[key]),
              content:
                key === 'for-you' ? (
                  <StoryList
                    list={forYou}
                    empty={t('feed.emptyForYou')}
                    onMore={() => void loadForYou(true)}
                    onRetry={() => void loadForYou()}
                    render={(s) => (
                      <StoryCardView
                        key={s.story_id}
                        story={s}
                        extra={<NotInterested storyId={s.story_id} storyName={s.story_name} creatorUid={s.creator.uid} />}
                      />
                    )}
                  />
                ) : key === 'liked' ? (
                  <LikedTab />
                ) : key === 'threads' ? (
                  <Suspense fallback={null}>
                    <FeedThreads />
                  </Suspense>
                ) : (
                  <Suspense
                    fallback={
                      <p className="player-status" role="status">
                        <Spinner size="sm" decorative /> {t('feed.loadingStories')}
                      </p>
                    }
                  >
                    <PlayedTab list={key} />
                  </Suspense>
                ),
            }))}
          />
        </>
      )}
    </div>
  );
}
