import { preloadRemote } from '@module-federation/enhanced/runtime';
import { loadRemotesConfig } from './config';

/**
 * The remotes a page address needs at once, for the areas a phone opens directly (mobile-first: never sent to the
 * mobile notice). The route table mounts the same remotes at the same prefixes.
 */
const FIRST_RENDER_REMOTES: readonly (readonly [prefix: string, remote: string])[] = [
  ['/play', 'mfe_player'],
  ['/account', 'mfe_account'],
];

/** The remote whose `./App` the page at `pathname` renders first, if it is one of the mobile-first areas. */
export function remoteForPath(pathname: string): string | null {
  const path = pathname.toLowerCase();
  for (const [prefix, remote] of FIRST_RENDER_REMOTES) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return remote;
  }
  return null;
}

/**
 * Starts fetching `/remotes.json` and the code of the remote the page renders first while the shell's own code is
 * still downloading, instead of after the shell has rendered: the remote's entry and its `./App` chunks are
 * preloaded, not run. A failure here is left to the route, which loads the remote itself and shows its error.
 */
export function preloadFirstRemote(pathname: string): void {
  const remote = remoteForPath(pathname);
  const config = loadRemotesConfig();
  if (!remote) {
    config.catch(() => undefined);
    return;
  }
  config
    .then(() => preloadRemote([{ nameOrAlias: remote, exposes: ['./App'] }]))
    .catch(() => undefined);
}
