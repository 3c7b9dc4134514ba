import { z } from 'zod';

/**
 * Zod building blocks for API request schemas. Strings are `z.string()`, never coerced: an object such as
 * `{ "$ne": null }` where a string is expected must fail validation rather than reach a database query.
 */

/** A query value: a number, or a string holding one (query strings are always strings). */
const queryNumber = z
  .union([
    z.number().int(),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,15}$/, 'must be an integer'),
  ])
  .transform((v) => Number(v));

/** The common query parameters every request carries (spec section 7); all optional. */
export const commonQuerySchema = z.object({
  version_code: queryNumber.optional(),
  device_platform: z.string().max(32).optional(),
  aid: queryNumber.optional(),
  pkg_type: z.string().max(64).optional(),
  language: z.string().max(35).optional(),
});
export type CommonQueryParams = z.infer<typeof commonQuerySchema>;

/** An id sent as a string: decimal digits (snowflake-style) or hex (ObjectId-style), at most 64 characters. */
export const idString = z
  .string()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .regex(/^(?:\d+|[0-9a-fA-F]+)$/, 'must be a numeric or hex id');

/** A required text: trimmed, not blank, at most `max` characters. */
export function nonEmptyTrimmed(max: number) {
  return z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
}

/** An optional text of at most `max` characters (trimmed). */
export function optionalTrimmed(max: number) {
  return z.string().trim().max(max, `must be at most ${max} characters`).optional();
}

/** Pagination as the spec's list calls send it (offset, count), coerced from the query string and bounded. */
export const pageQuerySchema = z.object({
  offset: queryNumber.pipe(z.number().int().min(0)).optional(),
  count: queryNumber.pipe(z.number().int().min(1).max(100)).optional(),
});

/** The first zod issue as "field: message", for the parameter-error envelope that must name the field. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid input';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
