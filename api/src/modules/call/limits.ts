import mongoose from 'mongoose';
import { AudioCallStatus, ResourceLimit } from 'shared-kit';
import type { EventBus } from '../../realtime/events';
import { Call, CallUsage, type CallUsageFields } from './call.model';

export interface CallLimits {
  /** The longest call (seconds). */
  maxSeconds: number;
  /** A user's call time per UTC day (seconds). */
  dailySeconds: number;
  /** A user's recognised speech per UTC day (seconds). */
  asrDailySeconds: number;
}

export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

async function usage(uid: string, day: string): Promise<CallUsageFields> {
  return (
    (await CallUsage.findOneAndUpdate(
      { uid, day },
      { $setOnInsert: { seconds: 0, asr_seconds: 0, calls: 0, asr_reached: false } },
      { upsert: true, new: true },
    ).lean<CallUsageFields>()) ?? { uid, day, seconds: 0, asr_seconds: 0, calls: 0, asr_reached: false }
  );
}

/** What is left of today for `uid`: shown before a call starts (`call/audio_info`) and checked by `call/create`. */
export async function leftToday(uid: string, limits: CallLimits, now: number) {
  const u = await usage(uid, utcDay(now));
  return {
    max_call_seconds: limits.maxSeconds,
    daily_seconds: limits.dailySeconds,
    seconds_left_today: Math.max(0, limits.dailySeconds - u.seconds),
    asr_seconds_left_today: Math.max(0, limits.asrDailySeconds - u.asr_seconds),
    calls_today: u.calls,
  };
}

/** Counts one more call today. */
export async function countCall(uid: string, now: number): Promise<void> {
  await CallUsage.updateOne({ uid, day: utcDay(now) }, { $inc: { calls: 1 } }, { upsert: true });
}

/**
 * Counts `seconds` more of a running call, in the call and in the user's day, each with one conditional write (so
 * several api processes never pass a limit). Answers the status that ends the call: DurationLimit when the call
 * has had its longest time, TimeLimit when the day's call time is used up, Normal otherwise.
 */
export async function countSeconds(uid: string, callId: string, seconds: number, limits: CallLimits, now: number): Promise<AudioCallStatus> {
  const day = utcDay(now);
  await usage(uid, day);
  const inDay = await CallUsage.findOneAndUpdate(
    { uid, day, seconds: mongoose.trusted({ $lte: limits.dailySeconds - seconds }) },
    { $inc: { seconds } },
    { new: true },
  ).lean<CallUsageFields>();
  if (!inDay) {
    await CallUsage.updateOne({ uid, day }, { $set: { seconds: limits.dailySeconds } });
    return AudioCallStatus.TimeLimit;
  }
  const inCall = await Call.findOneAndUpdate(
    { call_id: callId, state: 'Active', seconds: mongoose.trusted({ $lte: limits.maxSeconds - seconds }) },
    { $inc: { seconds } },
    { new: true },
  ).lean();
  if (!inCall) return AudioCallStatus.DurationLimit;
  if (inDay.seconds >= limits.dailySeconds) return AudioCallStatus.TimeLimit;
  if (inCall.seconds >= limits.maxSeconds) return AudioCallStatus.DurationLimit;
  return AudioCallStatus.Normal;
}

/**
 * Takes `seconds` of the day's speech recognition. The first refusal of a day pushes "ASR limit reached"; the first
 * recognition of a day after a day that reached it pushes "recovered" (the TTS quota's rule).
 */
export async function takeRecognition(uid: string, seconds: number, limits: CallLimits, events: EventBus, now: number): Promise<boolean> {
  const day = utcDay(now);
  await usage(uid, day);
  const taken = await CallUsage.findOneAndUpdate(
    { uid, day, asr_seconds: mongoose.trusted({ $lte: limits.asrDailySeconds - seconds }) },
    { $inc: { asr_seconds: seconds } },
    { new: true },
  ).lean<CallUsageFields>();
  if (taken) {
    if (taken.asr_seconds === seconds) {
      const yesterday = await CallUsage.findOneAndUpdate({ uid, day: utcDay(now - 86_400_000), asr_reached: true }, { $set: { asr_reached: false } }).lean();
      if (yesterday) events.emit('resource.limited', { uid, limit: ResourceLimit.ASRRecovered });
    }
    return true;
  }
  const first = await CallUsage.findOneAndUpdate({ uid, day, asr_reached: false }, { $set: { asr_reached: true } }).lean();
  if (first) events.emit('resource.limited', { uid, limit: ResourceLimit.ASRReached });
  return false;
}
