import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

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
   * screen): the fetch then runs alongside the page's own, not after its first render. Resolves once the code is here
   * (or could not be fetched: the first render tries again).
   */
  preload(): Promise<void>;
}

/** What a stand-in gets besides the component's props (see `standIn` below). */
export interface StandInControls {
  /** Starts fetching the code (on hover or focus: the user may be about to use it). */
  preload(): void;
  /** The user used the stand-in: fetch the code and render the component with `activatedProps` once it is here. */
  activate(): void;
}

export interface DeferredOptions<P> {
  /**
   * A component that every page shows at once but nobody needs at once (the header's language choice): render
   * this stand-in, which looks the same, until the code has arrived by the idle-time fetch (or by `preload`), so the
   * first paint never waits for it nor shares the network with it. Rendering does not fetch the code.
   */
  standIn?: (props: P, controls: StandInControls) => ReactNode;
  /** Props the component gets once the stand-in was activated (e.g. `{ defaultOpen: true }`). */
  activatedProps?: Partial<P>;
}

export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
  options: DeferredOptions<P> = {},
): DeferredComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const arrivals = new Set<() => void>();
  const loadOnce = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      for (const arrived of arrivals) arrived();
      return component;
    }));
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  // A failed early fetch is forgotten: the first render tries again.
  const preload = () =>
    loadOnce().then(
      () => undefined,
      () => {
        loading = undefined;
      },
    );
  if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
    const prefetch = () => window.requestIdleCallback(preload);
    // After the page has loaded, so the fetch does not compete with what the page shows first (a remote's code,
    // its images).
    if (document.readyState === 'complete') prefetch();
    else window.addEventListener('load', prefetch, { once: true });
  }

  const { standIn, activatedProps } = options;
  function Deferred(props: P) {
    // Code already here renders at once, without a loading state between (a page taking over its pre-rendered first
    // screen must not lose a part of it for a frame). Decided once per mount, so the element never changes kind.
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={fallback(props)}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  function Standby(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    const [activated, setActivated] = useState(false);
    useEffect(() => {
      if (Component) return undefined;
      const arrived = () => setComponent(() => loaded);
      if (loaded) arrived();
      arrivals.add(arrived);
      return () => {
        arrivals.delete(arrived);
      };
    }, [Component]);
    if (Component) return <Component {...props} {...(activated ? activatedProps : undefined)} />;
    return standIn?.(props, {
      preload,
      activate: () => {
        setActivated(true);
        preload();
      },
    });
  }
  const component = (standIn ? Standby : Deferred) as DeferredComponent<P>;
  component.preload = preload;
  return component;
}
