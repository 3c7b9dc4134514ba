import { z } from 'zod';
import { shareInfoSchema } from './community';

/**
 * The creator's weekly report (`/api/weekly/*`): per creator and week (Monday 00:00 to Monday 00:00, UTC), the
 * spec's values botCount, storyCount, fanCount, likeCount, viewCount, msgCount, playerCount, popularPiece, startdate
 * and enddate; shared as a CreatorNewspaper link.
 */

/** A week, by its Monday (UTC): `2026-11-16`. */
export const weekDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'must be a real date')
  .refine((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1, 'must be a Monday');

export const WEEKLY_REQUESTS = {
  /** `GET /api/weekly/report`: that week's report (absent: the newest) and the week before's. */
  reportQuery: z.object({ week: weekDate.optional() }),
  /** `GET /api/weekly/list`. */
  listQuery: z.object({
    offset: z.coerce.number().int().min(0).max(10_000).default(0),
    count: z.coerce.number().int().min(1).max(52).default(12),
  }),
  /** `POST /api/weekly/share`. */
  shareBody: z.object({ week: weekDate }).strict(),
  /** `POST /api/dev/weekly_report` (development only): runs the job for that week (absent: the week before now). */
  devRunBody: z.object({ week: weekDate.optional() }).strict(),
};

export const popularPieceSchema = z.object({
  story_id: z.string(),
  story_name: z.string(),
  logo: z.string(),
  is_bot: z.boolean(),
  views: z.number().int(),
  likes: z.number().int(),
  msgs: z.number().int(),
});
export const weeklyReportSchema = z.object({
  week: z.string(),
  startdate: z.string(),
  enddate: z.string(),
  botCount: z.number().int(),
  storyCount: z.number().int(),
  fanCount: z.number().int(),
  likeCount: z.number().int(),
  viewCount: z.number().int(),
  msgCount: z.number().int(),
  playerCount: z.number().int(),
  popularPiece: popularPieceSchema.nullable(),
  created_at: z.string(),
});
export type WeeklyReport = z.infer<typeof weeklyReportSchema>;

export const WEEKLY_CONTRACTS = {
  'GET /weekly/report': z.object({ report: weeklyReportSchema.nullable(), previous: weeklyReportSchema.nullable() }),
  'GET /weekly/list': z.object({ list: z.array(weeklyReportSchema), has_more: z.boolean(), next_offset: z.number().int() }),
  'POST /weekly/share': shareInfoSchema,
};
