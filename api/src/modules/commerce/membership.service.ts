import mongoose from 'mongoose';
import { randomBytes } from 'node:crypto';
import { type Membership } from 'shared-kit';
import { OrderStatus, TradeType } from 'shared-kit/areas';
import type { PlanSettings } from '../../config';
import { isDuplicateKey, mirrorMembershipEnd } from '../users';
import { MembershipModel, TradeOrderModel, type MembershipRow } from './commerce.model';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An event that cannot be applied now (its account is not known yet, or too many writers at once): the provider delivers it again. */
export class RetryLater extends Error {}

/** `SV` + UTC date + 12 random hex digits, upper case: what the order history shows. */
export function newOrderNo(now: number): string {
  return `SV${new Date(now).toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(6).toString('hex').toUpperCase()}`;
}

export function addDays(from: number, days: number): Date {
  return new Date(from + days * DAY_MS);
}

/** The latest end of a paid (not refunded) period or grant among the account's orders. */
export async function latestPaidEnd(uid: string): Promise<Date | null> {
  const [latest] = await TradeOrderModel.find({ uid, status: OrderStatus.Paid, period_end: mongoose.trusted({ $ne: null }) }, { period_end: 1 })
    .sort({ period_end: -1 })
    .limit(1)
    .lean();
  return latest?.period_end ?? null;
}

/**
 * What a caller already read for the first attempt: the membership's revision, then (after it) the latest paid end,
 * to which the caller has added its own order, which may have been written after that read.
 */
export interface RecomputeStart {
  rev: number;
  end: Date | null;
}

/**
 * Sets the membership's end from the orders: the latest end of a paid (not refunded) period or grant. Derived, not
 * added to, so events applied in any order (a refund before its payment, a renewal before the checkout) leave the
 * same state. Written over the revision it read (another process recomputing the same user retries), then mirrored
 * onto the account (`vip_until`, only forwards in revision) for the send path's isMember.
 * `start`: the first attempt's revision and end, when the caller read them.
 */
export async function recompute(uid: string, now: number, start?: RecomputeStart): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    const first = attempt === 0 ? start : undefined;
    // The revision is read before the orders: a derivation from older orders can then only lose the revision guard.
    const current = first ? { rev: first.rev } : await MembershipModel.findOne({ uid }, { rev: 1 }).lean();
    const validUntil = first ? first.end : await latestPaidEnd(uid);
    const rev = (current?.rev ?? 0) + 1;
    if (current) {
      const res = await MembershipModel.updateOne({ uid, rev: current.rev }, { $set: { valid_until: validUntil, updated_at: new Date(now), rev } });
      if (res.matchedCount === 0) continue;
    } else {
      try {
        await MembershipModel.create({ uid, valid_until: validUntil, rev, updated_at: new Date(now) });
      } catch (err) {
        if (isDuplicateKey(err)) continue;
        throw err;
      }
    }
    await mirrorMembershipEnd(uid, validUntil, rev);
    return;
  }
  throw new RetryLater('membership: too many concurrent writes');
}

export function presentMembership(row: Pick<MembershipRow, 'valid_until' | 'auto_renew' | 'goods_id' | 'currency' | 'payment_failed'> | null, plans: PlanSettings[], now: number): Membership {
  const until = row?.valid_until ? row.valid_until.getTime() : null;
  const active = until !== null && until > now;
  const plan = plans.find((p) => p.goods_id === row?.goods_id);
  const renewing = active && row?.auto_renew === true;
  const currency = row?.currency || '';
  return {
    is_vip: active,
    status: until === null ? 'none' : active ? 'active' : 'expired',
    valid_until: until === null ? null : new Date(until).toISOString(),
    auto_renew: renewing,
    goods_id: row?.goods_id ?? '',
    next_renewal_amount: renewing && plan ? (plan.prices[currency] ?? null) : null,
    next_renewal_at: renewing ? new Date(until).toISOString() : null,
    currency,
    payment_failed: renewing && row?.payment_failed === true,
  };
}

export async function membershipOf(uid: string, plans: PlanSettings[], now: number): Promise<Membership> {
  const row = await MembershipModel.findOne({ uid }).lean();
  return presentMembership(row, plans, now);
}

/** Trial days from an operator: an order of type grant (amount 0), starting where the membership ends. */
export async function grantDays(uid: string, days: number, note: string, now: number): Promise<string> {
  const m = await MembershipModel.findOne({ uid }, { valid_until: 1 }).lean();
  const from = Math.max(now, m?.valid_until?.getTime() ?? 0);
  const order_no = newOrderNo(now);
  await TradeOrderModel.create({
    order_no,
    uid,
    goods_id: 'grant',
    trade_type: TradeType.Grant,
    status: OrderStatus.Paid,
    currency: '',
    amount: 0,
    provider: 'grant',
    period_end: addDays(from, days),
    paid_at: new Date(now),
    note,
    created_at: new Date(now),
  });
  await recompute(uid, now);
  return order_no;
}

/**
 * A guest's device subscription follows the guest into the account it signs in to (a guest merge hook): the orders
 * move, the subscription moves when the account has none, and the account's membership is recomputed.
 */
export async function moveGuestMembership(guestUid: string, accountUid: string, now: number): Promise<number> {
  const moved = await TradeOrderModel.updateMany({ uid: guestUid }, { $set: { uid: accountUid } });
  const guest = await MembershipModel.findOne({ uid: guestUid }).lean();
  if (guest?.subscription_id) {
    await MembershipModel.updateOne(
      { uid: accountUid, $or: [{ subscription_id: '' }, { subscription_id: mongoose.trusted({ $exists: false }) }] },
      {
        $set: {
          subscription_id: guest.subscription_id,
          auto_renew: guest.auto_renew,
          goods_id: guest.goods_id,
          currency: guest.currency,
          payment_failed: guest.payment_failed,
          sub_event_at: guest.sub_event_at,
        },
        $setOnInsert: { rev: 0 },
      },
      { upsert: true },
    ).catch((err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    });
  }
  await MembershipModel.deleteOne({ uid: guestUid });
  if (moved.modifiedCount > 0 || guest) await recompute(accountUid, now);
  return 0;
}
