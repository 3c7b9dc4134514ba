/**
 * Threads (spec sections 1, 3, 5): a player's shared segment of their own play, a title and the message groups
 * chosen (a group is one turn: the player's line and the replies to it). The spec names the limits without values:
 * the title length is ours; the group selection limit and the daily post limit come from the api's configuration
 * (`THREAD_GROUP_LIMIT`, `THREAD_DAILY_LIMIT`), answered by `GET /api/tyler/thread/groups`.
 */
export const THREAD_LIMITS = {
  title: 40,
  /** Defaults of the configured limits. */
  groupDefault: 20,
  dailyDefault: 20,
} as const;

/** A thread's id: `fe` and a numeric id (never a story's id, which is digits only or a 24-character hex id). */
export const THREAD_ID = /^fe\d{19}$/;
export const isThreadId = (id: string): boolean => THREAD_ID.test(id);

/** Why a message group of a play cannot go into a thread (`GET /api/tyler/thread/groups`). */
export const ThreadGroupBlock = {
  /** A line of it was flagged by the safety review: unselect it first. */
  Flagged: 'flagged',
  /** Its reply is still being written, or did not go through. */
  Unfinished: 'unfinished',
} as const;
export type ThreadGroupBlock = (typeof ThreadGroupBlock)[keyof typeof ThreadGroupBlock];
