/**
 * What `/auth/callback?error=` carries when a provider sign-in does not end in a session:
 * - `authorization_failed`: the provider refused or the user cancelled, or the response does not belong to the
 *   flow this browser started (state missing, expired or different). Message: "Authorization failed or cancelled".
 * - `login_failed`: the provider said yes but we could not complete it (code exchange, token validation, user info,
 *   an unreachable provider, our own fault). Message: "Login failed".
 * A refusal by the account rules (blocked region 1010106, login ban 1015) is passed on as its numeric code.
 */
export type OAuthFailureCode = 'authorization_failed' | 'login_failed';

/** A failed sign-in step; `reason` is for the log only, never shown to the browser. */
export class OAuthFlowError extends Error {
  readonly code: OAuthFailureCode;
  constructor(code: OAuthFailureCode, reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'OAuthFlowError';
    this.code = code;
  }
}
