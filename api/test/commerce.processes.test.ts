import type { Membership, TradeOrder } from 'shared-kit';
import { SANDBOX_SECRET, shapes, signedEvent } from './support/commerce';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';

/*
 * Two api processes on one database receive the same provider events: each event is applied exactly once (its id
 * is a unique key in the shared database), whichever process gets it and however often.
 */

describe('commerce webhooks across two api processes', () => {
  let procs: ApiProcesses;
  beforeAll(async () => {
    // A long session cache: each process sees the account's new membership end only because the write told its sessions.
    procs = await startApiProcesses({ count: 2, env: { COMMERCE_SANDBOX_SECRET: SANDBOX_SECRET, SMS_IP_SENDS_PER_HOUR: '1000', SESSION_CACHE_MS: '60000' } });
  }, 120_000);
  afterAll(async () => {
    await procs?.stop();
  });

  it('the same events delivered to both processes at once apply once', async () => {
    const [a, b] = procs.processes as [ApiProcess, ApiProcess];
    const client = await a.signIn('+12025557001');
    const uid = (await client.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    const created = (await client.post<{ order_no: string }>('/api/commerce/create_trade_order', { goods_id: 'vip_monthly' })).body.data!;
    const paid = signedEvent(SANDBOX_SECRET, 'checkout.session.completed', shapes.paid('cs_two', created.order_no, 'sub_two'));
    const end2 = Math.floor(Date.now() / 1000) + 60 * 86400;
    const renewed = signedEvent(SANDBOX_SECRET, 'invoice.paid', shapes.renewed('sub_two', uid, 999, end2, 'in_two'));
    const post = (p: ApiProcess, e: typeof paid) =>
      p.call<{ outcome: string }>('/api/commerce/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': e.signature }, body: e.payload });

    const vipUntil = async (p: ApiProcess) => (await p.as(client).call<{ vip_until: string | null }>('/api/tyler/user/detail')).body.data!.vip_until;
    // Both processes hold the account in their session cache before the events.
    expect(await vipUntil(a)).toBeNull();
    expect(await vipUntil(b)).toBeNull();

    for (const event of [paid, renewed]) {
      const answers = await Promise.all([a, b, a, b, a, b].map((p) => post(p, event)));
      const outcomes = answers.map((r) => (r.status === 200 ? r.body.data!.outcome : `http ${r.status}`));
      // One applied; the rest saw it applied (duplicate) or being applied (409, which the provider retries).
      expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
      expect(outcomes.every((o) => ['applied', 'duplicate', 'http 409'].includes(o))).toBe(true);
      // The provider's retry of any of them is a duplicate, on either process.
      expect((await post(b, event)).body.data!.outcome).toBe('duplicate');
      expect((await post(a, event)).body.data!.outcome).toBe('duplicate');
    }
    const orders = (await b.as(client).call<{ list: TradeOrder[] }>('/api/commerce/get_trade_orders')).body.data!.list;
    expect(orders.map((o) => [o.trade_type, o.status])).toEqual([
      ['renewal', 'Paid'],
      ['subscribe', 'Paid'],
    ]);
    const m = (await b.as(client).call<Membership>('/api/commerce/vip_base_info')).body.data!;
    expect(m).toMatchObject({ is_vip: true, auto_renew: true, valid_until: new Date(end2 * 1000).toISOString() });
    // The account's mirror of the end (what the send path reads), in both processes' cached sessions.
    expect(await vipUntil(a)).toBe(new Date(end2 * 1000).toISOString());
    expect(await vipUntil(b)).toBe(new Date(end2 * 1000).toISOString());
  }, 60_000);
});
