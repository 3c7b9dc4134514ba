import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['up', 'down']),
  uptime_s: z.number().int().nonnegative(),
  version: z.string(),
  /** Which api process answered: `<host name>:<pid>`, so several processes can be told apart. */
  process: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
