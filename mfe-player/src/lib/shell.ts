import { toastStore, type ToastInput } from 'shared-kit';

/**
 * The part of the shell's `window.__SHELL__` contract this remote uses, copied from the shell's declaration:
 * remotes never import the shell, and standalone (no shell) every use falls back to plain browser behaviour.
 */
interface ShellServices {
  version: number;
  toast: (toast: ToastInput) => boolean;
  reactToApiError: (error: unknown) => boolean;
  navigate: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
}

function shell(): ShellServices | undefined {
  const candidate = (window as unknown as { __SHELL__?: ShellServices }).__SHELL__;
  return candidate && typeof candidate.navigate === 'function' ? candidate : undefined;
}

/** A toast through the shell's throttle; standalone, straight into the shared toast store. */
export function toast(input: ToastInput): void {
  const s = shell();
  if (s) s.toast(input);
  else toastStore.getState().show(input);
}

/** The shell-wide reaction to an API error (6001, region...); true when the shell handled the code. */
export function shellReacts(error: unknown): boolean {
  return shell()?.reactToApiError(error) ?? false;
}

/** Leaves the player for a shell page (`/login`), with the shell's router when there is one. */
export function goToShellPage(path: string): void {
  const s = shell();
  if (s) s.navigate(path);
  else window.location.assign(path);
}
