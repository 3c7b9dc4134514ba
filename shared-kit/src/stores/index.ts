import { resetSessionStore } from './session';
import { resetToastStore } from './toast';

export * from './session';
export * from './toast';
export type { BoundHook } from './bind';

/** Back to initial state, with timers cleared; for tests (zustand testing guide: reset between tests). */
export function resetStores(): void {
  resetSessionStore();
  resetToastStore();
}
