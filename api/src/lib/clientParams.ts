import type { Next, ParameterizedContext } from 'koa';
import { commonQuerySchema } from 'shared-kit/schemas';
import type { z } from 'zod';

export type ClientParams = Partial<z.output<typeof commonQuerySchema>>;

const FIELDS = Object.keys(commonQuerySchema.shape) as Array<keyof typeof commonQuerySchema.shape>;

/**
 * Reads the common query params every client sends. They are informational, so a malformed one is dropped
 * rather than failing the request: an old app version must never be locked out by a stricter parser.
 */
export function parseClientParams(query: Record<string, unknown>): ClientParams {
  const whole = commonQuerySchema.safeParse(query);
  if (whole.success) return whole.data;
  const out: Record<string, unknown> = {};
  for (const field of FIELDS) {
    if (query[field] === undefined) continue;
    const one = commonQuerySchema.shape[field].safeParse(query[field]);
    if (one.success) out[field] = one.data;
  }
  return out as ClientParams;
}

export function clientParams(ctx: ParameterizedContext<{ client: ClientParams }>, next: Next): Promise<void> {
  ctx.state.client = parseClientParams(ctx.query);
  return next();
}
