import mongoose from 'mongoose';
import { OrderStatus, TradeType } from 'shared-kit/areas';
import type { PlanSettings } from '../../config';
import { isDuplicateKey } from '../users';
import { MembershipModel, TradeOrderModel, type OrderRow } from './commerce.model';
import type { Effect } from './events';
import { addDays, latestPaidEnd, newOrderNo, RetryLater, type RecomputeStart } from './membership.service';
import type { ReceiptEvent } from './receipts';

export { RetryLater };

/**
 * Subscription fields change only for an event at least as new as the last one applied (the provider's `created`),
 * so a late `updated` never undoes a later cancellation.
 */
async function setSubscription(filter: Record<string, unknown>, fields: Record<string, unknown>, at: number): Promise<void> {
  await MembershipModel.updateOne({ ...filter, sub_event_at: mongoose.trusted({ $lte: at }) }, { $set: { ...fields, sub_event_at: at } });
}

/**
 * setSubscription for an invoice, answering the membership's revision as the write found it (the recomputation that
 * follows starts from it instead of reading it again), or undefined when the event was older than the last one.
 */
async function setInvoiceSubscription(filter: Record<string, unknown>, fields: Record<string, unknown>, at: number): Promise<number | undefined> {
  const found = await MembershipModel.findOneAndUpdate(
    { ...filter, sub_event_at: mongoose.trusted({ $lte: at }) },
    { $set: { ...fields, sub_event_at: at } },
    { projection: { rev: 1 } },
  ).lean();
  return found?.rev;
}

/** Waits for every write (none is left running when one fails) and answers their results, or the first failure. */
async function all<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [ra, rb] = await Promise.allSettled([a, b]);
  if (ra.status === 'rejected') throw ra.reason;
  if (rb.status === 'rejected') throw rb.reason;
  return [ra.value, rb.value];
}

async function uidOfSubscription(subscriptionId: string, hinted: string): Promise<{ uid: string; goods_id: string; currency: string }> {
  const first = await TradeOrderModel.findOne({ subscription_id: subscriptionId, trade_type: TradeType.Subscribe }, { uid: 1, goods_id: 1, currency: 1 }).lean();
  if (first) return first;
  if (hinted) return { uid: hinted, goods_id: '', currency: '' };
  throw new RetryLater(`subscription ${subscriptionId} is not known yet`);
}

/**
 * What an applied effect changed: the account whose membership's end is to be recomputed (null when no paid order
 * changed, so the end cannot have moved), what was read along the way for the recomputation's first attempt, the
 * account the event was about (for the log), and the order a receipt is for.
 */
export interface Applied {
  uid: string | null;
  start?: RecomputeStart;
  account?: string;
  receipt: { order: OrderRow; event: ReceiptEvent } | null;
}
const NOTHING: Applied = { uid: null, receipt: null };

async function paid(e: Extract<Effect, { kind: 'paid' }>, at: number, plans: PlanSettings[]): Promise<Applied> {
  const order = await TradeOrderModel.findOne({ order_no: e.order_no }).lean();
  if (!order) return NOTHING;
  const plan = plans.find((p) => p.goods_id === order.goods_id);
  const days = plan?.days ?? 30;
  let from = at;
  if (order.trade_type === TradeType.OneTime) {
    // A one-off period follows on from the membership in force.
    const m = await MembershipModel.findOne({ uid: order.uid }, { valid_until: 1 }).lean();
    from = Math.max(at, m?.valid_until?.getTime() ?? 0);
  }
  const updated = await TradeOrderModel.findOneAndUpdate(
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
    { new: true },
  ).lean();
  // Also when a first attempt wrote the order and died before this: the write below is guarded by time.
  const stillPaid = updated !== null || (order.status === OrderStatus.Paid && order.subscription_id === e.subscription_id);
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
  const nowPaid = updated ?? (order.status === OrderStatus.Paid ? order : null);
  return { uid: order.uid, receipt: nowPaid ? { order: nowPaid, event: 'paid' } : null };
}

