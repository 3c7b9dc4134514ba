import type Stripe from 'stripe';

/**
 * What a provider event means for us, read from Stripe's event shapes (the sandbox sends the same shapes). Only
 * these types are acted on; every other verified event is recorded and ignored.
 */
export type Effect =
  | { kind: 'paid'; order_no: string; subscription_id: string; payment_ref: string; invoice_id: string }
  | { kind: 'expired'; order_no: string }
  | { kind: 'renewed'; subscription_id: string; invoice_id: string; amount: number; currency: string; period_end: number; payment_ref: string; uid: string }
  | { kind: 'payment_failed'; subscription_id: string; invoice_id: string; amount: number; currency: string; uid: string }
  | { kind: 'renewal'; subscription_id: string; auto_renew: boolean }
  | { kind: 'cancelled'; subscription_id: string }
  | { kind: 'refunded'; order_no: string }
  | { kind: 'ignored' };

/** The event types a Stripe account must send to the webhook (README). */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.expired',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'refund.created',
  'refund.updated',
] as const;

type Obj = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as Obj).id === 'string' ? ((v as Obj).id as string) : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** An invoice's subscription and its metadata, where the API version puts them (`parent` since 2025, top level before). */
function invoiceSubscription(invoice: Obj): { id: string; metadata: Obj } {
  const details = ((invoice.parent as Obj | undefined)?.subscription_details ?? invoice.subscription_details ?? {}) as Obj;
  return { id: str(details.subscription) || str(invoice.subscription), metadata: (details.metadata ?? {}) as Obj };
}

/**
 * The payment behind an invoice: `payment_intent` (or `charge`) on the invoice in API versions before 2025-03-31, or
 * the first paid entry of `payments` when the event carries it; '' when neither does (newer versions send no
 * payment on the invoice: the refund asks the provider for the invoice's payments then).
 */
function invoicePayment(invoice: Obj): string {
  const direct = str(invoice.payment_intent) || str(invoice.charge);
  if (direct) return direct;
  const payments = ((invoice.payments as Obj | undefined)?.data as Obj[] | undefined) ?? [];
  for (const p of payments) {
    const payment = (p.payment ?? {}) as Obj;
    const ref = str(payment.payment_intent) || str(payment.charge);
    if (ref && (p.status === undefined || p.status === 'paid')) return ref;
  }
  return '';
}

function invoiceEffect(kind: 'renewed' | 'payment_failed', invoice: Obj): Effect {
  const sub = invoiceSubscription(invoice);
  if (!sub.id) return { kind: 'ignored' };
  const line = ((invoice.lines as Obj | undefined)?.data as Obj[] | undefined)?.[0];
  const periodEnd = num((line?.period as Obj | undefined)?.end) || num(invoice.period_end);
  const base = { subscription_id: sub.id, invoice_id: str(invoice.id), currency: str(invoice.currency), uid: str(sub.metadata.uid) };
  if (kind === 'payment_failed') return { kind, ...base, amount: num(invoice.amount_due) };
  return { kind, ...base, amount: num(invoice.amount_paid), period_end: periodEnd * 1000, payment_ref: invoicePayment(invoice) };
}

export function effectOf(event: Stripe.Event): Effect {
  const o = event.data.object as unknown as Obj;
  const meta = (o.metadata ?? {}) as Obj;
  switch (event.type) {
    case 'checkout.session.completed':
      if (o.payment_status !== 'paid' || !str(meta.order_no)) return { kind: 'ignored' };
      return { kind: 'paid', order_no: str(meta.order_no), subscription_id: str(o.subscription), payment_ref: str(o.payment_intent), invoice_id: str(o.invoice) };
    case 'checkout.session.expired':
      return str(meta.order_no) ? { kind: 'expired', order_no: str(meta.order_no) } : { kind: 'ignored' };
    case 'invoice.paid':
      // The first invoice is the checkout's own payment (checkout.session.completed); later ones are renewals.
      return o.billing_reason === 'subscription_cycle' ? invoiceEffect('renewed', o) : { kind: 'ignored' };
    case 'invoice.payment_failed':
      return invoiceEffect('payment_failed', o);
    case 'customer.subscription.updated':
      return { kind: 'renewal', subscription_id: str(o.id), auto_renew: o.cancel_at_period_end !== true && o.status !== 'canceled' };
    case 'customer.subscription.deleted':
      return { kind: 'cancelled', subscription_id: str(o.id) };
    case 'refund.created':
    case 'refund.updated':
      return o.status === 'succeeded' && str(meta.order_no) ? { kind: 'refunded', order_no: str(meta.order_no) } : { kind: 'ignored' };
    default:
      return { kind: 'ignored' };
  }
}
