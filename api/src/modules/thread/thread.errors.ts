import { ErrorCode } from 'shared-kit';
import { AppError, paramError } from '../../lib/errors';

/** 1050001 naming `thread_id`: no such thread, or one the caller may not see (deleted, removed, across a block). */
export const threadNotFound = (): AppError => new AppError(ErrorCode.RecordNotFound, 'No such thread', { data: { field: 'thread_id' } });
/** 1009 naming the chosen message group at `index`. */
export const badGroup = (index: number, message: string): AppError => paramError([{ path: `group_ids.${index}`, message }]);
/** 1020602 naming the group: a line of it was flagged by the safety review; it must be unselected first. */
export const flaggedGroup = (index: number): AppError =>
  new AppError(ErrorCode.DialogueReviewNotPassed, `group_ids.${index}: flagged by the review; unselect it first`, { data: { field: `group_ids.${index}`, reason: 'flagged' } });
/** 1201 naming `play_id`: the story's creator turned threads off (`permission.thread_share`), posting disabled by creator. */
export const threadsOff = (): AppError =>
  new AppError(ErrorCode.NoPermission, 'play_id: posting disabled by creator', { data: { field: 'play_id', reason: 'thread_share_off' } });
/** 1021002 naming `thread`: the daily post limit. */
export const dailyLimit = (limit: number): AppError =>
  new AppError(ErrorCode.TooManyToday, `thread: at most ${limit} threads a day`, { data: { field: 'thread', limit } });
