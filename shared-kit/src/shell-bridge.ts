import { StorageKey, storage } from './storage';
import { toastStore, type ToastInput } from './stores';

/**
 * The contract between the shell and its remotes: the shell publishes these services on `window.__SHELL__`;
 * remotes use them through the helpers below and never import the shell. A remote running standalone has no
 * shell, so every helper falls back to plain browser behaviour.
 */

/** What an editor tells the shell so that leaving it with unsaved work asks first. */
export interface LeaveGuardRegistration {
  /** Unique per mounted editor, e.g. `story-editor`. Registering the same id again replaces the entry. */
  id: string;
  /** Read at navigation time, so it always reflects the latest edits. */
  isDirty: () => boolean;
  /** Called when the user confirms leaving: the editor drops its unsaved state. */
  onConfirm: () => void;
  /** Extra path prefixes that count as a mode switch rather than quitting (besides story -> brainstorm). */
  modeSwitchPaths?: string[];
}

export interface ShellNavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** What the shell offers remotes on `window.__SHELL__`. */
export interface ShellGlobal {
  /** The contract version; bumped on an incompatible change. */
  version: 1;
  leaveGuard: {
    /** Guard an editor: navigation away while `isDirty()` asks first. Returns the unregister call. */
    register: (registration: LeaveGuardRegistration) => () => void;
    unregister: (id: string) => void;
  };
  /** Shows a toast through the shared throttle (one per 4 s); false when it was dropped. */
  toast: (toast: ToastInput) => boolean;
  /** The shell-wide reaction to an API error (spec §8); true when the shell handled the code. */
  reactToApiError: (error: unknown) => boolean;
  /** Navigates with the shell's router (same as react-router's `useNavigate` inside a remote). */
  navigate: (to: string, options?: ShellNavigateOptions) => void;
}

declare global {
  interface Window {
    __SHELL__?: ShellGlobal;
  }
}

/** The shell's services when running inside the shell, else undefined. */
export function shellServices(): ShellGlobal | undefined {
  if (typeof window === 'undefined') return undefined;
  const candidate = window.__SHELL__;
  return candidate && typeof candidate.navigate === 'function' ? candidate : undefined;
}

/** A toast through the shell's throttle; standalone, straight into the shared toast store. */
export function shellToast(input: ToastInput): boolean {
  const s = shellServices();
  return s ? s.toast(input) : toastStore.getState().show(input);
}

/** The shell-wide reaction to an API error (1007, 6001, region...); true when the shell handled the code. */
export function shellReacts(error: unknown): boolean {
  return shellServices()?.reactToApiError(error) ?? false;
}

/** Goes to a path with the shell's router when there is one, else with a full page load. */
export function shellNavigate(to: string, options?: ShellNavigateOptions): void {
  const s = shellServices();
  if (s) {
    if (options) s.navigate(to, options);
    else s.navigate(to);
  } else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** Registers an editor with the shell's leave guard; standalone, nothing guards and the unregister is a no-op. */
export function registerLeaveGuard(registration: LeaveGuardRegistration): () => void {
  return shellServices()?.leaveGuard.register(registration) ?? (() => undefined);
}

/** Remembers where the visitor was (path, query and hash) and opens the log-in page, which returns there. */
export function goToLogin(): void {
  const { pathname, search, hash } = window.location;
  storage.set(StorageKey.LoginRedirect, `${pathname}${search}${hash}`);
  shellNavigate('/login');
}
