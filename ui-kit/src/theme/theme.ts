import { StorageKey, storage } from 'shared-kit';
import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
export const THEMES: readonly Theme[] = ['light', 'dark'];

const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

function systemTheme(): Theme {
  try {
    return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** The stored theme (spec §9: under the common storage-key prefix), else the system's preference. */
export function getTheme(): Theme {
  const stored = storage.get(StorageKey.Theme);
  return isTheme(stored) ? stored : systemTheme();
}

/** Puts the theme on the document root, where the kit's tokens read it (`[data-theme]`). */
export function applyTheme(theme: Theme = getTheme()): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

/** Stores and applies a theme; every `useTheme` re-renders. */
export function setTheme(theme: Theme): void {
  storage.set(StorageKey.Theme, theme);
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, getTheme, () => 'light' as Theme);
  return [theme, setTheme];
}

// The stored theme is on the page from the kit's first import, before anything renders.
applyTheme();
