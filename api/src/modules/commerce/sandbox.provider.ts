import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { PaymentProvider, ProviderCall } from './provider';

/** A provider-style id: `cs_sbx_…`, `sub_sbx_…`, `evt_sbx_…`. */
export function sandboxId(prefix: string): string {
  return `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
}

/** The SDK's webhook helpers only: this client never calls Stripe (the key is a placeholder). */
const offline = new Stripe('sk_test_sandbox_offline');

export interface SandboxSender {
  /** Signs a Stripe-shaped event with the sandbox secret and posts it to this api's webhook; resolves with the status. */
  send(call: ProviderCall, type: string, object: Record<string, unknown>): Promise<number>;
  /** The signature header for `payload` (tests and the sandbox only). */
  sign(payload: string): string;
}

export function sandboxSender(secret: string): SandboxSender {
  const sign = (payload: string) => offline.webhooks.generateTestHeaderString({ payload, secret });
  return {
    sign,
    async send(call, type, object) {
      const event = {
        id: sandboxId('evt'),
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object },
      };
      const payload = JSON.stringify(event);
      const res = await fetch(`${call.selfUrl}/api/commerce/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return res.status;
    },
  };
}

/**
 * The offline provider (no STRIPE_SECRET_KEY): checkouts are pages of our own under /api/commerce/sandbox/ (clearly
 * marked as a sandbox; no card fields), and every outcome reaches the api as a signed, Stripe-shaped webhook,
 * verified by the same SDK call as Stripe's, so the flow from order to membership is the real one.
 */
export function sandboxProvider(secret: string, publicUrl: string): PaymentProvider & { sender: SandboxSender } {
  const sender = sandboxSender(secret);
  return {
    name: 'sandbox',
    sender,
    async createCheckout() {
      const id = sandboxId('cs');
      return { checkout_id: id, url: `${publicUrl}/api/commerce/sandbox/checkout/${id}` };
    },
    async cancelRenewal(subscriptionId, call) {
      const status = await sender.send(call, 'customer.subscription.updated', {
        id: subscriptionId,
        object: 'subscription',
        cancel_at_period_end: true,
        status: 'active',
      });
      if (status !== 200) throw new Error(`the sandbox webhook answered ${status}`);
    },
    async paymentOfInvoice() {
      // The sandbox's events always carry their payment.
      return null;
    },
    async refund(order, call) {
      const status = await sender.send(call, 'refund.created', {
        id: sandboxId('re'),
        object: 'refund',
        status: 'succeeded',
        amount: order.amount,
        currency: order.currency,
        payment_intent: order.payment_ref,
        metadata: { order_no: order.order_no, uid: order.uid },
      });
      if (status !== 200) throw new Error(`the sandbox webhook answered ${status}`);
    },
    verify(raw, signature) {
      return offline.webhooks.constructEvent(raw, signature, secret);
    },
  };
}
