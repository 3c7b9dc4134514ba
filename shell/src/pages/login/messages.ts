import { CODE_RETRY_SECONDS, ErrorCode, isApiError } from 'shared-kit';
import { formatDate, messageForCode, uiMessage } from 'ui-kit';
import { shellT } from '../../i18n';

/** The reasons the passport API puts in `data.reason` for phone and code outcomes (docs/api.md, Passport). */
export const LOGIN_REASONS = {
  invalidPhone: 'invalid_phone',
  codeIncorrect: 'code_incorrect',
  codeExpired: 'code_expired',
  codeNotSent: 'code_not_sent',
  tooManyAttempts: 'too_many_attempts',
} as const;

function dataOf(error: { data?: unknown }): Record<string, unknown> {
  return typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};
}

/** "Too many attempts, try again in N seconds" with the wait the API gives (60 when it gives none). */
export function tooManyAttemptsMessage(seconds: unknown): string {
  const wait =
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
      ? Math.ceil(seconds)
      : CODE_RETRY_SECONDS;
  return shellT('login.tooManyAttempts', { count: wait });
}

/** A login ban (1015): "Your account is suspended until <date>", with the reason when the api gives one. */
export function bannedMessage(data: Record<string, unknown>): string {
  const until = typeof data.login_until === 'string' ? data.login_until : null;
  if (!until) return messageForCode(ErrorCode.UserBanned, '');
  const date = formatDate(until, { dateStyle: 'medium', timeStyle: 'short' });
  const reason = typeof data.reason === 'string' && data.reason !== '' ? data.reason : null;
  return reason ? shellT('login.bannedReason', { date, reason }) : shellT('login.banned', { date });
}

export interface LoginProblem {
  message: string;
  /** Which field the message belongs to, so it is shown beside it. */
  field: 'phone' | 'code' | 'form';
  /** Seconds the API asks to wait before trying again. */
  retryAfter?: number;
}

/**
 * The spec's message for a failed send or login (§8: code expired, incorrect or not sent; too many attempts;
 * invalid phone number). Other failures show the client's message for their code, else the server's, else "Login
 * failed".
 */
export function loginProblem(error: unknown): LoginProblem {
  if (!isApiError(error)) return { message: uiMessage('loginFailed'), field: 'form' };
  const data = dataOf(error);
  switch (data.reason) {
    case LOGIN_REASONS.invalidPhone:
      return { message: uiMessage('invalidPhone'), field: 'phone' };
    case LOGIN_REASONS.codeIncorrect:
      return { message: uiMessage('codeIncorrect'), field: 'code' };
    case LOGIN_REASONS.codeExpired:
      return { message: uiMessage('codeExpired'), field: 'code' };
    case LOGIN_REASONS.codeNotSent:
      return { message: uiMessage('codeNotSent'), field: 'code' };
    case LOGIN_REASONS.tooManyAttempts: {
      const retryAfter = typeof data.retry_after_s === 'number' ? data.retry_after_s : CODE_RETRY_SECONDS;
      return { message: tooManyAttemptsMessage(retryAfter), field: 'form', retryAfter };
    }
    default:
      break;
  }
  if (error.code === ErrorCode.RequestOverLimit || error.code === ErrorCode.RateLimit) {
    return { message: tooManyAttemptsMessage(data.retry_after_s), field: 'form' };
  }
  if (error.code === ErrorCode.UserBanned) return { message: bannedMessage(data), field: 'form' };
  if (error.code === ErrorCode.BackendNetworkError || error.code === ErrorCode.Timeout) {
    // The passport names what failed (the text message could not be sent...): more useful than a generic line.
    return { message: error.statusMessage || uiMessage('networkError'), field: 'form' };
  }
  return { message: messageForCode(error.code, error.statusMessage || uiMessage('loginFailed')), field: 'form' };
}
