import { toastStore, type ToastInput } from 'shared-kit';

/*
 * The shell's `window.__SHELL__` contract, declared here rather than imported: remotes never import the shell.
 * Running standalone there is no shell, so every use falls back to plain browser behaviour.
 */

export interface LeaveGuardRegistration {
  id: string;
  isDirty: () => boolean;
  onConfirm: () => void;
  modeSwitchPaths?: string[];
}

export interface ShellGlobal {
  version: number;
  leaveGuard: {
    register: (registration: LeaveGuardRegistration) => () => void;
    unregister: (id: string) => void;
  };
  toast: (toast: ToastInput) => boolean;
  reactToApiError: (error: unknown) => boolean;
  navigate: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
}

export function shell(): ShellGlobal | undefined {
  const candidate = (window as unknown as { __SHELL__?: ShellGlobal }).__SHELL__;
  return candidate && typeof candidate.navigate === 'function' ? candidate : undefined;
}

/** A toast through the shell's throttle; standalone, straight into the shared toast store. */
export function toast(input: ToastInput): void {
  const s = shell();
  if (s) s.toast(input);
  else toastStore.getState().show(input);
}

/** The shell-wide reaction to an API error (1007, 6001, region...); true when the shell handled it. */
export function shellReacts(error: unknown): boolean {
  return shell()?.reactToApiError(error) ?? false;
}

/** Registers an editor with the shell's leave guard; a no-op standalone. Returns the unregister call. */
export function registerLeaveGuard(registration: LeaveGuardRegistration): () => void {
  const s = shell();
  return s ? s.leaveGuard.register(registration) : () => undefined;
}
