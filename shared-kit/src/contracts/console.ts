import { z } from 'zod';

/** The console's dashboard (`GET /api/ops/stats`), mail and pushes (`/api/ops/mail/send`, `/api/ops/push/send`). */

const queueDaySchema = z.object({
  day: z.string(),
  size: z.number().int(),
  entered: z.number().int(),
  decided: z.number().int(),
  median_ms: z.number().nullable(),
});
export type OpsQueueDay = z.infer<typeof queueDaySchema>;

const queueStatsSchema = z.object({ now: z.number().int(), days: z.array(queueDaySchema) });

export const opsStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  queues: z.object({ review: queueStatsSchema, report: queueStatsSchema, appeal: queueStatsSchema }),
  operators: z.array(
    z.object({
      uid: z.string(),
      nickname: z.string(),
      review: z.number().int(),
      report: z.number().int(),
      appeal: z.number().int(),
      total: z.number().int(),
    }),
  ),
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type OpsStats = z.infer<typeof opsStatsSchema>;

export const CONSOLE_CONTRACTS = {
  'GET /ops/stats': opsStatsSchema,
  'POST /ops/mail/send': z.object({ mail_id: z.string(), sent: z.number().int(), unknown: z.array(z.string()) }),
  'POST /ops/push/send': z.object({ push_id: z.string(), push_type: z.string(), accounts: z.number().int().nullable(), unknown: z.array(z.string()) }),
};
