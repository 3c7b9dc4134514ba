import { randomInt } from 'node:crypto';

/**
 * A numeric-looking id: milliseconds then six random digits. Sorts roughly by creation and is hard to guess
 * in sequence; the unique index catches the rare collision and the caller retries.
 */
export function newNumericId(now: number): string {
  return `${now}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}
