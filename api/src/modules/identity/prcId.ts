// The PRC resident identity number (GB 11643-1999): six digits of area, the birth date YYYYMMDD, three of sequence
// and a check character by ISO 7064 MOD 11-2 (a digit or X).

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** The check character of the first 17 digits. */
export function prcCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK[sum % 11]!;
}

/** The birth date (UTC midnight) when the number's format, date and check character hold; null otherwise. */
export function parsePrcId(number: string, now: number): { birth: Date } | null {
  if (!/^\d{17}[\dX]$/.test(number)) return null;
  if (prcCheckChar(number.slice(0, 17)) !== number[17]) return null;
  const y = Number(number.slice(6, 10));
  const m = Number(number.slice(10, 12));
  const d = Number(number.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return null;
  if (y < 1900 || birth.getTime() > now) return null;
  return { birth };
}

/** Whole years from `birth` to `now` (UTC). */
export function ageAt(birth: Date, now: number): number {
  const t = new Date(now);
  let age = t.getUTCFullYear() - birth.getUTCFullYear();
  if (t.getUTCMonth() < birth.getUTCMonth() || (t.getUTCMonth() === birth.getUTCMonth() && t.getUTCDate() < birth.getUTCDate())) age--;
  return age;
}
