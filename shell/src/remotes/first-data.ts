import type { FEED_FIRST_PAGE, prefetchGet } from 'shared-kit';

/** What the early requests use (passed in: shared-kit and ui-kit are shared modules, loaded asynchronously). */
export interface FirstDataKit {
  prefetchGet: typeof prefetchGet;
  FEED_FIRST_PAGE: typeof FEED_FIRST_PAGE;
  /** Starts fetching the code of the kit's tabs (a component loaded on first use). */
  preloadTabs: () => void;
  /** Whether the server sent the page with its first screen and its data (nothing to ask for then). */
  prerendered?: () => boolean;
}

/**
 * Asks for what a page's first screen shows while the code of the remote that shows it is still downloading,
 * instead of after that code has arrived and mounted: for the player's feed (`/play`), its first page of stories
 * (the player's own first call for it takes this answer, see prefetchGet) and the code of its tabs.
 */
export function prefetchFirstData(pathname: string, kit: FirstDataKit): void {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '/play') {
    kit.preloadTabs();
    if (kit.prerendered?.()) return;
    kit.prefetchGet(kit.FEED_FIRST_PAGE.url, kit.FEED_FIRST_PAGE.params);
  }
}
