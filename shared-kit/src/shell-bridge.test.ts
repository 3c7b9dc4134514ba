/** @jest-environment jsdom */
import { StorageKey, storage } from './storage';
import { resetStores, toastStore } from './stores';
import {
  goToLogin,
  registerLeaveGuard,
  shellNavigate,
  shellReacts,
  shellServices,
  shellToast,
  type ShellGlobal,
} from './shell-bridge';

function fakeShell(): ShellGlobal & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    version: 1,
    leaveGuard: {
      register: (r) => {
        calls.push(`register:${r.id}`);
        return () => calls.push(`unregister:${r.id}`);
      },
      unregister: (id) => calls.push(`unregister:${id}`),
    },
    toast: (t) => {
      calls.push(`toast:${t.message}`);
      return true;
    },
    reactToApiError: () => {
      calls.push('react');
      return true;
    },
    navigate: (to, options) => calls.push(`navigate:${to}:${options?.replace ? 'replace' : 'push'}`),
  };
}

afterEach(() => {
  delete window.__SHELL__;
  resetStores();
  window.localStorage.clear();
});

describe('inside the shell', () => {
  it('routes every helper to the services the shell published', () => {
    const shell = fakeShell();
    window.__SHELL__ = shell;
    expect(shellServices()).toBe(shell);
    expect(shellToast({ type: 'info', message: 'hi' })).toBe(true);
    expect(shellReacts(new Error('x'))).toBe(true);
    shellNavigate('/play', { replace: true });
    const unregister = registerLeaveGuard({
      id: 'story-editor',
      isDirty: () => true,
      onConfirm: () => undefined,
    });
    unregister();
    expect(shell.calls).toEqual([
      'toast:hi',
      'react',
      'navigate:/play:replace',
      'register:story-editor',
      'unregister:story-editor',
    ]);
  });

  it('remembers the current path before going to log in', () => {
    const shell = fakeShell();
    window.__SHELL__ = shell;
    window.history.pushState({}, '', '/play/story/42?x=1#end');
    goToLogin();
    expect(storage.get(StorageKey.LoginRedirect)).toBe('/play/story/42?x=1#end');
    expect(shell.calls).toEqual(['navigate:/login:push']);
  });
});

describe('standalone, without a shell', () => {
  it('ignores a global that is not the shell contract', () => {
    (window as unknown as { __SHELL__: unknown }).__SHELL__ = { version: 1 };
    expect(shellServices()).toBeUndefined();
  });

  it('shows toasts in the shared store, reacts to nothing, and guards nothing', () => {
    expect(shellToast({ type: 'error', message: 'Save failed' })).toBe(true);
    expect(toastStore.getState().current?.message).toBe('Save failed');
    expect(shellReacts(new Error('x'))).toBe(false);
    const unregister = registerLeaveGuard({ id: 'e', isDirty: () => true, onConfirm: () => undefined });
    expect(() => unregister()).not.toThrow();
  });
});
