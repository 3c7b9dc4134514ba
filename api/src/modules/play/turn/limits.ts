import mongoose from 'mongoose';
import { ErrorCode, SendLimitStatus, UserIdentity } from 'shared-kit';
import type { ChatSettings } from '../../../config';
import { AppError } from '../../../lib/errors';
import { countTokens } from '../../../ai/chat';
import type { Account } from '../../../lib/context';
import { User } from '../../users';
import { ON_THE_WAY } from './claim';

const quotaSchema = new mongoose.Schema(
  {
    uid: { type: String, required: true },
    /** UTC day, YYYY-MM-DD. */
    day: { type: String, required: true },
    /** What the limit is checked against: sends less the day's rewarded chats (below 0 after a reward early in the day). */
    count: { type: Number, default: 0 },
    /** Sends today (what `used` shows). */
    sent: { type: Number },
    /** Chats added today by rewarded ads: the day's limit is the daily limit plus these. */
    extra: { type: Number },
  },
  { collection: 'chat_quotas' },
);
quotaSchema.index({ uid: 1, day: 1 }, { unique: true });
export const ChatQuota = mongoose.model('ChatQuota', quotaSchema);

export interface SendLimit {
  status: (typeof SendLimitStatus)[keyof typeof SendLimitStatus];
  /** 1020202 at 90 percent, 1020203 when reached, 0 otherwise. */
  code: number;
  used: number;
  limit: number;
  /** Guests: the limit is for the device's guest account, and signing in lifts it. */
  scope: 'guest' | 'daily';
}

/**
 * A member until the account's `vip_until` (kept by the commerce module from the provider's events): read from the
 * account the request already holds, so the send path makes no extra database command; a membership that lapses
 * mid-day applies the limit from the next turn.
 */
export function isMember(user: Account, now: number): boolean {
  return (user.vip_until?.getTime() ?? 0) > now;
}

function statusOf(used: number, limit: number, scope: SendLimit['scope']): SendLimit {
  if (used >= limit) return { status: SendLimitStatus.Reached, code: ErrorCode.MessageLimitReached, used, limit, scope };
  if (used >= Math.ceil(limit * 0.9)) return { status: SendLimitStatus.Reach90Percent, code: ErrorCode.MessageLimit90Percent, used, limit, scope };
  return { status: SendLimitStatus.Normal, code: 0, used, limit, scope };
}

export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

function reached(limit: SendLimit): AppError {
  const message = limit.scope === 'guest' ? 'Sign in to keep chatting' : 'Limit reached today, try tomorrow';
  return new AppError(ErrorCode.MessageLimitReached, message, { data: { send_limit: limit, need_login: limit.scope === 'guest' } });
}

/**
 * A day's row as the player sees it: `used` counts sends (never below 0), the limit is the daily limit plus the
 * day's rewards. `count` (sends less rewards) is what the atomic check compares with the daily limit, so reaching
 * `used >= limit` and `count >= dailyLimit` are the same moment. A row from before `sent` was kept shows its count.
 */
function dailyStatus(row: { count?: number; sent?: number | null; extra?: number | null } | null, dailyLimit: number): SendLimit {
  const extra = Math.max(0, row?.extra ?? 0);
  const used = Math.max(0, row?.sent ?? row?.count ?? 0);
  return statusOf(used, dailyLimit + extra, 'daily');
}

/** Where the user stands, without spending anything. */
export async function currentLimit(user: Account, chat: ChatSettings, guestTurns: number, now: number): Promise<SendLimit | null> {
  if (user.identity === UserIdentity.Tour) return statusOf(user.guest_turns ?? 0, guestTurns, 'guest');
  if (isMember(user, now)) return null;
  const day = utcDay(now);
  const row = await ChatQuota.findOne({ uid: user.uid, day }).lean();
  return dailyStatus(row, chat.dailyLimit);
}

/**
 * Spends one message atomically (the condition and the increment are one update), or throws 1020203.
 * Returns the status after spending and a refund for when the send does not go through.
 */
export async function spendMessage(
  user: Account,
  chat: ChatSettings,
  guestTurns: number,
  now: number,
): Promise<{ limit: SendLimit | null; refund: () => Promise<void> }> {
  if (user.identity === UserIdentity.Tour) {
    const updated = await User.findOneAndUpdate(
      { _id: user._id, guest_turns: mongoose.trusted({ $lt: guestTurns }) },
      { $inc: { guest_turns: 1 } },
      { new: true },
    ).lean();
    if (!updated) throw reached(statusOf(guestTurns, guestTurns, 'guest'));
    return {
      limit: statusOf(updated.guest_turns, guestTurns, 'guest'),
      refund: async () => void (await User.updateOne({ _id: user._id }, { $inc: { guest_turns: -1 } })),
    };
  }
  if (isMember(user, now)) return { limit: null, refund: async () => undefined };
  const day = utcDay(now);
  let row = null;
  try {
    // Through the collection: this write is on every send's way to the first word, and the quota rows have no
    // middleware for mongoose to run (its query building cost about as much again as the driver's own work). Its
    // journal is not waited for (see ON_THE_WAY).
    row = await ChatQuota.collection.findOneAndUpdate(
      { uid: user.uid, day, count: { $lt: chat.dailyLimit } },
      { $inc: { count: 1, sent: 1 } },
      { returnDocument: 'after', upsert: true, writeConcern: ON_THE_WAY },
    );
  } catch (err) {
    // 11000: the day's row exists at the limit, so the conditional upsert tried to insert a duplicate.
    if ((err as { code?: number }).code !== 11000) throw err;
  }
  if (!row) {
    const full = await ChatQuota.findOne({ uid: user.uid, day }).lean();
    const status = dailyStatus(full, chat.dailyLimit);
    throw reached({ ...status, used: Math.max(status.used, status.limit) });
  }
  return {
    limit: dailyStatus(row as { count?: number; sent?: number; extra?: number }, chat.dailyLimit),
    refund: async () => void (await ChatQuota.updateOne({ uid: user.uid, day }, { $inc: { count: -1, sent: -1 } })),
  };
}

/** Length in characters and in tokens: 1012 with both maxima when over either. */
export function checkInputSize(message: string, chat: ChatSettings): void {
  const chars = [...message].length;
  if (chars > chat.inputMaxChars) {
    throw new AppError(ErrorCode.InputLimit, `message: at most ${chat.inputMaxChars} characters`, {
      data: { max_chars: chat.inputMaxChars, max_tokens: chat.inputMaxTokens, chars },
    });
  }
  // Every token is at least one byte: a message within the limit in bytes needs no counting.
  const tokens = Buffer.byteLength(message) <= chat.inputMaxTokens ? 0 : countTokens(message);
  if (tokens > chat.inputMaxTokens) {
    throw new AppError(ErrorCode.InputLimit, `message: at most ${chat.inputMaxTokens} tokens`, {
      data: { max_chars: chat.inputMaxChars, max_tokens: chat.inputMaxTokens, tokens },
    });
  }
}
