import { Suspense, lazy, useLayoutEffect, useState, type JSX } from 'react';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { releasePrerendered } from 'shared-kit';
import { PrerenderedPage, Spinner, Tabs, showsPrerenderedPage } from 'ui-kit';
import { NotFound } from './components/NotFound';
import { BaseContext } from './components/paths';
import { FeedPage } from './pages/FeedPage';
import { StoryDetailPage } from './pages/StoryDetailPage';
import { useFeedStore } from './stores/feed/store';
import './player.css';

// The play screen, opened from a story's page (which fetches its code while it is read, see StoryDetailPage): a
// chunk of its own, out of the first screen of the public pages.
const PlayPage = lazy(() => import('./pages/PlayPage').then((m) => ({ default: m.PlayPage })));
// A topic page is opened from the home's topics: its code comes when first needed.
const TopicPage = lazy(() => import('./pages/TopicPage').then((m) => ({ default: m.TopicPage })));
// A creator's page and their followers/following lists, opened from a story: one chunk, fetched when first needed.
const AuthorPage = lazy(() => import('./pages/AuthorPage').then((m) => ({ default: m.AuthorPage })));
const CollectionPage = lazy(() => import('./pages/CollectionPage').then((m) => ({ default: m.CollectionPage })));
const ThreadPage = lazy(() => import('./pages/ThreadPage').then((m) => ({ default: m.ThreadPage })));
// A play shared as a video: its page, opened from a link.
const VideoPage = lazy(() => import('./pages/VideoPage').then((m) => ({ default: m.VideoPage })));
const PeoplePage = lazy(() => import('./pages/PeoplePage').then((m) => ({ default: m.PeoplePage })));

/**
 * Where the shell mounted this remote (`/play` for its `/play/*` route): the location minus the splat. On the
 * remote's own page there is no parent route, and its router's `/play` basename makes the base `/`.
 */
function useMountPath(): string {
  const { pathname } = useLocation();
  const splat = useParams()['*'];
  if (splat === undefined) return '/';
  const base = pathname.slice(0, pathname.length - splat.length).replace(/\/+$/, '');
  return base || '/';
}

/**
 * Rendered beside the routes, inside the same Suspense boundary: it commits with the page, so once it runs the page
 * has rendered its own first screen and the server's one (and its data) is not used again.
 */
function PrerenderTaken(): null {
  useLayoutEffect(() => releasePrerendered(), []);
  return null;
}

/** The player remote, mounted by the shell at `/play/*`; its routes are relative to that mount. */
export default function App(): JSX.Element {
  const base = useMountPath();
  const { pathname } = useLocation();
  const splat = useParams()['*'];
  // On the feed (the index route), its first stories and the code of its tabs are asked for now, alongside the
  // player's copy, not after the copy has arrived and the feed has rendered; once per mount.
  const onFeed = (splat ?? pathname).replace(/^\/+|\/+$/g, '') === '';
  useState(() => {
    if (onFeed) {
      useFeedStore.getState().prefetchForYou();
      // Optional: a shell built before `preload` existed provides a kit without it.
      Tabs.preload?.();
    }
    return null;
  });
  return (
    <BaseContext.Provider value={base}>
      <div data-remote="mfe_player" className="pl">
        {/* The player's copy is fetched for the language in use on first render. Until the page has all it needs, a
            page that came with its first screen from the server keeps showing that screen. */}
        <Suspense fallback={showsPrerenderedPage() ? <PrerenderedPage /> : <Spinner className="player-loading" />}>
          <Routes>
            <Route index element={<FeedPage />} />
            <Route path="story/:id" element={<StoryDetailPage />} />
            {/* One route with an optional play id, so the page stays mounted when it writes the open play's id in the address. */}
            <Route path="story/:id/play/:playId?" element={<PlayPage />} />
            <Route path="topic/:id" element={<TopicPage />} />
            <Route path="user/:uid" element={<AuthorPage />} />
            <Route path="collection/:id" element={<CollectionPage />} />
            <Route path="thread/:id" element={<ThreadPage />} />
            <Route path="video/:code" element={<VideoPage />} />
            <Route path="user/:uid/followers" element={<PeoplePage type="followers" />} />
            <Route path="user/:uid/following" element={<PeoplePage type="following" />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
          <PrerenderTaken />
        </Suspense>
      </div>
    </BaseContext.Provider>
  );
}
