// The identity numbers real-name verification takes, per region (no zod here: the pages' bundles use these).

/**
 * Where an identity number can be verified: the PRC resident identity number (CN), the Hong Kong identity card
 * (HK) and the Taiwan national identification number (TW), each with a public check digit. Macau's number has a
 * check digit whose rule is not published, so it is not offered.
 */
export const IDENTITY_REGIONS = ['CN', 'HK', 'TW'] as const;
export type IdentityRegion = (typeof IDENTITY_REGIONS)[number];
/** Regions whose number carries no birth date: the form asks for it (`birth_date`), and the age comes from it. */
export const BIRTH_DATE_REGIONS: readonly IdentityRegion[] = ['HK', 'TW'];

/**
 * Each region's number as the api takes it: upper case, spaces and the HKID's brackets dropped
 * (`normalizeIdNumber`). CN: 17 digits and a check digit or X. HK: one or two letters, six digits and a check digit
 * (0-9 or A). TW: a letter, 1, 2, 8 or 9, and eight digits (the last the check digit).
 */
export const ID_NUMBER_FORMATS: Record<IdentityRegion, { pattern: RegExp; maxLength: number; message: string }> = {
  CN: { pattern: /^\d{17}[\dX]$/, maxLength: 18, message: 'expected 17 digits and a check digit or X' },
  HK: { pattern: /^[A-Z]{1,2}\d{6}[\dA]$/, maxLength: 12, message: 'expected one or two letters, six digits and a check digit (0-9 or A)' },
  TW: { pattern: /^[A-Z][1289]\d{8}$/, maxLength: 10, message: 'expected a letter, then 1, 2, 8 or 9 and eight digits' },
};

/** "A123456(7)", "a 123456 7" → "A1234567". */
export const normalizeIdNumber = (v: string): string => v.replace(/[\s()（）]/g, '').toUpperCase();

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar date, YYYY-MM-DD, from 1900 on. */
export function isCalendarDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}
