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
    async refund(order) {
      await stripe.refunds.create(
        { payment_intent: order.payment_ref, metadata: { order_no: order.order_no, uid: order.uid } },
        { idempotencyKey: `refund-${order.order_no}` },
      );
    },
    verify(raw, signature) {
      return stripe.webhooks.constructEvent(raw, signature, settings.webhookSecret);
    },
  };
}
