import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PrerenderedPage, showsPrerenderedPage } from 'ui-kit';
import { PageSkeleton } from '../remotes/PageSkeleton';

/** The page's code is on its way: the server's first screen of it when the page came with one, else a skeleton. */
function PageLoading() {
  return showsPrerenderedPage() ? <PrerenderedPage /> : <PageSkeleton />;
}

/** Shown while a page's code arrives when the page is the first one opened; later navigations keep the old page. */
export const LOADING = <PageLoading />;

/**
 * A route whose page is fetched the first time it is visited, for pages few visits need (legal texts, notices,
 * sign-in callbacks): their code stays off the first paint of every other page. A failed fetch lands in the route's
 * error element, under the header.
 */
export function lazyPage(
  load: () => Promise<ComponentType>,
): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> {
  return {
    lazy: async () => ({ Component: await load() }),
    hydrateFallbackElement: LOADING,
  };
}
