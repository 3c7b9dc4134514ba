import { ErrorCode, type OpsOrder, type OpsOrderDetail } from 'shared-kit';
import { seedAccounts } from '../src/seed/accounts';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { SANDBOX_SECRET, sandboxPurchase } from './support/commerce';
import { ADULT, nextPhone } from './support/playStories';

describe('commerce: the console orders list and an order', () => {
  let api: TestApi;
  let admin: CookieClient;

  beforeAll(async () => {
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', COMMERCE_SANDBOX_SECRET: SANDBOX_SECRET } });
    await seedAccounts(api.logger);
    admin = await signInByPhone(api.baseUrl, '+12025550100');
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  const person = async () => {
    const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const me = (await client.call<{ uid: string; nickname: string }>('/api/tyler/user/detail')).body.data!;
    return { client, uid: me.uid, nickname: me.nickname };
  };
  const ordersRaw = async (query: string) => (await admin.call<{ list: OpsOrder[]; has_more: boolean }>(`/api/ops/commerce/orders?${query}`)).body;
  const orders = async (query: string) => {
    const body = await ordersRaw(query);
    expect(body.status_code).toBe(0);
    return body.data!;
  };

  it('filters by user, status and open time, pages, and shows one order with its account and membership', async () => {
    const a = await person();
    const b = await person();
    const paid = await sandboxPurchase(api.baseUrl, a.client, 'vip_month_once');
    const open = (await a.client.post<{ order_no: string }>('/api/commerce/create_trade_order', { goods_id: 'vip_monthly' })).body.data!.order_no;
    const other = await sandboxPurchase(api.baseUrl, b.client, 'vip_month_once');

    const mine = await orders(`user=${a.uid}`);
    expect(mine.list.map((o) => o.order_no)).toEqual([open, paid]);
    expect(mine.list[1]).toMatchObject({ uid: a.uid, nickname: a.nickname, status: 'Paid', refunded_at: null, note: '' });
    expect((await orders(`user=${a.uid}&status=Paid`)).list.map((o) => o.order_no)).toEqual([paid]);
    expect((await orders(`user=${a.uid}&status=Refunded`)).list).toEqual([]);
    const page1 = await orders(`user=${a.uid}&count=1`);
    expect(page1).toMatchObject({ has_more: true, list: [{ order_no: open }] });
    expect((await orders(`user=${a.uid}&count=1&offset=1`)).list.map((o) => o.order_no)).toEqual([paid]);
    // Open time: a window ending before the orders holds none; one around now holds both of b's and a's.
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect((await orders(`user=${b.uid}&to=${encodeURIComponent(hourAgo)}`)).list).toEqual([]);
    expect((await orders(`user=${b.uid}&from=${encodeURIComponent(hourAgo)}`)).list.map((o) => o.order_no)).toEqual([other]);
    expect((await orders(`status=Paid&from=${encodeURIComponent(hourAgo)}`)).list.map((o) => o.order_no)).toEqual(expect.arrayContaining([paid, other]));
    expect((await orders('user=nobody_at_all')).list).toEqual([]);

    // Bad filters name their field; nothing else is read.
    const lost = await ordersRaw('status=Lost');
    expect(lost.status_code).toBe(ErrorCode.ClientParamError);
    expect(JSON.stringify(lost)).toContain('status');
    const when = await ordersRaw('from=yesterday');
    expect(when.status_code).toBe(ErrorCode.ClientParamError);
    expect(JSON.stringify(when)).toContain('from');
    expect((await ordersRaw('count=500')).status_code).toBe(ErrorCode.ClientParamError);

    const detail = await admin.call<OpsOrderDetail>(`/api/ops/commerce/order?order_no=${paid}`);
    expect(detail.body.data).toMatchObject({
      order: { order_no: paid, uid: a.uid, status: 'Paid', goods_id: 'vip_month_once' },
      user: { uid: a.uid, nickname: a.nickname },
      membership: { is_vip: true },
      refundable: true,
    });
    expect((await admin.call<OpsOrderDetail>(`/api/ops/commerce/order?order_no=${open}`)).body.data!.refundable).toBe(false);
    expect((await admin.call(`/api/ops/commerce/order?order_no=SV20260101AAAAAAAAAAAA`)).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await admin.call(`/api/ops/commerce/order?order_no=x`)).body.status_code).toBe(ErrorCode.ClientParamError);

    // Operators only: a player, and a visitor.
    expect((await a.client.call(`/api/ops/commerce/order?order_no=${paid}`)).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await new CookieClient(api.baseUrl).call(`/api/ops/commerce/orders`)).body.status_code).toBe(ErrorCode.NeedLogin);

    // After a refund the order shows when, and the grant its operator's note.
    expect((await admin.post('/api/ops/commerce/refund', { order_no: paid, reason: 'charged twice' })).body.status_code).toBe(0);
    const refunded = (await admin.call<OpsOrderDetail>(`/api/ops/commerce/order?order_no=${paid}`)).body.data!;
    expect(refunded.order.status).toBe('Refunded');
    expect(refunded.order.refunded_at).not.toBeNull();
    expect(refunded).toMatchObject({ refundable: false, membership: { is_vip: false } });
    await admin.post('/api/commerce/free_vip_distribution', { user: b.uid, days: 3, reason: 'beta tester' });
    const grants = await orders(`user=${b.uid}&status=Paid`);
    expect(grants.list[0]).toMatchObject({ trade_type: 'grant', amount: 0 });
    expect(grants.list[0]!.note).toContain('beta tester');
  }, 60_000);
});
