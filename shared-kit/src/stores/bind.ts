import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';

export type BoundHook<S> = {
  (): S;
  <U>(selector: (state: S) => U): U;
} & StoreApi<S>;

/**
 * A React hook over a vanilla store that also carries the store's API (`useX.getState()`), so components and
 * plain modules share one instance.
 */
export function bindHook<S>(store: StoreApi<S>): BoundHook<S> {
  function useBound(): S;
  function useBound<U>(selector: (state: S) => U): U;
  function useBound<U>(selector?: (state: S) => U): S | U {
    // The identity selector is the same function on every render, keeping useSyncExternalStore stable.
    return useStore(store, selector ?? (identity as (state: S) => U));
  }
  return Object.assign(useBound, store);
}

function identity<T>(x: T): T {
  return x;
}
