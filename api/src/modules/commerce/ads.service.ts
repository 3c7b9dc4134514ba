import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import mongoose from 'mongoose';
import { ErrorCode } from 'shared-kit';
import type { CommerceSettings } from '../../config';
import { AppError } from '../../lib/errors';
import { addChatsToday } from '../play';

/** Where a rewarded ad may be offered. */
export const AD_PLACEMENTS = ['chat_limit'] as const;
/** A token not redeemed within this is void. */
const TOKEN_LIFE_MS = 60 * 60 * 1000;

const viewsSchema = new mongoose.Schema(
  {
    uid: { type: String, required: true },
    /** UTC day, YYYY-MM-DD (the chat limit's day). */
    day: { type: String, required: true },
    views: { type: Number, default: 0 },
    extra_chats: { type: Number, default: 0 },
  },
  { collection: 'ad_views' },
);
viewsSchema.index({ uid: 1, day: 1 }, { unique: true });
const AdViews = mongoose.model('AdViews', viewsSchema);

/** One row per redeemed token: its unique `_id` makes a token single-use across processes. */
const redemptionSchema = new mongoose.Schema({ _id: { type: String, required: true }, uid: String, at: Date }, { collection: 'ad_redemptions' });
const AdRedemption = mongoose.model('AdRedemption', redemptionSchema);

interface TokenBody {
  jti: string;
  uid: string;
  placement: string;
  /** When the ad started (ms). */
  iat: number;
}

const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);
const noReward = (reason: string, message: string) => new AppError(ErrorCode.RiskNoReward, message, { data: { reason } });

export interface AdsDeps {
  settings: CommerceSettings['ads'];
  /** Signs the reward tokens. */
  secret: string;
  now: () => number;
}

function sign(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

export function adsConfig(deps: AdsDeps) {
  const s = deps.settings;
  return { placements: [...AD_PLACEMENTS], reward_chats: s.rewardChats, views_per_day: s.viewsPerDay, min_watch_ms: s.minWatchMs, network: 'house' };
}

/** Today's views and extra chats; `limit_code` is the spec's "ad chat limit reached" once the views are used, "recovered" the next day. */
export async function adsUserInfo(uid: string, isMember: boolean, deps: AdsDeps) {
  const now = deps.now();
  const [today, yesterday] = await Promise.all([
    AdViews.findOne({ uid, day: utcDay(now) }).lean(),
    AdViews.findOne({ uid, day: utcDay(now - 24 * 60 * 60 * 1000) }, { views: 1 }).lean(),
  ]);
  const views = today?.views ?? 0;
  const left = Math.max(0, deps.settings.viewsPerDay - views);
  const recovered = left > 0 && (yesterday?.views ?? 0) >= deps.settings.viewsPerDay;
  return {
    views_today: views,
    views_left: left,
    extra_chats_today: today?.extra_chats ?? 0,
    ad_free: isMember,
    limit_code: left === 0 ? ErrorCode.AdChatLimitReached : recovered ? ErrorCode.AdChatLimitRecovered : 0,
  };
}

function reached(): AppError {
  return new AppError(ErrorCode.AdChatLimitReached, undefined, { data: { reason: 'views_used' } });
}

/** Starts a view: a signed token bound to the account and the placement, stamped with the start time. */
export async function startAd(uid: string, placement: string, deps: AdsDeps) {
  if (!(AD_PLACEMENTS as readonly string[]).includes(placement)) throw new AppError(ErrorCode.ClientParamError, 'placement: unknown placement');
  const now = deps.now();
  const today = await AdViews.findOne({ uid, day: utcDay(now) }, { views: 1 }).lean();
  if ((today?.views ?? 0) >= deps.settings.viewsPerDay) throw reached();
  const body = Buffer.from(JSON.stringify({ jti: randomBytes(16).toString('hex'), uid, placement, iat: now } satisfies TokenBody)).toString('base64url');
  return { token: `${body}.${sign(body, deps.secret)}`, min_watch_ms: deps.settings.minWatchMs, placement };
}

function readToken(token: string, secret: string): TokenBody {
  const [body = '', mac = ''] = token.split('.');
  const expected = Buffer.from(sign(body, secret));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw noReward('forged', 'The ad could not be verified');
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenBody;
  } catch {
    throw noReward('forged', 'The ad could not be verified');
  }
}

/**
 * The reward, only for a verified completion: the token is ours, the caller's, for a known placement, at least the
 * minimum watch time old, not expired, never used (a unique redemption), and within the day's views. Then the
 * day's chat limit rises by the reward.
 */
export async function rewardAd(uid: string, token: string, deps: AdsDeps) {
  const t = readToken(token, deps.secret);
  const now = deps.now();
  if (t.uid !== uid) throw noReward('other_user', 'This ad was started by another account');
  if (!(AD_PLACEMENTS as readonly string[]).includes(t.placement)) throw noReward('placement', 'Unknown placement');
  if (now - t.iat < deps.settings.minWatchMs) throw noReward('too_early', 'Watch the whole ad to get the reward');
  if (now - t.iat > TOKEN_LIFE_MS) throw noReward('expired', 'This ad has expired');
  const day = utcDay(now);
  // The view is counted first, conditionally: past the day's views nothing is spent, the token included.
  let counted = null;
  try {
    counted = await AdViews.findOneAndUpdate(
      { uid, day, views: mongoose.trusted({ $lt: deps.settings.viewsPerDay }) },
      { $inc: { views: 1 } },
      { upsert: true, new: true },
    ).lean();
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
  }
  if (!counted) throw reached();
  try {
    await AdRedemption.create({ _id: t.jti, uid, at: new Date(now) });
  } catch (err) {
    await AdViews.updateOne({ uid, day }, { $inc: { views: -1 } });
    if ((err as { code?: number }).code === 11000) throw noReward('used', 'This ad was already rewarded');
    throw err;
  }
  const reward = deps.settings.rewardChats;
  await AdViews.updateOne({ uid, day }, { $inc: { extra_chats: reward } });
  await addChatsToday(uid, reward, now);
  return { reward_chats: reward };
}