/** A renewal or a failed renewal: one order per invoice (unique), moved to Paid when a retried charge succeeds. */
async function invoiceOrder(e: Extract<Effect, { kind: 'renewed' | 'payment_failed' }>, at: number, now: number, owning: Promise<Owner>): Promise<Applied> {
  const owner = await owning;
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
  // The invoice's order as it is after this write (inserted now, or as an earlier delivery left it).
  const upsert = () => TradeOrderModel.findOneAndUpdate({ invoice_id: e.invoice_id }, { $setOnInsert: { ...base, ...paidFields } }, { upsert: true, new: true }).lean();
  const ordered = upsert().catch((err: unknown) => {
    // Another process inserted it at the same moment: it is there now.
    if (isDuplicateKey(err)) return upsert();
    throw err;
  });
  // The subscription's flag does not depend on the order: written beside it. For a renewal the membership's
  // revision comes with it, and the latest paid end is read after it, also beside the order's write: the
  // recomputation starts from them, adding this order (RecomputeStart).
  const flagged = setInvoiceSubscription({ uid: owner.uid, subscription_id: e.subscription_id }, { payment_failed: e.kind === 'payment_failed' }, at).then(
    async (rev): Promise<RecomputeStart | undefined> => (rev === undefined || e.kind !== 'renewed' ? undefined : { rev, end: await latestPaidEnd(owner.uid) }),
  );
  const [written, start] = await all<OrderRow | null, RecomputeStart | undefined>(ordered, flagged);
  let order = written;
  if (e.kind === 'renewed' && order && order.status !== OrderStatus.Paid) {
    order =
      (await TradeOrderModel.findOneAndUpdate(
        { invoice_id: e.invoice_id, status: mongoose.trusted({ $in: [OrderStatus.Failed, OrderStatus.Open] }) },
        { $set: { status: OrderStatus.Paid, ...paidFields } },
        { new: true },
      ).lean()) ?? (await TradeOrderModel.findOne({ invoice_id: e.invoice_id }).lean());
  }
  if (e.kind === 'payment_failed') {
    // A failed payment's order is not paid: the membership's end stays where it is.
    return { uid: null, account: owner.uid, receipt: null };
  }
  const paid = order?.status === OrderStatus.Paid ? order : null;
  const end = paid?.period_end ?? null;
  if (start && end && (!start.end || end > start.end)) start.end = end;
  return { uid: owner.uid, start, account: owner.uid, receipt: paid ? { order: paid, event: 'renewed' } : null };
}

type Owner = Awaited<ReturnType<typeof uidOfSubscription>>;

/**
 * Reads an event needs before it is claimed, started beside the claim so the claim's round trip is not added to
 * theirs (an invoice's subscription owner); a duplicate delivery drops it.
 */
export function prefetch(effect: Effect): Promise<Owner> | null {
  if (effect.kind !== 'renewed' && effect.kind !== 'payment_failed') return null;
  const owning = uidOfSubscription(effect.subscription_id, effect.uid);
  owning.catch(() => undefined);
  return owning;
}

/**
 * Applies one verified event's effect to the orders and the subscription: the account whose membership is to be
 * recomputed (null when nothing applied or its end cannot have moved) and the order a receipt is due for.
 * `prefetched` is prefetch(effect)'s read, when it was started.
 */
export async function applyEffect(effect: Effect, at: number, plans: PlanSettings[], now: number, prefetched?: Promise<Owner> | null): Promise<Applied> {
  switch (effect.kind) {
    case 'paid':
      return paid(effect, at, plans);
    case 'expired': {
      await TradeOrderModel.updateOne({ order_no: effect.order_no, status: OrderStatus.Open }, { $set: { status: OrderStatus.Expired }, $unset: { open_slot: 1 } });
      return NOTHING;
    }
    case 'renewed':
    case 'payment_failed':
      return invoiceOrder(effect, at, now, prefetched ?? uidOfSubscription(effect.subscription_id, effect.uid));
    case 'renewal':
    case 'cancelled': {
      const m = await MembershipModel.findOne({ subscription_id: effect.subscription_id }, { uid: 1 }).lean();
      if (!m) throw new RetryLater(`subscription ${effect.subscription_id} is not known yet`);
      const autoRenew = effect.kind === 'renewal' ? effect.auto_renew : false;
      // A deletion is final: a later "updated" (older in the provider's time) cannot switch renewal back on.
      await setSubscription({ uid: m.uid, subscription_id: effect.subscription_id }, { auto_renew: autoRenew }, effect.kind === 'cancelled' ? Number.MAX_SAFE_INTEGER : at);
      // Renewal switched on or off, or the subscription ended: no order changed, so the membership's end stays.
      return { uid: null, account: m.uid, receipt: null };
    }
    case 'refunded': {
      const order = await TradeOrderModel.findOneAndUpdate(
        { order_no: effect.order_no, status: mongoose.trusted({ $ne: OrderStatus.Refunded }) },
        { $set: { status: OrderStatus.Refunded, refunded_at: new Date(at) }, $unset: { open_slot: 1 } },
        { new: true },
      ).lean();
      if (order) return { uid: order.uid, receipt: { order, event: 'refunded' } };
      // Refunded by an earlier delivery that stopped before its receipt (sendReceipt sends each receipt once).
      const before = await TradeOrderModel.findOne({ order_no: effect.order_no, status: OrderStatus.Refunded }).lean();
      return { uid: null, receipt: before ? { order: before, event: 'refunded' } : null };
    }
    case 'ignored':
      return NOTHING;
  }
}
