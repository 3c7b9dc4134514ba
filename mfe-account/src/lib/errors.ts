import { ErrorCode, isApiError } from 'shared-kit';
import { messageForError } from 'ui-kit';

/** The message to show for a failed call, in the UI language (the client's own for a known code, else the server's). */
export const errorText = messageForError;

export function isNeedLogin(error: unknown): boolean {
  return isApiError(error) && error.code === ErrorCode.NeedLogin;
}

export type ProfileField = 'nickname' | 'username' | 'avatar';

const FIELD_OF_CODE: Record<number, ProfileField> = {
  [ErrorCode.NicknameIllegal]: 'nickname',
  [ErrorCode.NicknameLengthExceeded]: 'nickname',
  [ErrorCode.NicknameNotPassed]: 'nickname',
  [ErrorCode.UsernameRuleIllegal]: 'username',
  [ErrorCode.UsernameFormatError]: 'username',
  [ErrorCode.UsernameDuplicate]: 'username',
  [ErrorCode.UserIdDuplicate]: 'username',
  [ErrorCode.UsernameNotPassed]: 'username',
  [ErrorCode.AvatarFormatError]: 'avatar',
  [ErrorCode.AvatarNotPassed]: 'avatar',
};

/** Which form field a save error belongs to, so it shows beside that field; undefined for form-wide errors. */
export function fieldOfError(error: unknown): ProfileField | undefined {
  return isApiError(error) ? FIELD_OF_CODE[error.code] : undefined;
}
