import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code (and its Radix primitive) loads on first render, outside the first paint of every app:
 * the kit is a shared singleton, bundled whole, so its heavy parts are split off here. `fallback` renders while the
 * chunk loads (nothing by default).
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
): (props: P) => ReactNode {
  const Lazy = lazy(async () => ({ default: await load() }));
  function Deferred(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Deferred;
}
