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
  close(): Promise<void>;
}

/**
 * A loopback stand-in for the Stripe endpoints the api calls (Checkout Sessions, subscription update, refunds),
 * answering in Stripe's shapes; the real `stripe` SDK is pointed at it (STRIPE_API_URL).
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const fake: FakeStripe = { url: '', calls: [], failWith: null, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const path = (req.url ?? '').split('?')[0]!;
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
        return send(200, { id: `re_${randomBytes(6).toString('hex')}`, object: 'refund', status: 'succeeded', payment_intent: form.payment_intent });
      }
      send(404, { error: { type: 'invalid_request_error', message: `no fake for ${req.method} ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
