import { ErrorCode, UI_MESSAGES, isApiError } from 'shared-kit';

/** The message to show for a failed call: the server's own wording when it sent one. */
export function errorText(error: unknown): string {
  if (isApiError(error)) return error.statusMessage;
  // Every call goes through the api client, which turns failures into ApiErrors; other errors are the page's own.
  if (error instanceof Error && error.message) return error.message;
  return UI_MESSAGES.networkError;
}

export function errorCode(error: unknown): number | null {
  return isApiError(error) ? error.code : null;
}

export function isNeedLogin(error: unknown): boolean {
  return isApiError(error) && error.code === ErrorCode.NeedLogin;
}

/** The `data` an error envelope carried, when it is an object. */
export function errorData(error: unknown): Record<string, unknown> {
  if (!isApiError(error)) return {};
  const data = error.data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}
