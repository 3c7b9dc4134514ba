import { ErrorCode, isApiError, type StoryIssue } from 'shared-kit';
import { messageForError } from 'ui-kit';

/** The message to show for a failed call, in the UI language (the client's own for a known code, else the server's). */
export const errorText = messageForError;

/** The api refuses a save based on an outdated version with this code (nothing is written). */
export const STALE_SAVE_CODE = ErrorCode.ConcurrentOperation;

export function isStaleSave(error: unknown): boolean {
  return isApiError(error) && error.code === STALE_SAVE_CODE;
}

function isIssue(value: unknown): value is StoryIssue {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.path === 'string' && typeof v.type === 'number' && typeof v.message === 'string';
}

/** Refusals whose `data.errors` name fields: the section 5 rules, and a custom voice that cannot be published with. */
export const FIELD_ERROR_CODES = new Set<number>([ErrorCode.ClientParamError, ErrorCode.DubbingErrorOnPublish]);

/** The section 5 issues the api sent with a refused save (`data.errors`), or null when it sent none. */
export function serverIssues(error: unknown): StoryIssue[] | null {
  if (!isApiError(error) || !FIELD_ERROR_CODES.has(error.code)) return null;
  const data = error.data as { errors?: unknown } | undefined;
  if (!data || !Array.isArray(data.errors)) return null;
  const issues = data.errors.filter(isIssue);
  return issues.length > 0 ? issues : null;
}
