import mongoose from 'mongoose';
import { NoticeKind, OrderStatus } from 'shared-kit';
import { notify, type NoticeReceipt } from '../notice';
import { TradeOrderModel, type OrderRow } from './commerce.model';
import type { Effect } from './events';

type ReceiptEvent = NoticeReceipt['event'];

/** The order an applied effect leaves with a receipt to send, and which one; null for everything else. */
async function receiptFor(effect: Effect): Promise<{ order: OrderRow; event: ReceiptEvent } | null> {
  switch (effect.kind) {
    case 'paid': {
      const order = await TradeOrderModel.findOne({ order_no: effect.order_no, status: OrderStatus.Paid }).lean();
      return order ? { order, event: 'paid' } : null;
    }
    case 'renewed': {
      const order = await TradeOrderModel.findOne({ invoice_id: effect.invoice_id, status: OrderStatus.Paid }).lean();
      return order ? { order, event: 'renewed' } : null;
    }
    case 'refunded': {
      const order = await TradeOrderModel.findOne({ order_no: effect.order_no, status: OrderStatus.Refunded }).lean();
      return order ? { order, event: 'refunded' } : null;
    }
    default:
      return null;
  }
}

/**
 * A receipt in the buyer's inbox for a payment, a renewal or a refund an event has just applied: the order number,
 * the plan and the amount. Each order gets each receipt once, however often (and in however many processes) its
 * event is delivered: the order records it first; a receipt that could not be written is unrecorded again, so the
 * provider's next delivery sends it. Free orders (grants) get none.
 */
export async function sendReceipt(effect: Effect): Promise<void> {
  const found = await receiptFor(effect);
  if (!found || found.order.amount <= 0) return;
  const { order, event } = found;
  const taken = await TradeOrderModel.updateOne({ order_no: order.order_no, receipts: mongoose.trusted({ $ne: event }) }, { $addToSet: { receipts: event } });
  if (taken.modifiedCount === 0) return;
  try {
    await notify({
      uid: order.uid,
      kind: NoticeKind.Receipt,
      actor_uid: '',
      link: '/account/membership',
      receipt: { event, order_no: order.order_no, goods_id: order.goods_id, amount: order.amount, currency: order.currency },
    });
  } catch (err) {
    await TradeOrderModel.updateOne({ order_no: order.order_no }, { $pull: { receipts: event } });
    throw err;
  }
}
