// The check digits of the identity numbers that carry no birth date (the form asks for it), each on the number as the
// contract normalises it (upper case, no spaces or brackets).

/** A letter's value in both rules below' alphabets: A = 10 ... Z = 35. */
const letterValue = (c: string) => c.charCodeAt(0) - 55;

/**
 * The Hong Kong identity card: one or two letters, six digits, then the check digit (0-9 or A). A single letter is
 * read as a space (36) before it; the weights run 9 down to 2 over the eight characters, and the check digit makes
 * the sum a multiple of 11 (10 is written A).
 */
export function hkidValid(number: string): boolean {
  const m = /^([A-Z]{1,2})(\d{6})([\dA])$/.exec(number);
  if (!m) return false;
  const letters = m[1]!.length === 1 ? [36, letterValue(m[1]!)] : [...m[1]!].map(letterValue);
  const values = [...letters, ...[...m[2]!].map(Number)];
  const sum = values.reduce((acc, v, i) => acc + v * (9 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return m[3] === (check === 10 ? 'A' : String(check));
}

/** The Taiwan letters' two-digit codes (the place of first registration), in alphabetical order. */
const TW_CODES = [10, 11, 12, 13, 14, 15, 16, 17, 34, 18, 19, 20, 21, 22, 35, 23, 24, 25, 26, 27, 28, 29, 32, 30, 31, 33];

/**
 * The Taiwan national identification number (and the resident certificate's, second digit 8 or 9): a letter, then
 * nine digits. The letter's code gives two digits weighted 1 and 9, the next eight digits 8 down to 1, the last 1;
 * the sum is a multiple of 10.
 */
export function twIdValid(number: string): boolean {
  if (!/^[A-Z][1289]\d{8}$/.test(number)) return false;
  const code = TW_CODES[number.charCodeAt(0) - 65]!;
  const digits = [...number.slice(1)].map(Number);
  const sum = Math.floor(code / 10) + (code % 10) * 9 + digits.slice(0, 8).reduce((acc, d, i) => acc + d * (8 - i), 0) + digits[8]!;
  return sum % 10 === 0;
}

/** A declared date of birth (YYYY-MM-DD, already checked by the contract) as UTC midnight; null after `now`. */
export function declaredBirth(date: string, now: number): Date | null {
  const birth = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(birth.getTime()) || birth.getTime() > now ? null : birth;
}
