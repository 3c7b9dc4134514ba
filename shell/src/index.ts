import { preloadFirstRemote } from './remotes/preload';
import { prefetchFirstData } from './remotes/first-data';

// What the first screen needs after the shell's own code downloads alongside it: /remotes.json and the remote the
// page shows, and the api client's code (the session check is the first call of every page).
preloadFirstRemote(window.location.pathname);
void import('shared-kit').then(({ preloadApiClient }) => preloadApiClient()).catch(() => undefined);
// The page's first data too, once the UI kit has settled the language every request carries.
void Promise.all([import('shared-kit'), import('ui-kit')])
  .then(([kit, ui]) =>
    prefetchFirstData(window.location.pathname, {
      prefetchGet: kit.prefetchGet,
      FEED_FIRST_PAGE: kit.FEED_FIRST_PAGE,
      preloadTabs: () => void ui.Tabs.preload(),
      prerendered: kit.hasPrerenderedPage,
    }),
  )
  .catch(() => undefined);

// The async boundary that lets module federation negotiate shared singletons before any of them is used.
import('./bootstrap');
