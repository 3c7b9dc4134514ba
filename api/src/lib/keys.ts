import { randomInt } from 'node:crypto';
import { ErrorCode } from 'shared-kit';
import { AppError } from './errors';

/*
 * Sort keys for cursor paging. A list is one string field holding `<owner>|<order>|<id>`, indexed after the owner's
 * field (`{ owner: 1, key: 1 }`): a page is the owner's run of that index from the cursor (`$gt` the cursor, `$lt`
 * the owner's end), read in index order and cut at the page size. It costs the same with 100 rows as with 100,000,
 * on MongoDB and on the embedded database alike (which walks such a run and stops at the limit). The cursor handed
 * to the client is the last key of its page.
 */

const MAX_MS = 9_999_999_999_999;

/** Newest first: the time counted down from a far date, zero-padded so strings sort as numbers. */
export function newestPart(at: Date): string {
  return String(MAX_MS - at.getTime()).padStart(13, '0');
}

/** Oldest first. */
export function oldestPart(at: Date): string {
  return String(at.getTime()).padStart(13, '0');
}

/** Most first: a count counted down (never negative). */
export function mostPart(n: number): string {
  return String(999_999_999 - Math.max(0, Math.min(999_999_999, n))).padStart(9, '0');
}

export function sortKey(owner: string, ...parts: string[]): string {
  return [owner, ...parts].join('|');
}

/**
 * The key range of `owner`'s list after `cursor`: a cursor of another list is a parameter error, not another
 * owner's rows.
 */
export function pageRange(owner: string, cursor: string | undefined): { $gt: string; $lt: string } {
  const start = `${owner}|`;
  if (cursor !== undefined && cursor !== '' && !cursor.startsWith(start)) {
    throw new AppError(ErrorCode.ClientParamError, 'cursor: does not belong to this list');
  }
  return { $gt: cursor || start, $lt: `${owner}|\uffff` };
}

let lastMs = -1;
let seq = 0;

/**
 * A numeric id (milliseconds then six digits) that grows within this process even for ids made in the same
 * millisecond, so "newest first" among them is the order they were made. Another process's ids of the same
 * millisecond interleave; the unique index catches a collision and the caller retries.
 */
export function sequentialId(now: number): string {
  if (now === lastMs && seq < 999_999) seq += 1;
  else {
    lastMs = now;
    seq = randomInt(0, 500_000);
  }
  return `${now}${String(seq).padStart(6, '0')}`;
}

const ID_MAX = 10n ** 19n - 1n;

/** Newest first by a `sequentialId`. */
export function newestById(id: string): string {
  return /^\d{19}$/.test(id) ? String(ID_MAX - BigInt(id)).padStart(19, '0') : id;
}
