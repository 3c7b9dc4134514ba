import { preloadRemote } from '@module-federation/enhanced/runtime';
import { loadRemotesConfig } from './config';
import { remoteForPath } from './first-render';

export { remoteForPath };

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
