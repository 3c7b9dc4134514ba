import mongoose from 'mongoose';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_RETRY_SECONDS, ErrorCode, UI_MESSAGES } from 'shared-kit';
import { AppError } from '../../lib/errors';
import type { AccountsRuntime } from './runtime';
import { PhoneFailure, SendSlot, SmsCode } from './smsCode.model';
import type { UiLanguage } from '../../lib/language';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESEND_AFTER_MS = CODE_RETRY_SECONDS * 1000;
export const MAX_WRONG_PER_CODE = 5;
export const MAX_FAILURES_PER_PHONE_HOUR = 100;
const HOUR_MS = 60 * 60 * 1000;
const CODE_KEEP_MS = 24 * HOUR_MS;

/** Why a code was refused; sent as `data.reason` next to the spec's message. */
export const CodeReason = {
  Expired: 'code_expired',
  Incorrect: 'code_incorrect',
  NotSent: 'code_not_sent',
  TooManyAttempts: 'too_many_attempts',
} as const;

function codeKey(secret: string): Buffer {
  // A key of its own, so a code hash can never be confused with anything else signed by the session secret.
  return createHmac('sha256', secret).update('sms-code-v1').digest();
}

export function hashCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', codeKey(secret)).update(`${phone}:${code}`).digest('hex');
}

function tooMany(retryAfterMs: number): AppError {
  const retryAfterS = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(ErrorCode.RateLimit, UI_MESSAGES.tooManyAttempts.replace('60', String(retryAfterS)), {
    data: { reason: CodeReason.TooManyAttempts, retry_after_s: retryAfterS },
  });
}

function refused(reason: (typeof CodeReason)[keyof typeof CodeReason], message: string, extra: object = {}): AppError {
  return new AppError(ErrorCode.InvalidParam, message, { data: { reason, ...extra } });
}

function windowStart(now: number): Date {
  return new Date(now - (now % HOUR_MS));
}

async function failuresThisHour(phone: string, now: number): Promise<number> {
  const doc = await PhoneFailure.findOne({ phone, window_start: windowStart(now) });
  return doc?.count ?? 0;
}

async function assertPhoneNotLocked(phone: string, now: number): Promise<void> {
  if ((await failuresThisHour(phone, now)) >= MAX_FAILURES_PER_PHONE_HOUR) {
    throw tooMany(windowStart(now).getTime() + HOUR_MS - now);
  }
}

const DUPLICATE_KEY = 11000;
const isDuplicate = (err: unknown) => (err as { code?: unknown }).code === DUPLICATE_KEY;

/**
 * Counts one check of `phone` this hour before it is made, by one conditional upsert: refused once the hour holds
 * 100, so checks split over several api processes stop at exactly the limit. A check that succeeds gives it back
 * (`releaseCheck`): what stays counted are the failures.
 */
async function reserveCheck(phone: string, now: number): Promise<void> {
  const start = windowStart(now);
  try {
    await PhoneFailure.updateOne(
      { phone, window_start: start, count: mongoose.trusted({ $lt: MAX_FAILURES_PER_PHONE_HOUR }) },
      { $inc: { count: 1 }, $setOnInsert: { purge_at: new Date(start.getTime() + 2 * HOUR_MS) } },
      { upsert: true },
    );
  } catch (err) {
    // The hour's document exists at the limit: the upsert's insert met the unique index.
    if (isDuplicate(err)) throw tooMany(start.getTime() + HOUR_MS - now);
    throw err;
  }
}

async function releaseCheck(phone: string, now: number): Promise<void> {
  await PhoneFailure.updateOne({ phone, window_start: windowStart(now) }, { $inc: { count: -1 } });
}

/** Takes the number's send slot for the next 60 s, or refuses with the time left (one winner across processes). */
async function takeSendSlot(phone: string, now: number): Promise<void> {
  try {
    await SendSlot.updateOne(
      { phone, next_at: mongoose.trusted({ $lte: new Date(now) }) },
      { $set: { next_at: new Date(now + RESEND_AFTER_MS), purge_at: new Date(now + RESEND_AFTER_MS + HOUR_MS) } },
      { upsert: true },
    );
  } catch (err) {
    if (!isDuplicate(err)) throw err;
    const slot = await SendSlot.findOne({ phone }).lean();
    throw tooMany((slot?.next_at.getTime() ?? now + RESEND_AFTER_MS) - now);
  }
}

