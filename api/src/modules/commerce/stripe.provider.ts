import Stripe from 'stripe';
import type { CommerceSettings } from '../../config';
import { recurringOf, type PaymentProvider } from './provider';

/**
 * Real payments: Checkout Sessions (subscription mode for an auto-renewing plan, payment mode for a one-off period),
 * renewal switched off with `cancel_at_period_end`, refunds by payment intent. Each call carries an idempotency key
 * derived from our order, so a retried request never makes a second checkout or refund.
 */
export function stripeProvider(settings: NonNullable<CommerceSettings['stripe']>): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...(settings.api ?? {}),
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: 'storyverse' },
  });
  return {
    name: 'stripe',
    async createCheckout(input) {
      const subscription = input.plan.kind === 'subscription';
      const metadata = { order_no: input.order_no, uid: input.uid, goods_id: input.plan.goods_id };
      const session = await stripe.checkout.sessions.create(
        {
          mode: subscription ? 'subscription' : 'payment',
          client_reference_id: input.uid,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency,
                unit_amount: input.amount,
                product_data: { name: `Membership, ${input.plan.days} days` },
                ...(subscription ? { recurring: recurringOf(input.plan.days) } : {}),
              },
            },
          ],
          metadata,
          ...(subscription ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: input.expiresAt,
        },
        { idempotencyKey: `checkout-${input.order_no}` },
      );
      if (!session.url) throw new Error('the provider gave the checkout no address');
      return { checkout_id: session.id, url: session.url };
    },
    async cancelRenewal(subscriptionId) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    },
    async paymentOfInvoice(invoiceId) {
      // API versions from 2025-03-31: an invoice's payments are their own list.
      try {
        const payments = await stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 10 });
        for (const p of payments.data) {
          const ref = idOf(p.payment.payment_intent) || idOf(p.payment.charge);
          if (ref) return ref;
        }
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      }
      // Older versions: on the invoice itself.
      const invoice = (await stripe.invoices.retrieve(invoiceId)) as unknown as Record<string, unknown>;
      return idOf(invoice.payment_intent) || idOf(invoice.charge) || null;
    },
    async refund(order) {
      const paid = order.payment_ref.startsWith('ch_') ? { charge: order.payment_ref } : { payment_intent: order.payment_ref };
      await stripe.refunds.create(
        { ...paid, metadata: { order_no: order.order_no, uid: order.uid } },
        { idempotencyKey: `refund-${order.order_no}` },
      );
    },
    verify(raw, signature) {
      return stripe.webhooks.constructEvent(raw, signature, settings.webhookSecret);
    },
  };
}

/** An id Stripe gave as a string or as an expanded object. */
function idOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string') return (v as { id: string }).id;
  return '';
}
