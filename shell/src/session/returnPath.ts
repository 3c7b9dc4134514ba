import { StorageKey, storage } from 'shared-kit';

export const DEFAULT_RETURN_PATH = '/editor';
const NEXT_MAX_LENGTH = 512;

/**
 * A remembered path is only followed when it stays on this site: one leading slash, not `//` or `/\` (another
 * host), no control characters, and not the login pages again (that would loop).
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > NEXT_MAX_LENGTH) return DEFAULT_RETURN_PATH;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return DEFAULT_RETURN_PATH;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
  if (/[\u0000-\u001f\u007f]/.test(value)) return DEFAULT_RETURN_PATH;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/'))
    return DEFAULT_RETURN_PATH;
  if (value.startsWith('/auth/')) return DEFAULT_RETURN_PATH;
  return value;
}

/** Where to go after signing in (`StorageKey.LoginRedirect`, default `/editor`). */
export function rememberedPath(): string {
  return safeReturnPath(storage.get(StorageKey.LoginRedirect));
}

/** Stores a path to come back to, when it is a safe one. */
export function rememberPath(path: string | null | undefined): void {
  const safe = safeReturnPath(path);
  if (safe === path) storage.set(StorageKey.LoginRedirect, safe);
}

/** The remembered path, forgotten once it is used. */
export function takeRememberedPath(): string {
  const path = rememberedPath();
  storage.remove(StorageKey.LoginRedirect);
  return path;
}
