import mongoose from 'mongoose';
import { ErrorCode, type BrainstormQuota } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { PlanQuota } from './plan.model';

export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

const view = (count: number, total: number): BrainstormQuota => ({
  count,
  remain: Math.max(0, total - count),
  total,
  max: total,
});

/** 4001, with what the spec's modal states: at most N intelligent generations. */
export function noQuota(total: number, count: number): AppError {
  return new AppError(ErrorCode.NoQuota, `You can use at most ${total} intelligent generations a day`, {
    data: view(count, total),
  });
}

export async function quotaOf(uid: string, day: string, total: number): Promise<BrainstormQuota> {
  const row = await PlanQuota.findOne({ uid, day }).lean<{ count: number }>();
  return view(row?.count ?? 0, total);
}

/** Takes one generation of today's quota atomically (two tabs cannot both take the last one); 4001 when none is left. */
export async function takeQuota(uid: string, day: string, total: number): Promise<BrainstormQuota> {
  await PlanQuota.updateOne({ uid, day }, { $setOnInsert: { count: 0 } }, { upsert: true });
  const taken = await PlanQuota.findOneAndUpdate(
    { uid, day, count: mongoose.trusted({ $lt: total }) },
    { $inc: { count: 1 } },
    { new: true },
  ).lean<{ count: number }>();
  if (!taken) throw noQuota(total, (await quotaOf(uid, day, total)).count);
  return view(taken.count, total);
}

export async function giveBackQuota(uid: string, day: string): Promise<void> {
  await PlanQuota.updateOne({ uid, day, count: mongoose.trusted({ $gt: 0 }) }, { $inc: { count: -1 } });
}