export interface SentCode {
  retry_after_s: number;
  expires_in_s: number;
}

/**
 * Sends a new 6-digit code to `phone` (E.164). Refused within 60 s of the previous one and while the number is
 * locked by too many failures. The previous code stops working once a new one is sent.
 */
/** The text message carrying a code, in the language of the app that asked for it. */
const CODE_TEXT: Record<UiLanguage, (code: string) => string> = {
  en: (code) => `Your Storyverse code is ${code}. It expires in 10 minutes.`,
  zh: (code) => `你的 Storyverse 验证码是 ${code}，10 分钟内有效。`,
};

export async function sendCode(runtime: AccountsRuntime, phone: string, language: UiLanguage = 'en'): Promise<SentCode> {
  const now = runtime.now();
  await assertPhoneNotLocked(phone, now);
  await takeSendSlot(phone, now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await SmsCode.updateMany({ phone, used: false }, { $set: { used: true } });
  const doc = await SmsCode.create({
    phone,
    code_hash: hashCode(runtime.config.sessionSecret, phone, code),
    expires_at: new Date(now + CODE_TTL_MS),
    sent_at: new Date(now),
    purge_at: new Date(now + CODE_KEEP_MS),
  });
  try {
    await runtime.sms.send(phone, CODE_TEXT[language](code));
  } catch (err) {
    // Not delivered: drop it so the user may ask again at once rather than wait out the resend delay.
    await SmsCode.deleteOne({ _id: doc._id });
    await SendSlot.updateOne({ phone }, { $set: { next_at: new Date(now) } });
    throw new AppError(ErrorCode.BackendNetworkError, 'The code could not be sent, try again later', {
      report: true,
      cause: err,
    });
  }
  return { retry_after_s: CODE_RETRY_SECONDS, expires_in_s: CODE_TTL_MS / 1000 };
}

/**
 * Checks a code for `phone` and consumes it. The 5th wrong try invalidates the code; 100 failures in an hour lock
 * the number until the hour ends. Throws the spec's message for each refusal.
 */
export async function verifyCode(runtime: AccountsRuntime, phone: string, code: string): Promise<void> {
  const now = runtime.now();
  await reserveCheck(phone, now);
  const latest = await SmsCode.findOne({ phone }).sort({ sent_at: -1 });
  if (!latest) {
    throw refused(CodeReason.NotSent, UI_MESSAGES.codeNotSent);
  }
  if (latest.used || latest.attempts >= MAX_WRONG_PER_CODE || latest.expires_at.getTime() <= now) {
    throw refused(CodeReason.Expired, UI_MESSAGES.codeExpired);
  }
  const expected = Buffer.from(latest.code_hash, 'hex');
  const given = Buffer.from(hashCode(runtime.config.sessionSecret, phone, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const after = await SmsCode.findOneAndUpdate(
      { _id: latest._id, used: false },
      { $inc: { attempts: 1 } },
      { new: true },
    );
    const attempts = after?.attempts ?? MAX_WRONG_PER_CODE;
    if (attempts >= MAX_WRONG_PER_CODE) await SmsCode.updateOne({ _id: latest._id }, { $set: { used: true } });
    throw refused(CodeReason.Incorrect, UI_MESSAGES.codeIncorrect, {
      attempts_left: Math.max(0, MAX_WRONG_PER_CODE - attempts),
    });
  }
  // Single use even under concurrent logins: only the request that flips `used` wins.
  const consumed = await SmsCode.findOneAndUpdate(
    { _id: latest._id, used: false, attempts: mongoose.trusted({ $lt: MAX_WRONG_PER_CODE }) },
    { $set: { used: true } },
  );
  if (!consumed) throw refused(CodeReason.Expired, UI_MESSAGES.codeExpired);
  await releaseCheck(phone, now);
}
