import { StoryAppealModel } from '../sanction';
import type { PipelineStage } from 'mongoose';
import type mongoose from 'mongoose';
import { AppealStatus, StoryStatus } from 'shared-kit';
import { OPS_STATS_DAYS, ReportStatus } from 'shared-kit/areas';
import { StoryVersion } from '../stories';
import { Report, ReportCase } from '../report';
import { Sanction } from '../sanction';
import { usersByUid } from '../users';
import { AuditEntry } from '../staff';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The operator actions that decide a queue item, by queue. */
export const DECISION_ACTIONS = { review: 'review.decide', report: 'report.resolve', appeal: 'appeal.decide' } as const;
type QueueName = keyof typeof DECISION_ACTIONS;

export interface QueueDay {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** Items waiting at the end of the day (today: now). */
  size: number;
  /** Items that entered the queue that day. */
  entered: number;
  /** Items decided that day, and the median time from entering the queue to the decision (ms; null without any). */
  decided: number;
  median_ms: number | null;
}

export interface QueueStats {
  now: number;
  days: QueueDay[];
}

/**
 * The figures a queue's items give once each is `{ entered, left, decided }`: `left` when it left the queue (null while
 * it waits), `decided` whether an operator's decision took it out. Counting entries and exits per day is enough for
 * the size at each day's end, read back from now: size(end of D) = now - entered after D + left after D.
 */
function queueTail(start: Date): PipelineStage[] {
  const day = (field: string) => ({ $dateTrunc: { date: field, unit: 'day' } });
  return [
    {
      $facet: {
        now: [{ $match: { left: null } }, { $count: 'n' }],
        entered: [{ $match: { entered: { $gte: start } } }, { $group: { _id: day('$entered'), n: { $sum: 1 } } }],
        left: [{ $match: { left: { $gte: start } } }, { $group: { _id: day('$left'), n: { $sum: 1 } } }],
        decided: [
          { $match: { decided: true, left: { $gte: start } } },
          { $group: { _id: day('$left'), n: { $sum: 1 }, waits: { $push: { $subtract: ['$left', '$entered'] } } } },
          { $project: { n: 1, waits: { $sortArray: { input: '$waits', sortBy: 1 } } } },
          {
            // The exact median: the middle wait, or the mean of the two middle ones.
            $project: {
              n: 1,
              median: {
                $avg: [
                  { $arrayElemAt: ['$waits', { $floor: { $divide: [{ $subtract: ['$n', 1] }, 2] } }] },
                  { $arrayElemAt: ['$waits', { $ceil: { $divide: [{ $subtract: ['$n', 1] }, 2] } }] },
                ],
              },
            },
          },
        ],
      },
    },
  ];
}

interface TailOut {
  now: Array<{ n: number }>;
  entered: Array<{ _id: Date; n: number }>;
  left: Array<{ _id: Date; n: number }>;
  decided: Array<{ _id: Date; n: number; median: number | null }>;
}

