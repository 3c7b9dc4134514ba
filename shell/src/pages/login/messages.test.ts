import { ApiError, ErrorCode, UI_MESSAGES } from 'shared-kit';
import { loginProblem, tooManyAttemptsMessage } from './messages';

const invalid = (reason: string, extra: Record<string, unknown> = {}) =>
  new ApiError(ErrorCode.InvalidParam, 'server words', { reason, ...extra });

describe('loginProblem', () => {
  it.each([
    ['invalid_phone', UI_MESSAGES.invalidPhone, 'phone'],
    ['code_incorrect', UI_MESSAGES.codeIncorrect, 'code'],
    ['code_expired', UI_MESSAGES.codeExpired, 'code'],
    ['code_not_sent', UI_MESSAGES.codeNotSent, 'code'],
  ])('%s -> %s beside the %s field', (reason, message, field) => {
    expect(loginProblem(invalid(reason))).toEqual({ message, field });
  });

  it('gives the wait the API asks for on too many attempts', () => {
    const error = new ApiError(ErrorCode.RateLimit, 'x', { reason: 'too_many_attempts', retry_after_s: 42 });
    expect(loginProblem(error)).toEqual({
      message: 'Too many attempts, try again in 42 seconds',
      field: 'form',
      retryAfter: 42,
    });
  });

  it('falls back to 60 seconds when no wait is given', () => {
    expect(loginProblem(new ApiError(ErrorCode.RateLimit)).message).toBe(UI_MESSAGES.tooManyAttempts);
  });

  it('shows the server message for other codes, "Login failed" for non-API failures', () => {
    expect(
      loginProblem(
        new ApiError(ErrorCode.BackendNetworkError, 'The code could not be sent, try again later'),
      ),
    ).toEqual({
      message: 'The code could not be sent, try again later',
      field: 'form',
    });
    expect(loginProblem(new Error('boom'))).toEqual({ message: UI_MESSAGES.loginFailed, field: 'form' });
  });
});

describe('tooManyAttemptsMessage', () => {
  it.each([
    [1, 'Too many attempts, try again in 1 second'],
    [59.2, 'Too many attempts, try again in 60 seconds'],
    [-3, 'Too many attempts, try again in 60 seconds'],
    ['soon', 'Too many attempts, try again in 60 seconds'],
  ])('%j', (seconds, message) => {
    expect(tooManyAttemptsMessage(seconds)).toBe(message);
  });
});
