import type Stripe from 'stripe';
import type { PlanSettings } from '../../config';

/** What a checkout is made from: our order, its plan and price, and where the provider sends the buyer back. */
export interface CheckoutInput {
  order_no: string;
  uid: string;
  plan: PlanSettings;
  currency: string;
  /** Integer, in the currency's minor unit. */
  amount: number;
  successUrl: string;
  cancelUrl: string;
  /** Unix seconds after which the provider closes the checkout. */
  expiresAt: number;
}

/** Where this api process can be reached from itself (the sandbox delivers its webhooks there). */
export interface ProviderCall {
  selfUrl: string;
}

/**
 * A payment provider: Stripe, or the offline sandbox that behaves like it (same event shapes, same signatures). Card
 * details are entered on the provider's page only; our servers see order numbers, amounts and the provider's ids.
 * Nothing here changes an order or a membership: the provider's webhooks do, once verified (`verify`).
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  createCheckout(input: CheckoutInput, call: ProviderCall): Promise<{ checkout_id: string; url: string }>;
  /** Turns renewal off at the provider; the membership runs to the end of its paid period. */
  cancelRenewal(subscriptionId: string, call: ProviderCall): Promise<void>;
  /**
   * The payment (a payment intent, or a charge) that paid an invoice, for a refund of an order whose event carried
   * none; null when the provider holds none.
   */
  paymentOfInvoice(invoiceId: string, call: ProviderCall): Promise<string | null>;
  /** Refunds an order's payment (`payment_ref`: a payment intent or a charge) in full. */
  refund(order: { order_no: string; payment_ref: string; uid: string; amount: number; currency: string }, call: ProviderCall): Promise<void>;
  /** The event, when `signature` signs `raw` with the webhook secret (and is recent); throws otherwise. */
  verify(raw: Buffer, signature: string): Stripe.Event;
}

/** Stripe's recurring interval for a plan of `days`. */
export function recurringOf(days: number): { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number } {
  if (days === 30 || days === 31) return { interval: 'month', interval_count: 1 };
  if (days === 365 || days === 366) return { interval: 'year', interval_count: 1 };
  if (days % 7 === 0) return { interval: 'week', interval_count: days / 7 };
  return { interval: 'day', interval_count: days };
}
