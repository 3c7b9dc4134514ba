import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code (and its Radix primitive) is split off the first paint of every app: the kit is a shared
 * singleton, bundled whole, so its heavy parts load apart. The code is fetched when the browser is first idle after the
 * page has loaded (so a dialog still opens after the connection drops, and opens at once) or on first render,
 * whichever comes first.
 * `fallback` renders while the chunk loads (nothing by default).
 */
export interface DeferredComponent<P> {
  (props: P): ReactNode;
  /**
   * Starts fetching the code now, for a page that knows it will render the component at once (a remote's first
   * screen): the fetch then runs alongside the page's own, not after its first render.
   */
  preload(): void;
}

export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
): DeferredComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () => (loading ??= load());
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  // A failed early fetch is forgotten: the first render tries again.
  const preload = () => {
    loadOnce().catch(() => {
      loading = undefined;
    });
  };
  if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
    const prefetch = () => window.requestIdleCallback(preload);
    // After the page has loaded, so the fetch does not compete with what the page shows first (a remote's code,
    // its images).
    if (document.readyState === 'complete') prefetch();
    else window.addEventListener('load', prefetch, { once: true });
  }
  function Deferred(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Deferred.preload = preload;
  return Deferred;
}
