import mongoose from 'mongoose';
import { NoticeKind } from 'shared-kit';
import { notify, type NoticeReceipt } from '../notice';
import { TradeOrderModel, type OrderRow } from './commerce.model';

export type ReceiptEvent = NoticeReceipt['event'];

/**
 * A receipt in the buyer's inbox for a payment, a renewal or a refund an event has just applied (the order as the
 * event's write left it, applyEffect's `receipt`): the order number, the plan and the amount. Each order gets each receipt once, however often (and in however many processes) its
 * event is delivered: the order records it first; a receipt that could not be written is unrecorded again, so the
 * provider's next delivery sends it. Free orders (grants) get none.
 */
export async function sendReceipt(found: { order: OrderRow; event: ReceiptEvent } | null): Promise<void> {
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
