import { z } from 'zod';

/** A country picked beside the number: ISO 3166 alpha-2. */
const country = z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code');
/** Typed numbers carry spaces, dashes and brackets; anything longer than this is not a phone number. */
const phone = z.string().trim().min(1, 'must not be empty').max(32, 'must be at most 32 characters');

export const smsSendBody = z.object({ phone, country: country.optional() });
export const smsLoginBody = z.object({
  phone,
  country: country.optional(),
  code: z.string().trim().regex(/^\d{6}$/, 'must be 6 digits'),
});
export const logoutQuery = z.object({
  next: z.string().max(2048).optional(),
  need_redirect: z.string().max(8).optional(),
});
