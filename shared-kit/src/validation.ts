import { LIMITS, NONE_STYLE_WORDS, RESERVED_CHARACTER_NAMES } from './constants';
import { ValidationErrorType } from './enums';
import { issueEnglish, type IssueCode, type IssueValues } from './story/issues';

/**
 * Field rules of spec section 5 that both the editor and the API check. Each returns null when valid, or the
 * error type with a short English reason.
 */
export interface FieldError {
  type: ValidationErrorType;
  message: string;
  /** What a client translates (see ISSUE_MESSAGES). */
  code: IssueCode;
  values?: IssueValues;
}

const fieldError = (type: ValidationErrorType, code: IssueCode, values?: IssueValues): FieldError => ({
  type,
  message: issueEnglish(code, values),
  code,
  ...(values ? { values } : {}),
});

const fold = (s: string): string => s.replace(/\s+/g, '').toLowerCase();
const length = (s: string): number => Array.from(s).length;

// Spec: no special characters such as @ # $ % ^ & * + = ~ ` | \ < > brackets, commas, periods (ASCII and full-width).
const NAME_SPECIALS = /[@#$%^&*+=~`|\\<>()[\]{}（）【】「」《》,，.。]/;

/** A character name: required, max 30, no special characters or edge spaces, not reserved, unique. */
export function checkCharacterName(name: unknown, otherNames: readonly string[] = []): FieldError | null {
  if (typeof name !== 'string' || name.trim() === '') {
    return fieldError(ValidationErrorType.Required, 'nameRequired');
  }
  if (length(name) > LIMITS.characterName) {
    return fieldError(ValidationErrorType.Limit, 'nameTooLong', { max: LIMITS.characterName });
  }
  if (name !== name.trim()) {
    return fieldError(ValidationErrorType.CheckFailed, 'nameEdgeSpace');
  }
  if (NAME_SPECIALS.test(name)) {
    return fieldError(ValidationErrorType.CheckFailed, 'nameSpecial');
  }
  if (RESERVED_CHARACTER_NAMES.some((r) => fold(r) === fold(name))) {
    return fieldError(ValidationErrorType.CheckFailed, 'nameReserved');
  }
  if (otherNames.some((n) => n === name)) {
    return fieldError(ValidationErrorType.CheckFailed, 'nameUsed');
  }
  return null;
}

/** Username (User ID): 4-16 letters, digits and underscores, not only digits. */
export function isValidUsername(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (value.length < LIMITS.usernameMin || value.length > LIMITS.usernameMax) return false;
  return /^[A-Za-z0-9_]+$/.test(value) && !/^\d+$/.test(value);
}

/** Nickname: 2-30 characters after trimming. */
export function isValidNickname(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const n = length(value.trim());
  return n >= LIMITS.nicknameMin && n <= LIMITS.nicknameMax;
}

/** A plot ending that only says "none" ('无', 'No', 'None', any case or spacing) counts as no ending. */
export function isNoneStyleEnding(value: string): boolean {
  const f = fold(value);
  return NONE_STYLE_WORDS.some((w) => fold(w) === f);
}
