import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { ErrorCode, UI_MESSAGES } from 'shared-kit';
import { AppError } from '../../lib/errors';

export interface ParsedPhone {
  /** E.164, e.g. +12025550100. */
  e164: string;
  /** ISO 3166 alpha-2 of the number, when the numbering plan tells it. */
  country: string | undefined;
}

export const INVALID_PHONE = 'invalid_phone';

export function invalidPhone(): AppError {
  return new AppError(ErrorCode.InvalidParam, UI_MESSAGES.invalidPhone, { data: { reason: INVALID_PHONE } });
}

/**
 * Parses a number typed in international form, or national form with the country picked beside it. Anything the
 * numbering plan does not accept is refused with the spec's "Invalid phone number".
 */
export function parsePhone(raw: string, country?: string): ParsedPhone {
  const region = country?.toUpperCase() as CountryCode | undefined;
  let parsed: ReturnType<typeof parsePhoneNumberFromString>;
  try {
    parsed = parsePhoneNumberFromString(raw, region ? { defaultCountry: region } : undefined);
  } catch {
    // An unknown country code in the picker is the same mistake, from the user's point of view.
    throw invalidPhone();
  }
  if (!parsed || !parsed.isValid()) throw invalidPhone();
  return { e164: parsed.number, country: parsed.country };
}
