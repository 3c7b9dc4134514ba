import { errorName, isApiError } from 'shared-kit';
import type { ErrorsCatalogue } from '../locales/errors.en';
import { i18n } from './instance';

/**
 * The client's own message for an error code of the spec's catalogue (§8), in the UI language; for a code it does
 * not know, the server's status_message, else a generic "request failed".
 */
export function messageForCode(code: number, serverMessage?: string | null): string {
  const name = errorName(code);
  const key = `errors:code.${name ?? ''}`;
  if (name && i18n.exists(key)) return i18n.t(key);
  if (typeof serverMessage === 'string' && serverMessage.trim() !== '') return serverMessage;
  return i18n.t('errors:ui.requestFailed');
}

/** A message of the spec not tied to a code (network error, save failed...), in the UI language. */
export function uiMessage(key: keyof ErrorsCatalogue['ui'], values: Record<string, string | number> = {}): string {
  return i18n.t(`errors:ui.${key}`, values);
}

/**
 * The message for a failed call, in the UI language: `messageForCode` for an api error (the client's words for the
 * code, else the server's), the network-error message when no answer came.
 */
export function messageForError(error: unknown): string {
  if (isApiError(error)) return messageForCode(error.code, error.statusMessage);
  return uiMessage('networkError');
}
