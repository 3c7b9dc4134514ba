import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeCall {
  method: string;
  path: string;
  /** The form-encoded body, decoded (`line_items[0][price_data][unit_amount]` keys as Stripe writes them). */
  form: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

export interface FakeStripe {
  url: string;
  calls: StripeCall[];
  /** When set, the next calls answer this HTTP status with a Stripe error body. */
  failWith: number | null;
  /**
   * Invoices by id and how they were paid. `payments`: the newer API (the invoice carries no payment; its payments
   * are listed at /v1/invoice_payments); `invoice`: an older account whose invoice_payments list is refused and the
   * invoice itself names the payment intent or charge.
   */
  invoices: Map<string, { ref: string; where: 'payments' | 'invoice' }>;
  close(): Promise<void>;
}

/**
 * A loopback stand-in for the Stripe endpoints the api calls (Checkout Sessions, subscription update, refunds),
 * answering in Stripe's shapes; the real `stripe` SDK is pointed at it (STRIPE_API_URL).
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const fake: FakeStripe = { url: '', calls: [], failWith: null, invoices: new Map(), close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [path = '', search = ''] = (req.url ?? '').split('?');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? search : Buffer.concat(chunks).toString('utf8')));
      fake.calls.push({ method: req.method ?? '', path, form, headers: req.headers });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(4).toString('hex')}` });
        res.end(JSON.stringify(body));
      };
      if (fake.failWith) return send(fake.failWith, { error: { type: 'api_error', message: 'fake outage' } });
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${randomBytes(8).toString('hex')}`;
        return send(200, { id, object: 'checkout.session', mode: form.mode, url: `https://checkout.stripe.test/c/pay/${id}`, metadata: { order_no: form['metadata[order_no]'] } });
      }
      const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
      if (req.method === 'POST' && sub) return send(200, { id: sub[1], object: 'subscription', status: 'active', cancel_at_period_end: form.cancel_at_period_end === 'true' });
      if (req.method === 'POST' && path === '/v1/refunds') {
        return send(200, { id: `re_${randomBytes(6).toString('hex')}`, object: 'refund', status: 'succeeded', payment_intent: form.payment_intent ?? null, charge: form.charge ?? null });
      }
      if (req.method === 'GET' && path === '/v1/invoice_payments') {
        const paid = fake.invoices.get(form.invoice ?? '');
        if (paid?.where === 'invoice') return send(400, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL for this API version' } });
        const payment = !paid ? null : paid.ref.startsWith('ch_') ? { type: 'charge', charge: paid.ref } : { type: 'payment_intent', payment_intent: paid.ref };
        const data = payment ? [{ id: `inpay_${randomBytes(6).toString('hex')}`, object: 'invoice_payment', invoice: form.invoice, status: 'paid', is_default: true, payment }] : [];
        return send(200, { object: 'list', url: '/v1/invoice_payments', has_more: false, data });
      }
      const invoice = /^\/v1\/invoices\/([\w-]+)$/.exec(path);
      if (req.method === 'GET' && invoice) {
        const paid = fake.invoices.get(invoice[1]!);
        const older = paid?.where === 'invoice' ? (paid.ref.startsWith('ch_') ? { charge: paid.ref } : { payment_intent: paid.ref }) : {};
        return send(200, { id: invoice[1], object: 'invoice', status: 'paid', ...older });
      }
      send(404, { error: { type: 'invalid_request_error', message: `no fake for ${req.method} ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
