import { z } from 'zod';

/**
 * Response contracts: what the api sends in `data`, as zod schemas. The api's presenters are typed by them and its
 * tests parse every response against them; the front ends infer their types from them and parse responses in
 * development and tests. They describe shapes, not rules: unknown extra fields are allowed (and dropped when
 * parsed), a missing or mistyped field is drift.
 */

/** An ISO 8601 timestamp as the api writes it (`Date#toISOString`). */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/, 'must be an ISO timestamp');

/** A const object of the kit's enums as a zod enum of its values. */
export function enumOf<const T extends Record<string, string | number>>(values: T) {
  return z.enum(values);
}

/** A page of a list read with offset and count. */
export function offsetPage<K extends string, S extends z.ZodType>(key: K, item: S) {
  return z.object({ [key]: z.array(item), has_more: z.boolean(), next_offset: z.number().int() } as {
    [P in K]: z.ZodArray<S>;
  } & { has_more: z.ZodBoolean; next_offset: z.ZodNumber });
}

/** `{}`: a call that answers only with its status. */
export const emptyData = z.object({}).optional();
