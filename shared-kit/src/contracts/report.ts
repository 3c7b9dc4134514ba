import { z } from 'zod';
import { REPORT_CONTENT, REPORT_DETAILS_MAX, REPORT_ID_FIELD, REPORT_REASONS, type ReportTarget } from '../report';
import { idString } from '../schemas/common';

/** `/api/report/*` (the player's side) and `/api/ops/report/*` (the operators' queue). */

export const reportConfigSchema = z.object({
  targets: z.array(
    z.object({
      target_type: z.string(),
      reasons: z.array(z.string()),
      content: z.array(z.string()),
    }),
  ),
  details_max: z.number().int(),
});
export type ReportConfig = z.infer<typeof reportConfigSchema>;

export const myReportSchema = z.object({
  report_id: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  target_name: z.string(),
  reason: z.string(),
  content: z.array(z.string()),
  details: z.string(),
  status: z.string(),
  /** The operator's action once resolved: NoAction, Remove or Sanction; '' while open. */
  outcome: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type MyReport = z.infer<typeof myReportSchema>;

export const reportCreatedSchema = z.object({ report_id: z.string(), status: z.string() });

export const reportCaseSchema = z.object({
  case_id: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  target_name: z.string(),
  owner_uid: z.string(),
  story_id: z.string(),
  count: z.number().int(),
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  status: z.string(),
  first_at: z.string(),
  last_at: z.string(),
  resolution: z
    .object({ action: z.string(), operator_uid: z.string(), note: z.string(), at: z.string(), sanction: z.string() })
    .nullable(),
});
export type ReportCase = z.infer<typeof reportCaseSchema>;

/** The target as a player sees it, for the operator's judgement. */
export const reportTargetViewSchema = z.object({
  exists: z.boolean(),
  title: z.string(),
  text: z.string(),
  image: z.string(),
  author: z.object({ uid: z.string(), nickname: z.string() }).nullable(),
  parts: z.array(z.object({ label: z.string(), text: z.string() })),
  link: z.string(),
});
export type ReportTargetView = z.infer<typeof reportTargetViewSchema>;

export const reportCaseDetailSchema = z.object({
  case: reportCaseSchema,
  target: reportTargetViewSchema,
  reports: z.array(
    z.object({
      report_id: z.string(),
      reporter_uid: z.string(),
      reason: z.string(),
      content: z.array(z.string()),
      details: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type ReportCaseDetail = z.infer<typeof reportCaseDetailSchema>;

const created = reportCreatedSchema;
export const REPORT_CONTRACTS = {
  'GET /report/config': reportConfigSchema,
  'POST /report/story': created,
  'POST /report/comment': created,
  'POST /report/author': created,
  'POST /report/dialogue': created,
  'POST /report/template': created,
  'POST /report/topic': created,
  'POST /report/collection': created,
  'POST /report/thread': created,
  'GET /report/story_list': z.object({ list: z.array(myReportSchema), has_more: z.boolean(), next_offset: z.number().int() }),
  'GET /ops/report/queue': z.object({ list: z.array(reportCaseSchema), has_more: z.boolean(), next_offset: z.number().int() }),
  'GET /ops/report/get': reportCaseDetailSchema,
  'POST /ops/report/resolve': z.object({ case: reportCaseSchema, notified: z.number().int() }),
};

/** What a report says, whatever its target: one of the target's reasons, the parts it is about, details. */
function reportDraftSchema(type: ReportTarget) {
  const reasons = REPORT_REASONS[type] as readonly [string, ...string[]];
  const parts = REPORT_CONTENT[type] as readonly [string, ...string[]];
  return z.object({
    reason: z.enum(reasons),
    content: z.array(z.enum(parts)).min(1, 'choose at least one part').max(parts.length),
    details: z
      .string()
      .trim()
      .refine((s) => [...s].length <= REPORT_DETAILS_MAX, `must be at most ${REPORT_DETAILS_MAX} characters`)
      .default(''),
  });
}
export type ReportDraft = z.input<ReturnType<typeof reportDraftSchema>>;

/** `POST /api/report/<target>`: the target's id under its own field (`REPORT_ID_FIELD`) and the draft. */
export function reportRequestSchema(type: ReportTarget) {
  return reportDraftSchema(type)
    .extend({ [REPORT_ID_FIELD[type]]: idString })
    .strict();
}

/** `GET /api/report/story_list`: the reporter's own reports, a page at a time. */
export const myReportsQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  count: z.coerce.number().int().min(1).max(50).default(20),
});
export type MyReportsQuery = z.input<typeof myReportsQuerySchema>;
