import { NoticeKind } from 'shared-kit';
import { notify, type NoticeReceipt } from '../notice';
import { isDuplicateKey } from '../users';
import type { OrderRow } from './commerce.model';

export type ReceiptEvent = NoticeReceipt['event'];

/**
 * A receipt in the buyer's inbox for a payment, a renewal or a refund an event has just applied (the order as the
 * event's write left it, applyEffect's `receipt`): the order number, the plan and the amount. Each order gets each
 * receipt once, however often (and in however many processes) its event is delivered: the inbox holds one receipt
 * per order and event (a unique key), so a second one is refused and nothing else needs recording; a receipt that
 * could not be written is written by the provider's next delivery. Free orders (grants) get none.
 */
export async function sendReceipt(found: { order: OrderRow; event: ReceiptEvent } | null): Promise<void> {
  if (!found || found.order.amount <= 0) return;
  const { order, event } = found;
  try {
    await notify({
      uid: order.uid,
      kind: NoticeKind.Receipt,
      actor_uid: '',
      link: '/account/membership',
      receipt: { event, order_no: order.order_no, goods_id: order.goods_id, amount: order.amount, currency: order.currency },
    });
  } catch (err) {
    // Sent by an earlier delivery of this event (or of another event for the same order and outcome).
    if (!isDuplicateKey(err, 'receipt')) throw err;
  }
}
