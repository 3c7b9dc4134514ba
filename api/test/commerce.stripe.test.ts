import { ErrorCode, type Membership, type TradeOrder } from 'shared-kit';
import { seedAccounts } from '../src/seed/accounts';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { deliver, SANDBOX_SECRET, shapes, signedEvent } from './support/commerce';
import { startFakeStripe, type FakeStripe } from './support/fakeStripe';
import { ADULT, nextPhone } from './support/playStories';

const SECRET_KEY = 'sk_test_fake_key_for_the_loopback_only';
const WEBHOOK_SECRET = 'whsec_fake_webhook_secret_for_tests';

describe('commerce with Stripe: the SDK against a loopback fake of its endpoints', () => {
  let api: TestApi;
  let stripe: FakeStripe;
  let admin: CookieClient;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    api = await startTestApi({
      env: {
        SMS_IP_SENDS_PER_HOUR: '1000',
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        COMMERCE_SANDBOX_SECRET: SANDBOX_SECRET,
      },
    });
    await seedAccounts(api.logger);
    admin = await signInByPhone(api.baseUrl, '+12025550100');
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
    await stripe?.close();
  });

  const membership = async (c: CookieClient) => (await c.call<Membership>('/api/commerce/get_subscribe_info')).body.data!;

  it('a monthly plan is a Checkout Session in subscription mode; its webhook makes the order paid; renewal off and refunds go to Stripe', async () => {
    const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    expect((await client.call<{ provider: string }>('/api/commerce/static_config')).body.data!.provider).toBe('stripe');
    const created = await client.post<{ order_no: string; checkout_url: string }>('/api/commerce/create_trade_order', { goods_id: 'vip_monthly', currency: 'eur' });
    expect(created.body.status_code).toBe(0);
    expect(created.body.data!.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const session = stripe.calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(session.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(session.headers['idempotency-key']).toBe(`checkout-${created.body.data!.order_no}`);
    expect(session.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '899',
      'line_items[0][price_data][recurring][interval]': 'month',
      'metadata[order_no]': created.body.data!.order_no,
      'subscription_data[metadata][order_no]': created.body.data!.order_no,
    });
    // No card data passes through us: only the order, the price and the return addresses.
    expect(Object.keys(session.form).some((k) => /card|cvc|number/i.test(k))).toBe(false);

    // Only the webhook makes it paid; a sandbox-signed event is refused when Stripe is the provider.
    const orderNo = created.body.data!.order_no;
    const sessionId = 'cs_test_from_webhook';
    const sandboxSigned = signedEvent(SANDBOX_SECRET, 'checkout.session.completed', shapes.paid(sessionId, orderNo, 'sub_live_1'));
    expect((await deliver(api.baseUrl, sandboxSigned)).status).toBe(400);
    expect((await client.call<TradeOrder>(`/api/commerce/get_trade_order_status?order_no=${orderNo}`)).body.data!.status).toBe('Open');
    const paid = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', shapes.paid(sessionId, orderNo, 'sub_live_1'));
    expect((await deliver(api.baseUrl, paid)).body.data!.outcome).toBe('applied');
    expect(await membership(client)).toMatchObject({ is_vip: true, auto_renew: true, currency: 'eur', next_renewal_amount: 899 });

    // Cancel: renewal off at Stripe, then Stripe's event switches it off here.
    const cancel = await client.post('/api/commerce/cancel_subscribe');
    expect(cancel.body.status_code).toBe(0);
    const update = stripe.calls.find((c) => c.path === '/v1/subscriptions/sub_live_1')!;
    expect(update.form).toEqual({ cancel_at_period_end: 'true' });
    await deliver(api.baseUrl, signedEvent(WEBHOOK_SECRET, 'customer.subscription.updated', shapes.updated('sub_live_1', true)));
    expect(await membership(client)).toMatchObject({ is_vip: true, auto_renew: false });

    // Refund by an operator: Stripe is asked (idempotently) and its event ends the membership.
    const refund = await admin.post('/api/ops/commerce/refund', { order_no: orderNo, reason: 'goodwill' });
    expect(refund.body.status_code).toBe(0);
    const refundCall = stripe.calls.find((c) => c.path === '/v1/refunds')!;
    expect(refundCall.headers['idempotency-key']).toBe(`refund-${orderNo}`);
    expect(refundCall.form['metadata[order_no]']).toBe(orderNo);
    await deliver(api.baseUrl, signedEvent(WEBHOOK_SECRET, 'refund.created', shapes.refunded(orderNo)));
    expect(await membership(client)).toMatchObject({ is_vip: false, status: 'none', valid_until: null });

    // The keys never reach the log.
    const logged = JSON.stringify(api.logs.lines);
    expect(logged).not.toContain(SECRET_KEY);
    expect(logged).not.toContain(WEBHOOK_SECRET);
  }, 60_000);

  it('newer API versions: a renewal (or a subscription checkout) paid without a payment on its event is refunded through the invoice\'s payments', async () => {
    const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const uid = (await client.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    const orderNo = (await client.post<{ order_no: string }>('/api/commerce/create_trade_order', { goods_id: 'vip_monthly' })).body.data!.order_no;
    // The session of a subscription checkout has no payment intent; it names its first invoice.
    const session = { ...shapes.paid('cs_test_newer', orderNo, 'sub_newer_1'), payment_intent: null, invoice: 'in_first_newer' };
    expect((await deliver(api.baseUrl, signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', session))).body.data!.outcome).toBe('applied');
    // A renewal's invoice as newer versions send it: no payment_intent, no charge, payments not included.
    const end = Math.floor(Date.now() / 1000) + 60 * 86400;
    const renewal = { ...shapes.renewed('sub_newer_1', uid, 999, end, 'in_renew_newer'), payment_intent: undefined };
    expect((await deliver(api.baseUrl, signedEvent(WEBHOOK_SECRET, 'invoice.paid', renewal))).body.data!.outcome).toBe('applied');
    const orders = (await admin.call<{ list: Array<{ order_no: string; trade_type: string }> }>(`/api/ops/commerce/orders?user=${uid}`)).body.data!.list;
    const renewalNo = orders.find((o) => o.trade_type === 'renewal')!.order_no;
    expect((await admin.call<{ refundable: boolean }>(`/api/ops/commerce/order?order_no=${renewalNo}`)).body.data!.refundable).toBe(true);

    // The renewal: its payment is read from the invoice's payments, then refunded by payment intent.
    stripe.invoices.set('in_renew_newer', { ref: 'pi_from_invoice_payments', where: 'payments' });
    const before = stripe.calls.length;
    expect((await admin.post('/api/ops/commerce/refund', { order_no: renewalNo, reason: 'renewed by mistake' })).body.status_code).toBe(0);
    const made = stripe.calls.slice(before);
    expect(made.find((c) => c.path === '/v1/invoice_payments')!.form).toMatchObject({ invoice: 'in_renew_newer', status: 'paid' });
    expect(made.find((c) => c.path === '/v1/refunds')!.form).toMatchObject({ payment_intent: 'pi_from_invoice_payments', 'metadata[order_no]': renewalNo });

    // The first payment on an account pinned to an older version: the invoice itself names a charge.
    stripe.invoices.set('in_first_newer', { ref: 'ch_older_charge', where: 'invoice' });
    const before2 = stripe.calls.length;
    expect((await admin.post('/api/ops/commerce/refund', { order_no: orderNo, reason: 'goodwill' })).body.status_code).toBe(0);
    const made2 = stripe.calls.slice(before2);
    expect(made2.some((c) => c.method === 'GET' && c.path === '/v1/invoices/in_first_newer')).toBe(true);
    expect(made2.find((c) => c.path === '/v1/refunds')!.form).toMatchObject({ charge: 'ch_older_charge', 'metadata[order_no]': orderNo });
    expect(made2.find((c) => c.path === '/v1/refunds')!.form.payment_intent).toBeUndefined();

    // An invoice the provider holds no payment for: refused (1050003), nothing refunded.
    const lone = Math.floor(Date.now() / 1000) + 90 * 86400;
    await deliver(api.baseUrl, signedEvent(WEBHOOK_SECRET, 'invoice.paid', { ...shapes.renewed('sub_newer_1', uid, 999, lone, 'in_unpaid_newer'), payment_intent: undefined }));
    const loneNo = (await admin.call<{ list: Array<{ order_no: string; trade_type: string; status: string }> }>(`/api/ops/commerce/orders?user=${uid}&status=Paid`)).body.data!.list.find((o) => o.trade_type === 'renewal')!.order_no;
    const before3 = stripe.calls.length;
    expect((await admin.post('/api/ops/commerce/refund', { order_no: loneNo, reason: 'x' })).body.status_code).toBe(ErrorCode.IllegalOperation);
    expect(stripe.calls.slice(before3).some((c) => c.path === '/v1/refunds')).toBe(false);
  }, 60_000);

  it('Stripe unreachable: the order is not kept and the error says to try again', async () => {
    const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    stripe.failWith = 500;
    try {
      const res = await client.post('/api/commerce/create_trade_order', { goods_id: 'vip_month_once' });
      expect(res.body.status_code).toBe(ErrorCode.BackendNetworkError);
    } finally {
      stripe.failWith = null;
    }
    expect((await client.call<{ list: unknown[] }>('/api/commerce/get_trade_orders')).body.data!.list).toEqual([]);
    const again = await client.post<{ reused: boolean }>('/api/commerce/create_trade_order', { goods_id: 'vip_month_once' });
    expect(again.body.data!.reused).toBe(false);
  }, 60_000);
});
