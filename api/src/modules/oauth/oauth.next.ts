/** Longest `next` we carry through a sign-in; real app paths are far shorter. */
export const NEXT_MAX_LENGTH = 512;

const PROBE_ORIGIN = 'http://next.invalid';

/**
 * A path on our own origin: starts with one slash, no scheme, no host, no backslash (browsers read `/\evil` as
 * `//evil`), no control characters (a tab or newline inside `/\t/evil` is dropped by URL parsers).
 */
export function isSafeNextPath(value: string): boolean {
  if (value.length === 0 || value.length > NEXT_MAX_LENGTH) return false;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}
