// The passport module's face: what other modules may use. Everything else in this folder is its own.
export { completeLogin } from './login.service';
export { parsePhone } from './phone';
export { type AccountsRuntime } from './runtime';
export { Session } from '../users';
export { revokeAllSessions, revokeSession } from './session.service';
export { PhoneFailure, SmsCode } from './smsCode.model';
// For the call socket: its handshake signs in from the same session cookie as HTTP.
export { resolveToken } from './session.service';
export { tokenFromCookieHeader } from './cookie';
