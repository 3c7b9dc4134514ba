import mongoose from 'mongoose';
import { ErrorCode } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { isDuplicateKey } from '../users';
import { IdentityAttempt } from './identity.model';

export type AttemptKind = 'certify' | 'passcode';

export const utcDay = (now: number): string => new Date(now).toISOString().slice(0, 10);
const idOf = (kind: AttemptKind, uid: string, now: number) => `${kind}:${uid}:${utcDay(now)}`;

/**
 * Takes one of the day's attempts in one conditional write, or refuses with "too many today" (1021002) once
 * `limit` are used; two requests at once never both take the last one.
 */
export async function takeAttempt(kind: AttemptKind, uid: string, limit: number, now: number): Promise<number> {
  const _id = idOf(kind, uid, now);
  try {
    const doc = await IdentityAttempt.findOneAndUpdate(
      { _id, count: mongoose.trusted({ $lt: limit }) },
      { $inc: { count: 1 }, $setOnInsert: { uid, kind, day: utcDay(now), expires_at: new Date(now + 2 * 86_400_000) } },
      { upsert: true, new: true, lean: true },
    );
    return limit - (doc?.count ?? limit);
  } catch (err) {
    if (isDuplicateKey(err)) throw new AppError(ErrorCode.TooManyToday, undefined, { data: { reason: `${kind}_attempts`, limit } });
    throw err;
  }
}

/** Gives back an attempt that did not reach the provider (its answer was a network error). */
export async function returnAttempt(kind: AttemptKind, uid: string, now: number): Promise<void> {
  await IdentityAttempt.updateOne({ _id: idOf(kind, uid, now), count: mongoose.trusted({ $gt: 0 }) }, { $inc: { count: -1 } });
}

export async function attemptsToday(kind: AttemptKind, uid: string, now: number): Promise<number> {
  const doc = await IdentityAttempt.findById(idOf(kind, uid, now)).lean();
  return doc?.count ?? 0;
}

/** The console's reset: the day's attempts of both kinds start again. */
export async function resetAttempts(uid: string, now: number): Promise<void> {
  await IdentityAttempt.deleteMany({ _id: mongoose.trusted({ $in: [idOf('certify', uid, now), idOf('passcode', uid, now)] }) });
}
