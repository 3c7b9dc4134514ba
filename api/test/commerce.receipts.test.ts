import { ErrorCode, type Notice } from 'shared-kit';
import { MembershipModel, TradeOrderModel } from '../src/modules/commerce';
import { seedAccounts } from '../src/seed/accounts';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { deliver, SANDBOX_SECRET, sandboxPurchase, shapes, signedEvent } from './support/commerce';
import { ADULT, nextPhone } from './support/playStories';

describe('commerce: receipts in the inbox', () => {
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

  const receipts = async (c: CookieClient) => {
    const page = (await c.call<{ list: Notice[]; unread: number }>('/api/notice_box/list')).body.data!;
    return page.list.filter((n) => n.kind === 'Receipt');
  };

  it('a paid order, a renewal and a refund each leave one receipt with the amount, the plan and the order number', async () => {
    const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const uid = (await client.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    const first = await sandboxPurchase(api.baseUrl, client, 'vip_monthly');
    let list = await receipts(client);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ read: false, link: '/account/membership', receipt: { event: 'paid', order_no: first, goods_id: 'vip_monthly', amount: 999, currency: 'usd' } });
    expect((await client.call<{ unread: number }>('/api/notice_box/unread')).body.data!.unread).toBe(1);

    // A renewal, delivered three times (one event redelivered, and the same invoice in a second event): one receipt.
    const sub = (await MembershipModel.findOne({ uid }).lean())!.subscription_id;
    const end = Math.floor(Date.now() / 1000) + 60 * 86400;
    const renewal = signedEvent(SANDBOX_SECRET, 'invoice.paid', shapes.renewed(sub, uid, 999, end, 'in_receipt_cycle2'));
    expect((await deliver(api.baseUrl, renewal)).body.data!.outcome).toBe('applied');
    expect((await deliver(api.baseUrl, renewal)).body.data!.outcome).toBe('duplicate');
    expect((await deliver(api.baseUrl, signedEvent(SANDBOX_SECRET, 'invoice.paid', shapes.renewed(sub, uid, 999, end, 'in_receipt_cycle2')))).body.data!.outcome).toBe('applied');
    const renewalNo = (await TradeOrderModel.findOne({ invoice_id: 'in_receipt_cycle2' }).lean())!.order_no;
    list = await receipts(client);
    expect(list.map((n) => [n.receipt!.event, n.receipt!.order_no])).toEqual([
      ['renewed', renewalNo],
      ['paid', first],
    ]);
    expect(list[0]!.receipt).toMatchObject({ amount: 999, currency: 'usd', goods_id: 'vip_monthly' });

    // The operator refunds the renewal: a refund receipt; its event delivered again adds nothing.
    expect((await admin.post('/api/ops/commerce/refund', { order_no: renewalNo, reason: 'asked within a day' })).body.status_code).toBe(0);
    expect((await deliver(api.baseUrl, signedEvent(SANDBOX_SECRET, 'refund.created', shapes.refunded(renewalNo)))).body.data!.outcome).toBe('applied');
    list = await receipts(client);
    expect(list.map((n) => [n.receipt!.event, n.receipt!.order_no])).toEqual([
      ['refunded', renewalNo],
      ['renewed', renewalNo],
      ['paid', first],
    ]);

    // A grant is free: no receipt. A payment failure is not a receipt either.
    await admin.post('/api/commerce/free_vip_distribution', { user: uid, days: 2, reason: 'sorry' });
    await deliver(api.baseUrl, signedEvent(SANDBOX_SECRET, 'invoice.payment_failed', shapes.failed(sub, uid, 999, 'in_receipt_cycle3')));
    expect(await receipts(client)).toHaveLength(3);
    // Receipts are the buyer's own: another account's inbox holds none.
    const other = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    expect(await receipts(other)).toEqual([]);
    expect((await other.call(`/api/commerce/get_trade_order_status?order_no=${first}`)).body.status_code).toBe(ErrorCode.RecordNotFound);
  }, 60_000);
});
