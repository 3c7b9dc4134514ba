import mongoose from 'mongoose';
import { ErrorCode, type CreateTradeOrderRequest, type TradeOrder } from 'shared-kit';
import { OrderStatus, TradeType } from 'shared-kit/areas';
import type { CommerceSettings, PlanSettings } from '../../config';
import { AppError, paramError } from '../../lib/errors';
import { isDuplicateKey } from '../users';
import { MembershipModel, TradeOrderModel, type OrderRow } from './commerce.model';
import { membershipOf, newOrderNo } from './membership.service';
import type { PaymentProvider, ProviderCall } from './provider';

export interface OrderDeps {
  settings: CommerceSettings;
  provider: PaymentProvider;
  /** The membership page, where the provider sends the buyer back. */
  returnUrl: string;
  now: () => number;
}

export function presentOrder(o: Pick<OrderRow, 'order_no' | 'goods_id' | 'trade_type' | 'status' | 'currency' | 'amount' | 'created_at' | 'paid_at' | 'period_end'>): TradeOrder {
  return {
    order_no: o.order_no,
    goods_id: o.goods_id,
    trade_type: o.trade_type,
    status: o.status as TradeOrder['status'],
    currency: o.currency,
    amount: o.amount,
    created_at: o.created_at.toISOString(),
    paid_at: o.paid_at ? o.paid_at.toISOString() : null,
    period_end: o.period_end ? o.period_end.toISOString() : null,
  };
}

/** The plan and price a request names, or 1009 naming the field that is not in the configuration. */
export function pricedPlan(settings: CommerceSettings, body: CreateTradeOrderRequest): { plan: PlanSettings; currency: string; amount: number } {
  const plan = settings.plans.find((p) => p.goods_id === body.goods_id);
  if (!plan) throw paramError([{ path: 'goods_id', message: `Unknown plan ${body.goods_id}` }]);
  if (body.coupon_id) throw paramError([{ path: 'coupon_id', message: 'Unknown coupon' }]);
  const kind = plan.kind === 'subscription' ? TradeType.Subscribe : TradeType.OneTime;
  if (body.trade_type && body.trade_type !== kind) throw paramError([{ path: 'trade_type', message: `${plan.goods_id} is sold as ${kind}` }]);
  const currency = body.currency ?? settings.defaultCurrency;
  const amount = plan.prices[currency];
  if (amount === undefined) throw paramError([{ path: 'currency', message: `${plan.goods_id} has no price in ${currency}` }]);
  return { plan, currency, amount };
}

const WAIT_STEP_MS = 50;

/** An open order another request is still making a checkout for: wait a little for its address. */
async function openOrderWithCheckout(slot: string): Promise<OrderRow | null> {
  for (let i = 0; i < 100; i++) {
    const row = await TradeOrderModel.findOne({ open_slot: slot }).lean();
    if (!row || row.checkout_url) return row;
    await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
  }
  return null;
}

/**
 * An order and its checkout. One open order per account and plan (a unique slot): concurrent calls, or a second
 * tap, get the same checkout back (`reused`); an open order past its checkout's life is closed first.
 */
export async function createOrder(uid: string, body: CreateTradeOrderRequest, deps: OrderDeps, call: ProviderCall) {
  const { plan, currency, amount } = pricedPlan(deps.settings, body);
  const now = deps.now();
  if (plan.kind === 'subscription') {
    const m = await MembershipModel.findOne({ uid }, { auto_renew: 1, valid_until: 1 }).lean();
    if (m?.auto_renew && (m.valid_until?.getTime() ?? 0) > now) {
      throw new AppError(ErrorCode.DuplicateOperation, 'Already auto-renewing', { data: { reason: 'already_subscribed' } });
    }
  }
  const slot = `${uid}:${plan.goods_id}`;
  await TradeOrderModel.updateOne(
    { open_slot: slot, created_at: mongoose.trusted({ $lt: new Date(now - deps.settings.checkoutTtlMs) }) },
    { $set: { status: OrderStatus.Expired }, $unset: { open_slot: 1 } },
  );
  const order_no = newOrderNo(now);
  try {
    await TradeOrderModel.create({
      order_no,
      uid,
      goods_id: plan.goods_id,
      trade_type: plan.kind === 'subscription' ? TradeType.Subscribe : TradeType.OneTime,
      status: OrderStatus.Open,
      currency,
      amount,
      provider: deps.provider.name,
      open_slot: slot,
      created_at: new Date(now),
    });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const open = await openOrderWithCheckout(slot);
    if (!open) throw new AppError(ErrorCode.ConcurrentOperation, 'Order already paying, try again');
    return { order_no: open.order_no, status: open.status, checkout_url: open.checkout_url, reused: true };
  }
  let checkout: { checkout_id: string; url: string };
  try {
    checkout = await deps.provider.createCheckout(
      {
        order_no,
        uid,
        plan,
        currency,
        amount,
        successUrl: `${deps.returnUrl}?order_no=${order_no}`,
        cancelUrl: `${deps.returnUrl}?order_no=${order_no}&cancelled=1`,
        expiresAt: Math.floor((now + deps.settings.checkoutTtlMs) / 1000),
      },
      call,
    );
  } catch (err) {
    // No checkout, no order: the slot is freed for the next try.
    await TradeOrderModel.deleteOne({ order_no, status: OrderStatus.Open });
    throw new AppError(ErrorCode.BackendNetworkError, 'The payment provider is not reachable, try again', { cause: err, report: true });
  }
  await TradeOrderModel.updateOne({ order_no }, { $set: { checkout_id: checkout.checkout_id, checkout_url: checkout.url } });
  return { order_no, status: OrderStatus.Open, checkout_url: checkout.url, reused: false };
}

