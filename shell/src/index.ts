import { preloadFirstRemote } from './remotes/preload';

// What the first screen needs after the shell's own code downloads alongside it: /remotes.json and the remote the
// page shows, and the api client's code (the session check is the first call of every page).
preloadFirstRemote(window.location.pathname);
void import('shared-kit').then(({ preloadApiClient }) => preloadApiClient()).catch(() => undefined);

// The async boundary that lets module federation negotiate shared singletons before any of them is used.
import('./bootstrap');
