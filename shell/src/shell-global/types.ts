// Self-contained on purpose (only shared-kit types): a remote can copy this file as its declaration of the global.
import type { ToastInput } from 'shared-kit';

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

/**
 * What the shell offers remotes on `window.__SHELL__`. Remotes never import the shell; they copy this type (or
 * read it from shared-kit once it moves there) and check that the global exists, since a remote running
 * standalone has no shell.
 */
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
  navigate: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
}

declare global {
  interface Window {
    __SHELL__?: ShellGlobal;
  }
}
