import { toastStore } from 'shared-kit';
import { reactToApiError, type ReactionContext } from '../errors/reactions';
import { leaveGuard } from '../leave-guard/store';
import type { ShellGlobal } from './types';

/** Publishes the shell's services for remotes on `window.__SHELL__`; the context is read at call time. */
export function installShellGlobal(context: () => ReactionContext): ShellGlobal {
  const shell: ShellGlobal = {
    version: 1,
    leaveGuard,
    toast: (toast) => toastStore.getState().show(toast),
    reactToApiError: (error) => reactToApiError(error, context()),
    navigate: (to, options) => context().navigate(to, options),
  };
  window.__SHELL__ = Object.freeze(shell);
  return shell;
}
