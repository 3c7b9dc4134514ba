import mongoose from 'mongoose';
import { ErrorCode, TeenMode, type PlayTime } from 'shared-kit';
import type { AntiAddictionRule, IdentitySettings } from '../../config';
import type { Account } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../realtime';
import { isDuplicateKey } from '../users';
import { OnlineDay } from './identity.model';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface PlayTimeDeps {
  settings: IdentitySettings;
  events: EventBus;
  now: () => number;
}

type Who = Pick<Account, 'uid' | 'teen_mode' | 'last_login_country'>;

export function ruleOf(settings: IdentitySettings, who: Who): AntiAddictionRule {
  return settings.regions[(who.last_login_country ?? '').toUpperCase()] ?? settings.defaultRule;
}

/** Play time is limited for youth mode (verified minors are always in it) and, where configured, a whole region. */
export const isLimited = (rule: AntiAddictionRule, who: Who): boolean => rule.everyone || who.teen_mode === TeenMode.Enable;

const localDay = (now: number, rule: AntiAddictionRule): string => new Date(now + rule.utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
const dayId = (uid: string, now: number, rule: AntiAddictionRule) => `${uid}:${localDay(now, rule)}`;

/**
 * Where `now` sits in the rule's local day: the allowed hours' start and end (UTC ms) today and tomorrow's start.
 * `closing`: the hours really end at `close` (not when they run all day, [0, 24), where the end is tomorrow's start).
 */
export function hoursAround(now: number, rule: AntiAddictionRule) {
  const off = rule.utcOffsetMinutes * 60_000;
  const dayStart = Math.floor((now + off) / DAY) * DAY - off;
  const close = dayStart + rule.hours[1] * HOUR;
  const tomorrow = dayStart + DAY + rule.hours[0] * HOUR;
  return { open: dayStart + rule.hours[0] * HOUR, close, tomorrow, closing: close < tomorrow };
}

/** The answer for `used` ms played today: allowed now, or closed until `reopens_at`. */
export function playTimeState(
  used: number,
  now: number,
  rule: AntiAddictionRule,
  limited: boolean,
  counted: boolean,
  timing: Pick<IdentitySettings, 'tickMs' | 'warnMs'>,
): PlayTime {
  const t = { tick_ms: timing.tickMs, warn_ms: timing.warnMs };
  if (!limited) return { limited: false, used_ms: used, allowance_ms: rule.dailyMs, allowed: true, reopens_at: null, closes_at: null, counted, ...t };
  const { open, close, tomorrow, closing } = hoursAround(now, rule);
  const left = rule.dailyMs - used;
  const inHours = now >= open && now < close;
  const allowed = inHours && left > 0;
  const reopens = allowed ? null : now < open ? open : tomorrow;
  return {
    limited: true,
    used_ms: used,
    allowance_ms: rule.dailyMs,
    allowed,
    reopens_at: reopens === null ? null : new Date(reopens).toISOString(),
    closes_at: allowed ? new Date(Math.min(closing ? close : Infinity, now + left)).toISOString() : null,
    counted,
    ...t,
  };
}

export async function playTimeOf(d: PlayTimeDeps, who: Who): Promise<PlayTime> {
  const now = d.now();
  const rule = ruleOf(d.settings, who);
  if (!isLimited(rule, who)) return playTimeState(0, now, rule, false, false, d.settings);
  const doc = await OnlineDay.findById(dayId(who.uid, now, rule), { ms: 1 }).lean();
  return playTimeState(doc?.ms ?? 0, now, rule, true, false, d.settings);
}

/**
 * One `online_tick`: adds one tick's time (60 s) to the account's day in ONE conditional write, at most once per
 * tick length per account whichever device or api process sends it. The write answers the day as it was before it,
 * so the tick knows the total and the last tick before and after it: the tick that crosses the warning (5 minutes
 * before the allowance ends), or the first one within 5 minutes of the allowed hours' end, pushes the pre-warning;
 * the one that uses the allowance up pushes the ban. Each happens on exactly one tick, since the write is atomic.
 * The hours' end itself is pushed by a durable job queued with the pre-warning (see unban.job.ts).
 */
export async function onlineTick(d: PlayTimeDeps, who: Who): Promise<PlayTime> {
  const now = d.now();
  const rule = ruleOf(d.settings, who);
  if (!isLimited(rule, who)) return playTimeState(0, now, rule, false, false, d.settings);
  const before = playTimeState(0, now, rule, true, false, d.settings);
  if (!before.allowed) return playTimeOf(d, who);
  const tick = d.settings.tickMs;
  const _id = dayId(who.uid, now, rule);
  let used: number;
  let lastTick: number | null = null;
  let counted = true;
  try {
    const prior = await OnlineDay.findOneAndUpdate(
      { _id, last_tick_at: mongoose.trusted({ $lte: new Date(now - tick) }), ms: mongoose.trusted({ $lt: rule.dailyMs }) },
      { $inc: { ms: tick }, $set: { last_tick_at: new Date(now) }, $setOnInsert: { uid: who.uid, day: localDay(now, rule), expires_at: new Date(now + 3 * DAY) } },
      { upsert: true, new: false, lean: true, projection: { ms: 1, last_tick_at: 1 } },
    );
    used = (prior?.ms ?? 0) + tick;
    lastTick = prior?.last_tick_at?.getTime() ?? null;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    // Counted already within this tick (another device, another process): nothing more is written.
    counted = false;
    used = (await OnlineDay.findById(_id, { ms: 1 }).lean())?.ms ?? 0;
  }
  const state = playTimeState(used, now, rule, true, counted, d.settings);
  if (counted) {
    const { close, closing } = hoursAround(now, rule);
    const warn = d.settings.warnMs;
    const warnAt = rule.dailyMs - warn;
    // The hours end before the allowance does, within the warning's time, and the last tick came before that time.
    const hoursEnding = closing && close - now <= warn && now + (rule.dailyMs - used) > close && (lastTick === null || close - lastTick > warn);
    if (used >= rule.dailyMs) {
      d.events.emit('anti_addiction.changed', { uid: who.uid, code: ErrorCode.AntiAddictionBan, reopens_at: state.reopens_at, closes_at: null, reason: 'allowance' });
    } else if (hoursEnding) {
      d.events.emit('anti_addiction.changed', { uid: who.uid, code: ErrorCode.AntiAddictionPreWarning, reopens_at: null, closes_at: state.closes_at, reason: 'hours' });
    } else if (used - tick < warnAt && used >= warnAt) {
      d.events.emit('anti_addiction.changed', { uid: who.uid, code: ErrorCode.AntiAddictionPreWarning, reopens_at: null, closes_at: state.closes_at, reason: 'allowance' });
    }
  }
  return state;
}

/**
 * When the allowed hours have just ended (the close job, at their end): the ban push with the reopening time, for an
 * account still limited and not already refused for its allowance (that ban was pushed by its tick). Returns whether
 * it pushed.
 */
export async function pushHoursEnded(d: PlayTimeDeps, who: Who): Promise<boolean> {
  const state = await playTimeOf(d, who);
  if (!state.limited || state.allowed || state.used_ms >= state.allowance_ms) return false;
  d.events.emit('anti_addiction.changed', { uid: who.uid, code: ErrorCode.AntiAddictionBan, reopens_at: state.reopens_at, closes_at: null, reason: 'hours' });
  return true;
}

/** Refuses play (1020702) or the feed (1020501) outside the allowed time, with when it reopens. */
export async function refuseOutsideAllowedTime(d: PlayTimeDeps, who: Who | null, what: 'play' | 'feed'): Promise<void> {
  if (!who) return;
  const rule = ruleOf(d.settings, who);
  if (!isLimited(rule, who)) return;
  const state = await playTimeOf(d, who);
  if (state.allowed) return;
  throw new AppError(what === 'play' ? ErrorCode.AntiAddictionBan : ErrorCode.FeedNotInAllowedTime, undefined, {
    data: { reopens_at: state.reopens_at },
  });
}
