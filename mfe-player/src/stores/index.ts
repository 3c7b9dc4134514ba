import { resetFeedStore } from './feed/store';
import { resetPlayStore } from './play/store';

/** Every store of the player back to its initial state (tests). */
export function resetPlayerStores(): void {
  resetFeedStore();
  resetPlayStore();
}