/** The caller's own order; another account's order is not found (1050001), as one that does not exist. */
export async function orderStatus(uid: string, orderNo: string): Promise<TradeOrder> {
  const row = await TradeOrderModel.findOne({ order_no: orderNo, uid }).lean();
  if (!row) throw new AppError(ErrorCode.RecordNotFound, 'order_no: no such order');
  return presentOrder(row);
}

export interface OrderFilter {
  uid?: string;
  status?: string;
  /** Opened at or after. */
  from?: Date;
  /** Opened before. */
  to?: Date;
}

export async function listOrders(filter: OrderFilter, offset: number, count: number) {
  const query: Record<string, unknown> = {};
  if (filter.uid) query.uid = filter.uid;
  if (filter.status) query.status = filter.status;
  if (filter.from || filter.to) {
    query.created_at = mongoose.trusted({ ...(filter.from ? { $gte: filter.from } : {}), ...(filter.to ? { $lt: filter.to } : {}) });
  }
  const rows = await TradeOrderModel.find(query)
    .sort({ created_at: -1, _id: -1 })
    .skip(offset)
    .limit(count + 1)
    .lean();
  return { rows: rows.slice(0, count), has_more: rows.length > count };
}

/** Renewal off at the provider; the provider's event turns `auto_renew` off here. The membership runs to its end. */
export async function cancelRenewal(uid: string, deps: OrderDeps, call: ProviderCall) {
  const m = await MembershipModel.findOne({ uid }).lean();
  if (!m?.subscription_id || !m.auto_renew) throw new AppError(ErrorCode.IllegalOperation, 'Cancel failed: no auto-renewal to cancel', { data: { reason: 'not_renewing' } });
  try {
    await deps.provider.cancelRenewal(m.subscription_id, call);
  } catch (err) {
    throw new AppError(ErrorCode.BackendNetworkError, 'Cancel failed, try again', { cause: err, report: true });
  }
  return { ...(await membershipOf(uid, deps.settings.plans, deps.now())), cancel_requested: true };
}

/** An operator's refund through the provider; its event marks the order refunded and ends the period it paid for. */
export async function refundOrder(orderNo: string, deps: OrderDeps, call: ProviderCall) {
  const order = await TradeOrderModel.findOne({ order_no: orderNo }).lean();
  if (!order) throw new AppError(ErrorCode.RecordNotFound, 'order_no: no such order');
  if (order.status !== OrderStatus.Paid || order.amount === 0) {
    throw new AppError(ErrorCode.IllegalOperation, 'Only a paid order can be refunded', { data: { status: order.status } });
  }
  let paymentRef = order.payment_ref ?? '';
  if (!paymentRef && order.invoice_id) {
    // Newer provider API versions put no payment on the invoice's event: ask for the invoice's payment, and keep it.
    try {
      paymentRef = (await deps.provider.paymentOfInvoice(order.invoice_id, call)) ?? '';
    } catch (err) {
      throw new AppError(ErrorCode.BackendNetworkError, 'Refund failed at the provider, try again', { cause: err, report: true });
    }
    if (paymentRef) await TradeOrderModel.updateOne({ order_no: order.order_no, payment_ref: '' }, { $set: { payment_ref: paymentRef } });
  }
  if (!paymentRef) throw new AppError(ErrorCode.IllegalOperation, 'The provider holds no payment for this order');
  try {
    await deps.provider.refund({ order_no: order.order_no, payment_ref: paymentRef, uid: order.uid, amount: order.amount, currency: order.currency }, call);
    const m = await MembershipModel.findOne({ uid: order.uid, subscription_id: order.subscription_id, auto_renew: true }, { _id: 1 }).lean();
    if (order.subscription_id && m) await deps.provider.cancelRenewal(order.subscription_id, call);
  } catch (err) {
    throw new AppError(ErrorCode.BackendNetworkError, 'Refund failed at the provider, try again', { cause: err, report: true });
  }
  return { order, refund_requested: true };
}
