import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { call, type CookieClient, type JsonResponse } from '../helpers';

/** The SDK's own signing helper (no network): events signed as Stripe signs them. */
const sdk = new Stripe('sk_test_signing_only');

export const SANDBOX_SECRET = 'whsec_test_sandbox_secret_0123456789';

export interface SignedEvent {
  id: string;
  payload: string;
  signature: string;
}

/** A Stripe-shaped event, signed with `secret`; `created` in seconds (default now), `timestamp` for the signature. */
export function signedEvent(
  secret: string,
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; created?: number; timestamp?: number } = {},
): SignedEvent {
  const id = options.id ?? `evt_test_${randomBytes(8).toString('hex')}`;
  const payload = JSON.stringify({ id, object: 'event', type, created: options.created ?? Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp });
  return { id, payload, signature };
}

export function deliver(baseUrl: string, e: Pick<SignedEvent, 'payload' | 'signature'>): Promise<JsonResponse<{ outcome: string; event_id: string }>> {
  return call(baseUrl, '/api/commerce/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': e.signature }, body: e.payload });
}

/** Stripe's shapes for the events the api acts on. */
export const shapes = {
  renewed: (sub: string, uid: string, amount: number, periodEnd: number, invoice = `in_${randomBytes(6).toString('hex')}`) => ({
    id: invoice,
    object: 'invoice',
    billing_reason: 'subscription_cycle',
    amount_paid: amount,
    amount_due: amount,
    currency: 'usd',
    payment_intent: `pi_${randomBytes(6).toString('hex')}`,
    parent: { subscription_details: { subscription: sub, metadata: { uid } } },
    lines: { data: [{ period: { start: periodEnd - 30 * 86400, end: periodEnd } }] },
  }),
  failed: (sub: string, uid: string, amount: number, invoice = `in_${randomBytes(6).toString('hex')}`) => ({
    id: invoice,
    object: 'invoice',
    billing_reason: 'subscription_cycle',
    amount_due: amount,
    currency: 'usd',
    parent: { subscription_details: { subscription: sub, metadata: { uid } } },
  }),
  updated: (sub: string, cancelAtPeriodEnd: boolean) => ({ id: sub, object: 'subscription', status: 'active', cancel_at_period_end: cancelAtPeriodEnd }),
  deleted: (sub: string) => ({ id: sub, object: 'subscription', status: 'canceled' }),
  refunded: (orderNo: string) => ({ id: `re_${randomBytes(6).toString('hex')}`, object: 'refund', status: 'succeeded', metadata: { order_no: orderNo } }),
  paid: (checkoutId: string, orderNo: string, sub: string | null) => ({
    id: checkoutId,
    object: 'checkout.session',
    payment_status: 'paid',
    subscription: sub,
    payment_intent: `pi_${randomBytes(6).toString('hex')}`,
    metadata: { order_no: orderNo },
  }),
};

/** Orders a plan as `client` and pays on the sandbox page, as the browser does; answers the new order's number. */
export async function sandboxPurchase(baseUrl: string, client: CookieClient, goods_id = 'vip_monthly'): Promise<string> {
  const created = await client.post<{ order_no: string; checkout_url: string }>('/api/commerce/create_trade_order', { goods_id });
  if (created.body.status_code !== 0) throw new Error(`create_trade_order: ${JSON.stringify(created.body)}`);
  const { pathname } = new URL(created.body.data!.checkout_url);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const paid = await fetch(`${baseUrl}${pathname}/pay`, { method: 'POST', redirect: 'manual', headers: { cookie } });
  if (paid.status !== 303) throw new Error(`sandbox pay: ${paid.status}`);
  return created.body.data!.order_no;
}
