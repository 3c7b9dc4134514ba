import { StorageKey, storage } from 'shared-kit';
import { goToShellPage } from './shell';

/** Remembers where the player was (path, query and hash) and opens the log-in page, which returns there. */
export function goToLogin(): void {
  const { pathname, search, hash } = window.location;
  storage.set(StorageKey.LoginRedirect, `${pathname}${search}${hash}`);
  goToShellPage('/login');
}
