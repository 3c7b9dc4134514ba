import { resetBlockedStore } from './blocked/store';
import { resetInboxStore } from './inbox/store';
import { resetProfileStore } from './profile/store';
import { resetSettingsStore } from './settings/store';

/** Every store of the account area back to its initial state (tests; also after the account is gone). */
export function resetAccountStores(): void {
  resetProfileStore();
  resetSettingsStore();
  resetBlockedStore();
  resetInboxStore();
}
