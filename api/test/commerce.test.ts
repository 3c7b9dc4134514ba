import { ErrorCode, type Membership, type TradeOrder } from 'shared-kit';
import { MembershipModel } from '../src/modules/commerce';
import { seedAccounts } from '../src/seed/accounts';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { deliver, SANDBOX_SECRET, shapes, signedEvent } from './support/commerce';
import { ADULT, nextPhone, publishStory, readStream, type Sent, type Started } from './support/playStories';

interface Created {
  order_no: string;
  checkout_url: string;
  status: string;
  reused: boolean;
}

describe('commerce: membership and orders through the sandbox provider', () => {
  let api: TestApi;
  let storyId: string;
  let admin: CookieClient;

  beforeAll(async () => {
    api = await startTestApi({
      env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', OFFLINE_TOKEN_DELAY_MS: '0', DAILY_CHAT_LIMIT: '2', COMMERCE_SANDBOX_SECRET: SANDBOX_SECRET },
    });
    await seedAccounts(api.logger);
    admin = await signInByPhone(api.baseUrl, '+12025550100');
    ({ storyId } = await publishStory(api.baseUrl));
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  const person = async () => {
    const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const uid = (await client.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    return { client, uid };
  };
  const membership = async (c: CookieClient) => (await c.call<Membership>('/api/commerce/get_subscribe_info')).body.data!;
  const order = async (c: CookieClient, no: string) => (await c.call<TradeOrder>(`/api/commerce/get_trade_order_status?order_no=${no}`)).body;

  /** Orders the plan and pays on the sandbox page, as the browser does; returns the order and the subscription id. */
  async function subscribe(c: CookieClient, goods_id = 'vip_monthly') {
    const created = await c.post<Created>('/api/commerce/create_trade_order', { goods_id });
    expect(created.body.status_code).toBe(0);
    const url = new URL(created.body.data!.checkout_url);
    const html = await fetch(api.baseUrl + url.pathname, { headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    const text = await html.text();
    expect(html.status).toBe(200);
    expect(text).toContain('SANDBOX');
    expect(text).not.toMatch(/card number|cvc/i);
    const paid = await fetch(`${api.baseUrl}${url.pathname}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`/account/membership?order_no=${created.body.data!.order_no}`);
    return created.body.data!;
  }

  async function chat(c: CookieClient, n: number) {
    let playId = (await c.post<Started>('/api/tyler/story/start_play', { story_id: storyId, is_new_play: true })).body.data!.play_info.play_id;
    const codes: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await c.post<Sent>('/api/tyler/message/send', { play_id: playId, message: `Line ${i}.` });
      codes.push(res.body.status_code);
      if (res.body.status_code === 0) await readStream(c, `/api/tyler/message/stream_reply?dialogue_id=${res.body.data!.reply_dialogue_ids[0]}`);
      if (res.body.status_code !== 0 && res.body.status_code !== ErrorCode.MessageLimitReached) {
        playId = (await c.post<Started>('/api/tyler/story/start_play', { story_id: storyId, is_new_play: true })).body.data!.play_info.play_id;
      }
    }
    return codes;
  }

  it('static_config shows the configured plans with integer prices; the member routes need a session', async () => {
    const cfg = await new CookieClient(api.baseUrl).call<{ provider: string; plans: Array<{ goods_id: string; amount: number; kind: string }> }>('/api/commerce/static_config');
    expect(cfg.body.data!.provider).toBe('sandbox');
    expect(cfg.body.data!.plans.map((p) => [p.goods_id, p.kind, p.amount])).toEqual([
      ['vip_monthly', 'subscription', 999],
      ['vip_month_once', 'one_time', 1299],
    ]);
    const anon = new CookieClient(api.baseUrl);
    for (const path of ['vip_base_info', 'vip_detail', 'get_subscribe_info', 'get_trade_orders', 'vip_need_toast', 'vip_guide']) {
      expect((await anon.call(`/api/commerce/${path}`)).body.status_code).toBe(ErrorCode.NeedLogin);
    }
    for (const path of ['create_trade_order', 'cancel_subscribe', 'bind_vip']) {
      expect((await anon.post(`/api/commerce/${path}`, { goods_id: 'vip_monthly' })).body.status_code).toBe(ErrorCode.NeedLogin);
    }
  });

  it('an unknown plan, currency or coupon is 1009 naming the field, and writes no order', async () => {
    const { client } = await person();
    const cases: Array<[unknown, string]> = [
      [{ goods_id: 'vip_forever' }, 'goods_id'],
      [{ goods_id: 'vip_monthly', currency: 'jpy' }, 'currency'],
      [{ goods_id: 'vip_monthly', coupon_id: 'FREE' }, 'coupon_id'],
      [{ goods_id: 'vip_monthly', trade_type: 'one_time' }, 'trade_type'],
      [{ goods_id: 'vip_monthly', amount: 1 }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await client.post('/api/commerce/create_trade_order', body);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
      expect(res.body.status_message).toContain(field === 'body' ? '' : field);
    }
    expect((await client.call<{ list: unknown[] }>('/api/commerce/get_trade_orders')).body.data!.list).toEqual([]);
  });

  it('concurrent orders for the same plan give one open order', async () => {
    const { client } = await person();
    const all = await Promise.all(Array.from({ length: 6 }, () => client.post<Created>('/api/commerce/create_trade_order', { goods_id: 'vip_monthly' })));
    expect(all.map((r) => r.body.status_code)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(new Set(all.map((r) => r.body.data!.order_no)).size).toBe(1);
    expect(all.filter((r) => !r.body.data!.reused)).toHaveLength(1);
    const list = await client.call<{ list: TradeOrder[] }>('/api/commerce/get_trade_orders');
    expect(list.body.data!.list.map((o) => o.status)).toEqual(['Open']);
  });

  it('a member pays in the sandbox, chats past the daily limit, cancels renewal and keeps the end date', async () => {
    const { client } = await person();
    expect(await chat(client, 3)).toEqual([0, 0, ErrorCode.MessageLimitReached]);
    expect((await client.call<{ need_toast: boolean }>('/api/commerce/vip_need_toast?scene=chat_limit')).body.data!.need_toast).toBe(true);
    const created = await subscribe(client);
    const paid = await order(client, created.order_no);
    expect(paid.data).toMatchObject({ status: 'Paid', amount: 999, currency: 'usd', trade_type: 'subscribe' });
    const m = await membership(client);
    expect(m).toMatchObject({ is_vip: true, status: 'active', auto_renew: true, next_renewal_amount: 999, goods_id: 'vip_monthly' });
    expect(m.next_renewal_at).toBe(m.valid_until);
    expect(await chat(client, 2)).toEqual([0, 0]);
    // Another account sees nothing of it.
    const other = await person();
    expect((await order(other.client, created.order_no)).status_code).toBe(ErrorCode.RecordNotFound);
    // Renewal off at the provider; the provider's event turns it off here; the membership runs to its end.
    const cancelled = await client.post<Membership & { cancel_requested: boolean }>('/api/commerce/cancel_subscribe');
    expect(cancelled.body.data).toMatchObject({ cancel_requested: true, auto_renew: false, is_vip: true, valid_until: m.valid_until, next_renewal_at: null });
    expect((await client.post('/api/commerce/cancel_subscribe')).body.status_code).toBe(ErrorCode.IllegalOperation);
  }, 60_000);

  it('each webhook event type: renewed, payment failed, cancelled, refunded; forged and replayed ones change nothing', async () => {
    const { client, uid } = await person();
    const created = await subscribe(client);
    const before = await membership(client);
    const subscriptionId = (await MembershipModel.findOne({ uid }).lean())!.subscription_id;
    const end2 = Math.floor(new Date(before.valid_until!).getTime() / 1000) + 30 * 86400;

    // Payment failed for the next period: a Failed order, the flag on, the paid period unchanged.
    const failed = signedEvent(SANDBOX_SECRET, 'invoice.payment_failed', shapes.failed(subscriptionId, uid, 999, 'in_cycle2'));
    expect((await deliver(api.baseUrl, failed)).body.data!.outcome).toBe('applied');
    expect(await membership(client)).toMatchObject({ payment_failed: true, valid_until: before.valid_until });

    // The retried charge succeeds: the same invoice's order becomes Paid and the membership runs a period longer.
    const renewed = signedEvent(SANDBOX_SECRET, 'invoice.paid', shapes.renewed(subscriptionId, uid, 999, end2, 'in_cycle2'));
    expect((await deliver(api.baseUrl, renewed)).body.data!.outcome).toBe('applied');
    const after = await membership(client);
    expect(after).toMatchObject({ payment_failed: false, valid_until: new Date(end2 * 1000).toISOString(), auto_renew: true });
    const orders = (await client.call<{ list: TradeOrder[] }>('/api/commerce/get_trade_orders')).body.data!.list;
    expect(orders.map((o) => [o.trade_type, o.status])).toEqual([
      ['renewal', 'Paid'],
      ['subscribe', 'Paid'],
    ]);

    // Replayed: the same event id is applied once.
    expect((await deliver(api.baseUrl, renewed)).body.data!.outcome).toBe('duplicate');
    // Forged: wrong secret, altered body, stale signature, no signature: 400 and nothing changes.
    const forged = signedEvent('whsec_not_ours_at_all_000000', 'refund.created', shapes.refunded(created.order_no));
    const altered = { payload: renewed.payload.replace('"amount_paid":999', '"amount_paid":1'), signature: renewed.signature };
    const stale = signedEvent(SANDBOX_SECRET, 'refund.created', shapes.refunded(created.order_no), { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    for (const e of [forged, altered, stale, { payload: forged.payload, signature: '' }]) {
      const res = await deliver(api.baseUrl, e);
      expect(res.status).toBe(400);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    }
    expect(api.logs.find('commerce webhook refused').length).toBeGreaterThanOrEqual(4);
    expect(await membership(client)).toEqual(after);

    // Refunded: the renewal's order is Refunded and the membership falls back to the first period's end.
    const renewalNo = orders[0]!.order_no;
    expect((await deliver(api.baseUrl, signedEvent(SANDBOX_SECRET, 'refund.created', shapes.refunded(renewalNo)))).body.data!.outcome).toBe('applied');
    expect((await order(client, renewalNo)).data!.status).toBe('Refunded');
    expect((await membership(client)).valid_until).toBe(before.valid_until);

    // Cancelled (deleted at the provider): renewal off for good; a late, older "updated" cannot switch it back on.
    const now = Math.floor(Date.now() / 1000);
    expect((await deliver(api.baseUrl, signedEvent(SANDBOX_SECRET, 'customer.subscription.deleted', shapes.deleted(subscriptionId), { created: now }))).body.data!.outcome).toBe('applied');
    await deliver(api.baseUrl, signedEvent(SANDBOX_SECRET, 'customer.subscription.updated', shapes.updated(subscriptionId, false), { created: now - 60 }));
    expect(await membership(client)).toMatchObject({ auto_renew: false, is_vip: true, next_renewal_amount: null });
    // An event for an unknown subscription is deferred (409), so the provider delivers it again later.
    const early = await deliver(api.baseUrl, signedEvent(SANDBOX_SECRET, 'customer.subscription.updated', shapes.updated('sub_unknown', true)));
    expect(early.status).toBe(409);
  }, 60_000);

  it('out of order: a refund before its payment leaves the order refunded and no membership', async () => {
    const { client } = await person();
    const created = (await client.post<Created>('/api/commerce/create_trade_order', { goods_id: 'vip_month_once' })).body.data!;
    const refund = signedEvent(SANDBOX_SECRET, 'refund.created', shapes.refunded(created.order_no));
    const pay = signedEvent(SANDBOX_SECRET, 'checkout.session.completed', shapes.paid('cs_x', created.order_no, null));
    await deliver(api.baseUrl, refund);
    await deliver(api.baseUrl, pay);
    expect((await order(client, created.order_no)).data!.status).toBe('Refunded');
    expect((await membership(client)).is_vip).toBe(false);
  });

  it('operators grant trial days (audited) and refund through the provider; others may not', async () => {
    const { client, uid } = await person();
    const grant = { user: uid, days: 7, reason: 'apology for the outage' };
    expect((await client.post('/api/commerce/free_vip_distribution', grant)).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await new CookieClient(api.baseUrl).post('/api/commerce/free_vip_distribution', grant)).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await client.call('/api/ops/commerce/orders')).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await admin.post('/api/commerce/free_vip_distribution', { ...grant, days: 0 })).body.status_code).toBe(ErrorCode.ClientParamError);
    const granted = await admin.post<{ membership: Membership }>('/api/commerce/free_vip_distribution', grant);
    expect(granted.body.data!.membership).toMatchObject({ is_vip: true, auto_renew: false });
    const audit = await admin.call<{ list: Array<{ action: string; target_id: string; reason: string }> }>(`/api/ops/audit/list?action=vip.grant&target_id=${uid}`);
    expect(audit.body.data!.list[0]).toMatchObject({ action: 'vip.grant', target_id: uid, reason: 'apology for the outage' });
    expect(await chat(client, 3)).toEqual([0, 0, 0]);
    // A members-only image style: refused to a non-member (1008, the vip_style scene), drawn for a member.
    const draw = { use: 'character', prompt: 'Tall, in a long coat', character_name: 'Mira', image_generate_style: { code: 'oil_painting' } };
    const { client: plain } = await person();
    expect((await plain.post('/api/editor/image/generate', draw)).body).toMatchObject({ status_code: ErrorCode.NoAccess, data: { reason: 'members_only', scene: 'vip_style' } });
    expect((await client.post('/api/editor/image/generate', draw)).body.status_code).toBe(0);

    // A paid one-off month, refunded by an operator: the order is Refunded and the paid month is gone.
    const { client: buyer, uid: buyerUid } = await person();
    const bought = await subscribe(buyer, 'vip_month_once');
    expect((await membership(buyer)).is_vip).toBe(true);
    const listed = await admin.call<{ list: Array<TradeOrder & { uid: string }> }>(`/api/ops/commerce/orders?user=${buyerUid}`);
    expect(listed.body.data!.list.map((o) => o.order_no)).toEqual([bought.order_no]);
    expect((await client.post('/api/ops/commerce/refund', { order_no: bought.order_no, reason: 'x' })).body.status_code).toBe(ErrorCode.NoAccess);
    const refunded = await admin.post('/api/ops/commerce/refund', { order_no: bought.order_no, reason: 'charged twice' });
    expect(refunded.body.status_code).toBe(0);
    expect((await order(buyer, bought.order_no)).data!.status).toBe('Refunded');
    expect((await membership(buyer)).is_vip).toBe(false);
    // The membership ended mid-day: the limit applies from the next turn.
    expect(await chat(buyer, 3)).toEqual([0, 0, ErrorCode.MessageLimitReached]);
    expect((await admin.post('/api/ops/commerce/refund', { order_no: bought.order_no, reason: 'again' })).body.status_code).toBe(ErrorCode.IllegalOperation);
  }, 60_000);
});