function dayKey(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function assemble(out: TailOut, days: Date[]): QueueStats {
  const byDay = (rows: Array<{ _id: Date; n: number }>) => new Map(rows.map((r) => [dayKey(new Date(r._id)), r.n]));
  const entered = byDay(out.entered);
  const left = byDay(out.left);
  const decided = new Map(out.decided.map((r) => [dayKey(new Date(r._id)), r]));
  const now = out.now[0]?.n ?? 0;
  // Walk back from today: the size at the end of a day is the next day's end size less what came in that next day,
  // plus what left it.
  const list: QueueDay[] = [];
  let size = now;
  for (let i = days.length - 1; i >= 0; i -= 1) {
    const key = dayKey(days[i]!);
    if (i < days.length - 1) {
      const next = dayKey(days[i + 1]!);
      size = size - (entered.get(next) ?? 0) + (left.get(next) ?? 0);
    }
    const d = decided.get(key);
    list.unshift({
      day: key,
      size,
      entered: entered.get(key) ?? 0,
      decided: d?.n ?? 0,
      median_ms: d && d.median !== null && d.median !== undefined ? Math.round(Number(d.median)) : null,
    });
  }
  return { now, days: list };
}

async function run(
  model: mongoose.Model<never>,
  match: Record<string, unknown>,
  shape: Record<string, unknown>,
  start: Date,
  days: Date[],
  also: mongoose.PipelineStage[] = [],
) {
  const [out] = await model.aggregate<TailOut>([{ $match: match }, { $project: { _id: 0, ...shape } }, ...(also as never[]), ...queueTail(start)]);
  return assemble(out ?? { now: [], entered: [], left: [], decided: [] }, days);
}

const QUEUED = [StoryStatus.ToVerify, StoryStatus.Failed, StoryStatus.Unqualified];

/**
 * Review: a published version enters at its creation and leaves when the automated review passes it, when an operator
 * decides on it, or when its story is saved again (`queue_left_at`). Versions written before `queue_left_at` existed
 * count as left when they were reviewed with a pass, or when they are no longer in a queued status.
 */
function reviewQueue(start: Date, days: Date[]) {
  const t = (field: string) => ({ $ifNull: [field, null] });
  return run(
    StoryVersion as unknown as mongoose.Model<never>,
    { $or: [{ queue_left_at: null }, { queue_left_at: { $gte: start } }, { created_at: { $gte: start } }] },
    {
      entered: '$created_at',
      left: {
        $ifNull: [
          '$queue_left_at',
          { $cond: [{ $in: ['$status', QUEUED] }, null, { $ifNull: ['$reviewed_at', '$created_at'] }] },
        ],
      },
      decided: { $ne: [t('$decided_at'), null] },
    },
    start,
    days,
  );
}

/** Reports: a queue item (every open report on one target) enters with its first report and leaves when resolved. */
function reportQueue(start: Date, days: Date[]) {
  return run(
    ReportCase as unknown as mongoose.Model<never>,
    { $or: [{ status: ReportStatus.Open }, { first_at: { $gte: start } }, { 'resolution.at': { $gte: start } }] },
    {
      entered: '$first_at',
      left: { $cond: [{ $eq: ['$status', ReportStatus.Open] }, null, '$resolution.at'] },
      decided: { $ne: ['$status', ReportStatus.Open] },
    },
    start,
    days,
  );
}

/**
 * Appeals: of a sanction, enter when made, leave when decided, or when the ban ends first (lifted, or past its date);
 * of a story (`story_appeals`, joined with `$unionWith`), enter when made, leave when decided or cancelled by an edit.
 */
function appealQueue(start: Date, days: Date[], now: Date) {
  return run(
    Sanction as unknown as mongoose.Model<never>,
    {
      'appeal.at': { $ne: null },
      $or: [{ 'appeal.status': AppealStatus.Pending }, { 'appeal.at': { $gte: start } }, { 'appeal.decided_at': { $gte: start } }],
    },
    {
      entered: '$appeal.at',
      left: {
        $min: ['$appeal.decided_at', '$lifted_at', { $cond: [{ $lte: ['$ends_at', now] }, '$ends_at', null] }],
      },
      decided: { $ne: [{ $ifNull: ['$appeal.decided_at', null] }, null] },
    },
    start,
    days,
    [
      {
        $unionWith: {
          coll: StoryAppealModel.collection.collectionName,
          pipeline: [
            { $match: { $or: [{ status: AppealStatus.Pending }, { at: { $gte: start } }, { decided_at: { $gte: start } }] } },
            {
              $project: {
                _id: 0,
                entered: '$at',
                left: { $ifNull: ['$decided_at', null] },
                decided: { $in: ['$status', [AppealStatus.Approved, AppealStatus.Rejected]] },
              },
            },
          ],
        },
      },
    ],
  );
}

/** The console's dashboard over the last `range` days (UTC, default `OPS_STATS_DAYS`), `now` included. */
export async function opsStats(nowMs: number, range: number = OPS_STATS_DAYS) {
  const now = new Date(nowMs);
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = new Date(today.getTime() - (range - 1) * DAY_MS);
  const days = Array.from({ length: range }, (_, i) => new Date(start.getTime() + i * DAY_MS));
  const actions = Object.values(DECISION_ACTIONS);
  const [review, report, appeal, perOperator, reasons] = await Promise.all([
    reviewQueue(start, days),
    reportQueue(start, days),
    appealQueue(start, days, now),
    AuditEntry.aggregate<{ _id: { uid: string; action: string }; n: number }>([
      { $match: { action: { $in: actions }, at: { $gte: start } } },
      { $group: { _id: { uid: '$operator_uid', action: '$action' }, n: { $sum: 1 } } },
    ]),
    Report.aggregate<{ _id: string; n: number }>([
      { $match: { created_at: { $gte: start } } },
      { $group: { _id: '$reason', n: { $sum: 1 } } },
      { $sort: { n: -1, _id: 1 } },
    ]),
  ]);
  const operators = new Map<string, Record<QueueName, number>>();
  for (const row of perOperator) {
    const counts = operators.get(row._id.uid) ?? { review: 0, report: 0, appeal: 0 };
    const queue = (Object.keys(DECISION_ACTIONS) as QueueName[]).find((q) => DECISION_ACTIONS[q] === row._id.action)!;
    counts[queue] += row.n;
    operators.set(row._id.uid, counts);
  }
  const names = await usersByUid(operators.keys(), ['nickname']);
  const nickname = new Map([...names.values()].map((u) => [u.uid, u.nickname]));
  return {
    from: dayKey(start),
    to: dayKey(today),
    queues: { review, report, appeal },
    operators: [...operators.entries()]
      .map(([uid, c]) => ({ uid, nickname: nickname.get(uid) ?? '', ...c, total: c.review + c.report + c.appeal }))
      .sort((a, b) => b.total - a.total || a.uid.localeCompare(b.uid)),
    reasons: reasons.map((r) => ({ reason: r._id, count: r.n })),
  };
}
