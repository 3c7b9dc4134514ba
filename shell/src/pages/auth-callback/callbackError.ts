import { ApiError, ErrorCode } from 'shared-kit';
import { uiMessage } from 'ui-kit';
import { shellT } from '../../i18n';

/** Codes the api passes through `?error=` that get the shell's usual reaction rather than a message here. */
const REACTION_CODES: ReadonlySet<number> = new Set([
  ErrorCode.AreaForbidden,
  ErrorCode.AreaForbiddenWithFeedback,
  ErrorCode.SwipeOut,
]);

export type CallbackFailure = { kind: 'message'; message: string } | { kind: 'reaction'; error: ApiError };

/**
 * What `/auth/callback?error=` means (docs/api.md, "Errors on /auth/callback"): `authorization_failed`,
 * `login_failed`, or a numeric account-rule code. Anything else is shown as "Login failed".
 */
export function callbackFailure(error: string): CallbackFailure {
  // Spec §8: "authorization failed or cancelled".
  if (error === 'authorization_failed') return { kind: 'message', message: shellT('login.authorizationFailed') };
  if (/^\d{1,9}$/.test(error)) {
    const code = Number(error);
    if (REACTION_CODES.has(code)) return { kind: 'reaction', error: new ApiError(code) };
  }
  return { kind: 'message', message: uiMessage('loginFailed') };
}
