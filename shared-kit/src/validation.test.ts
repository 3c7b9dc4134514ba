import { ValidationErrorType } from './enums';
import { checkCharacterName, isNoneStyleEnding, isValidNickname, isValidUsername } from './validation';

describe('checkCharacterName', () => {
  it('accepts a plain unique name', () => {
    expect(checkCharacterName('Mira', ['Tom'])).toBeNull();
    expect(checkCharacterName('x'.repeat(30))).toBeNull();
  });
  it('reports the spec error kinds', () => {
    expect(checkCharacterName('   ')?.type).toBe(ValidationErrorType.Required);
    expect(checkCharacterName({ $ne: null })?.type).toBe(ValidationErrorType.Required);
    expect(checkCharacterName('x'.repeat(31))?.type).toBe(ValidationErrorType.Limit);
    expect(checkCharacterName(' Mira')?.message).toBe('Name must not start or end with a space');
    expect(checkCharacterName('Mi.ra')?.message).toBe('Name must not contain special characters');
    expect(checkCharacterName('Mi【ra')?.message).toBe('Name must not contain special characters');
    expect(checkCharacterName('Mira', ['Mira'])?.message).toBe('Name already used');
  });
  it('rejects reserved names ignoring case and spaces', () => {
    for (const n of ['user', 'PLAYER', 'Narr ator', '旁白']) {
      expect(checkCharacterName(n)?.message).toBe('This name is reserved');
    }
  });
});

describe('account fields', () => {
  it('checks usernames at 4 and 16, and not only digits', () => {
    expect(isValidUsername('abc')).toBe(false);
    expect(isValidUsername('abcd')).toBe(true);
    expect(isValidUsername('a'.repeat(16))).toBe(true);
    expect(isValidUsername('a'.repeat(17))).toBe(false);
    expect(isValidUsername('123456')).toBe(false);
    expect(isValidUsername('user-1')).toBe(false);
    expect(isValidUsername('user_1')).toBe(true);
  });
  it('checks nicknames at 2 and 30', () => {
    expect(isValidNickname('a')).toBe(false);
    expect(isValidNickname('ab')).toBe(true);
    expect(isValidNickname('a'.repeat(30))).toBe(true);
    expect(isValidNickname('a'.repeat(31))).toBe(false);
  });
  it('recognises none-style plot endings', () => {
    expect(isNoneStyleEnding(' N o n e ')).toBe(true);
    expect(isNoneStyleEnding('无')).toBe(true);
    expect(isNoneStyleEnding('Nobody wins')).toBe(false);
  });
});
