import mongoose from 'mongoose';
import { OrderStatus, TradeType } from 'shared-kit';
import type { PlanSettings } from '../../config';
import { isDuplicateKey } from '../users';
import { MembershipModel, TradeOrderModel } from './commerce.model';
import type { Effect } from './events';
import { addDays, newOrderNo, recompute, RetryLater } from './membership.service';

export { RetryLater };

/**
 * Subscription fields change only for an event at least as new as the last one applied (the provider's `created`),
 * so a late `updated` never undoes a later cancellation.
 */
async function setSubscription(filter: Record<string, unknown>, fields: Record<string, unknown>, at: number): Promise<void> {
  await MembershipModel.updateOne({ ...filter, sub_event_at: mongoose.trusted({ $lte: at }) }, { $set: { ...fields, sub_event_at: at } });
}

async function uidOfSubscription(subscriptionId: string, hinted: string): Promise<{ uid: string; goods_id: string; currency: string }> {
  const first = await TradeOrderModel.findOne({ subscription_id: subscriptionId, trade_type: TradeType.Subscribe }, { uid: 1, goods_id: 1, currency: 1 }).lean();
  if (first) return first;
  if (hinted) return { uid: hinted, goods_id: '', currency: '' };
  throw new RetryLater(`subscription ${subscriptionId} is not known yet`);
}

async function paid(e: Extract<Effect, { kind: 'paid' }>, at: number, plans: PlanSettings[]): Promise<string | null> {
  const order = await TradeOrderModel.findOne({ order_no: e.order_no }).lean();
  if (!order) return null;
  const plan = plans.find((p) => p.goods_id === order.goods_id);
  const days = plan?.days ?? 30;
  let from = at;
  if (order.trade_type === TradeType.OneTime) {
    // A one-off period follows on from the membership in force.
    const m = await MembershipModel.findOne({ uid: order.uid }, { valid_until: 1 }).lean();
    from = Math.max(at, m?.valid_until?.getTime() ?? 0);
  }
  const res = await TradeOrderModel.updateOne(
    { order_no: e.order_no, status: mongoose.trusted({ $in: [OrderStatus.Open, OrderStatus.Expired, OrderStatus.Failed] }) },
    {
      $set: {
        status: OrderStatus.Paid,
        paid_at: new Date(at),
        period_end: addDays(from, days),
        subscription_id: e.subscription_id,
        payment_ref: e.payment_ref,
        // A subscription's checkout is paid by its first invoice (no payment intent on the session): kept for refunds.
        ...(e.invoice_id ? { invoice_id: e.invoice_id } : {}),
      },
      $unset: { open_slot: 1 },
    },
  );
  // Also when a first attempt wrote the order and died before this: the write below is guarded by time.
  const stillPaid = res.modifiedCount > 0 || (order.status === OrderStatus.Paid && order.subscription_id === e.subscription_id);
  if (stillPaid && e.subscription_id) {
    await MembershipModel.updateOne({ uid: order.uid }, { $setOnInsert: { rev: 0, sub_event_at: 0 } }, { upsert: true }).catch((err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    });
    // A new subscription replaces the last one whatever that one's events said; the same one only forwards in time.
    await MembershipModel.updateOne(
      { uid: order.uid, $or: [{ subscription_id: mongoose.trusted({ $ne: e.subscription_id }) }, { sub_event_at: mongoose.trusted({ $lte: at }) }] },
      {
        $set: { subscription_id: e.subscription_id, auto_renew: true, goods_id: order.goods_id, currency: order.currency, payment_failed: false, sub_event_at: at },
      },
    );
  }
  return order.uid;
}

/** A renewal or a failed renewal: one order per invoice (unique), moved to Paid when a retried charge succeeds. */
async function invoiceOrder(e: Extract<Effect, { kind: 'renewed' | 'payment_failed' }>, at: number, now: number): Promise<string> {
  const owner = await uidOfSubscription(e.subscription_id, e.uid);
  const status = e.kind === 'renewed' ? OrderStatus.Paid : OrderStatus.Failed;
  const base = {
    order_no: newOrderNo(now),
    uid: owner.uid,
    goods_id: owner.goods_id || 'renewal',
    trade_type: TradeType.Renewal,
    status,
    currency: e.currency || owner.currency,
    amount: e.amount,
    provider: 'provider',
    subscription_id: e.subscription_id,
    invoice_id: e.invoice_id,
    created_at: new Date(now),
  };
  const paidFields = e.kind === 'renewed' ? { paid_at: new Date(at), period_end: new Date(e.period_end), payment_ref: e.payment_ref } : {};
  try {
    await TradeOrderModel.updateOne({ invoice_id: e.invoice_id }, { $setOnInsert: { ...base, ...paidFields } }, { upsert: true });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  if (e.kind === 'renewed') {
    await TradeOrderModel.updateOne({ invoice_id: e.invoice_id, status: mongoose.trusted({ $in: [OrderStatus.Failed, OrderStatus.Open] }) }, { $set: { status: OrderStatus.Paid, ...paidFields } });
  }
  await setSubscription({ uid: owner.uid, subscription_id: e.subscription_id }, { payment_failed: e.kind === 'payment_failed' }, at);
  return owner.uid;
}

/** Applies one verified event's effect; returns the account it changed (recomputed), or null when nothing applied. */
export async function applyEffect(effect: Effect, at: number, plans: PlanSettings[], now: number): Promise<string | null> {
  let uid: string | null = null;
  switch (effect.kind) {
    case 'paid':
      uid = await paid(effect, at, plans);
      break;
    case 'expired': {
      const order = await TradeOrderModel.findOneAndUpdate(
        { order_no: effect.order_no, status: OrderStatus.Open },
        { $set: { status: OrderStatus.Expired }, $unset: { open_slot: 1 } },
      ).lean();
      return order ? order.uid : null;
    }
    case 'renewed':
    case 'payment_failed':
      uid = await invoiceOrder(effect, at, now);
      break;
    case 'renewal':
    case 'cancelled': {
      const m = await MembershipModel.findOne({ subscription_id: effect.subscription_id }, { uid: 1 }).lean();
      if (!m) throw new RetryLater(`subscription ${effect.subscription_id} is not known yet`);
      const autoRenew = effect.kind === 'renewal' ? effect.auto_renew : false;
      // A deletion is final: a later "updated" (older in the provider's time) cannot switch renewal back on.
      await setSubscription({ uid: m.uid, subscription_id: effect.subscription_id }, { auto_renew: autoRenew }, effect.kind === 'cancelled' ? Number.MAX_SAFE_INTEGER : at);
      uid = m.uid;
      break;
    }
    case 'refunded': {
      const order = await TradeOrderModel.findOneAndUpdate(
        { order_no: effect.order_no, status: mongoose.trusted({ $ne: OrderStatus.Refunded }) },
        { $set: { status: OrderStatus.Refunded, refunded_at: new Date(at) }, $unset: { open_slot: 1 } },
      ).lean();
      uid = order?.uid ?? null;
      break;
    }
    case 'ignored':
      return null;
  }
  if (uid) await recompute(uid, now);
  return uid;
}
