import { LIMITS, NONE_STYLE_WORDS, RESERVED_CHARACTER_NAMES } from './constants';
import { ValidationErrorType } from './enums';

/**
 * Field rules of spec section 5 that both the editor and the API check. Each returns null when valid, or the
 * error type with a short English reason.
 */
export interface FieldError {
  type: ValidationErrorType;
  message: string;
}

const fold = (s: string): string => s.replace(/\s+/g, '').toLowerCase();
const length = (s: string): number => Array.from(s).length;

// Spec: no special characters such as @ # $ % ^ & * + = ~ ` | \ < > brackets, commas, periods (ASCII and full-width).
const NAME_SPECIALS = /[@#$%^&*+=~`|\\<>()[\]{}（）【】「」《》,，.。]/;

/** A character name: required, max 30, no special characters or edge spaces, not reserved, unique. */
export function checkCharacterName(name: unknown, otherNames: readonly string[] = []): FieldError | null {
  if (typeof name !== 'string' || name.trim() === '') {
    return { type: ValidationErrorType.Required, message: 'Name is required' };
  }
  if (length(name) > LIMITS.characterName) {
    return { type: ValidationErrorType.Limit, message: `Name must be at most ${LIMITS.characterName} characters` };
  }
  if (name !== name.trim()) {
    return { type: ValidationErrorType.CheckFailed, message: 'Name must not start or end with a space' };
  }
  if (NAME_SPECIALS.test(name)) {
    return { type: ValidationErrorType.CheckFailed, message: 'Name must not contain special characters' };
  }
  if (RESERVED_CHARACTER_NAMES.some((r) => fold(r) === fold(name))) {
    return { type: ValidationErrorType.CheckFailed, message: 'This name is reserved' };
  }
  if (otherNames.some((n) => n === name)) {
    return { type: ValidationErrorType.CheckFailed, message: 'Name already used' };
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
