import { z } from 'zod';
import { PushType } from '../enums';
import { OPS_MAIL } from '../opsMail';

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

const recipients = {
  /** One account (`users` names exactly one), a list of them, or every signed-in account. */
  to: z.enum(['user', 'list', 'all']),
  /** uids or User IDs (any case), for `user` (one) and `list`. */
  users: z.array(z.string().trim().min(1).max(64)).max(OPS_MAIL.usersMax).default([]),
  title: z.string().trim().min(1).max(OPS_MAIL.titleMax),
  link: z
    .string()
    .trim()
    .max(OPS_MAIL.linkMax)
    .regex(/^\/(?!\/)[^\s]*$/, 'a path in the app, starting with /')
    .optional(),
};

function named(b: { to: string; users: string[] }, ctx: z.RefinementCtx): void {
  if (b.to === 'user' && b.users.length !== 1) ctx.addIssue({ code: 'custom', message: 'name exactly one account', path: ['users'] });
  if (b.to === 'list' && b.users.length === 0) ctx.addIssue({ code: 'custom', message: 'name at least one account', path: ['users'] });
}

/** `POST /api/ops/mail/send`: a mail to the inboxes of the named accounts (or all). */
export const opsMailRequestSchema = z.object({ ...recipients, text: z.string().trim().min(1).max(OPS_MAIL.textMax) }).superRefine(named);
export type OpsMailRequest = z.input<typeof opsMailRequestSchema>;

/** `POST /api/ops/push/send`: a push banner to the named accounts' open apps (or all); `push_type` is a PushType. */
export const opsPushRequestSchema = z
  .object({
    ...recipients,
    text: z.string().trim().min(1).max(OPS_MAIL.pushTextMax),
    // Typed as a string on the way in (a select's value), checked against the push types.
    push_type: z.string().pipe(z.enum(Object.values(PushType) as [PushType, ...PushType[]])),
  })
  .superRefine(named);
export type OpsPushRequest = z.input<typeof opsPushRequestSchema>;

export const CONSOLE_CONTRACTS = {
  'GET /ops/stats': opsStatsSchema,
  'POST /ops/mail/send': z.object({ mail_id: z.string(), sent: z.number().int(), unknown: z.array(z.string()) }),
  'POST /ops/push/send': z.object({ push_id: z.string(), push_type: z.string(), accounts: z.number().int().nullable(), unknown: z.array(z.string()) }),
};
