import { ErrorCode, type Membership, type TradeOrder } from 'shared-kit';
import { MembershipModel } from '../src/modules/commerce';
import { CookieClient, outboxCode, signInByPhone, startTestApi, type TestApi } from './helpers';
import { deliver, SANDBOX_SECRET, sandboxPurchase, shapes, signedEvent } from './support/commerce';
import { ADULT, nextPhone } from './support/playStories';

interface Guide {
  scene: string;
  benefits: string[];
  plans: Array<{ goods_id: string; amount: number }>;
  membership: Membership;
}

/*
 * The membership page's reads (vip_detail, vip_guide) for a guest, a member and a non-member, and a guest's device
 * subscription moving to the account the guest signs in to (bind_vip answers the result).
 */
describe('commerce: a guest buys on the device, signs in and keeps the membership', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', COMMERCE_SANDBOX_SECRET: SANDBOX_SECRET } });
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  const membership = async (c: CookieClient) => (await c.call<Membership>('/api/commerce/vip_base_info')).body.data!;

  it('vip_detail and vip_guide: plans, benefits and the caller’s own membership; a bad scene is 1009', async () => {
    const guest = new CookieClient(api.baseUrl);
    expect((await guest.post('/api/passport/guest')).body.status_code).toBe(0);
    const detail = (await guest.call<{ membership: Membership; plans: Guide['plans']; benefits: string[] }>('/api/commerce/vip_detail')).body.data!;
    expect(detail.membership).toMatchObject({ is_vip: false, status: 'none', valid_until: null });
    expect(detail.plans.map((p) => [p.goods_id, p.amount])).toEqual([
      ['vip_monthly', 999],
      ['vip_month_once', 1299],
    ]);
    expect(detail.benefits.length).toBeGreaterThan(0);
    const guide = (await guest.call<Guide>('/api/commerce/vip_guide?scene=chat_limit')).body.data!;
    expect(guide).toMatchObject({ scene: 'chat_limit', membership: { is_vip: false } });
    expect(guide.benefits).toEqual(detail.benefits);
    const bad = await guest.call('/api/commerce/vip_guide?scene=everywhere');
    expect(bad.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(bad.body.status_message).toContain('scene');

    const member = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    await sandboxPurchase(api.baseUrl, member, 'vip_month_once');
    const mine = (await member.call<{ membership: Membership }>('/api/commerce/vip_detail')).body.data!.membership;
    expect(mine).toMatchObject({ is_vip: true, status: 'active', auto_renew: false, next_renewal_at: null });
    expect((await member.call<Guide>('/api/commerce/vip_guide?scene=vip_style')).body.data!.membership.is_vip).toBe(true);
    // Another account's reads show its own state only.
    const other = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    expect((await other.call<{ membership: Membership }>('/api/commerce/vip_detail')).body.data!.membership.is_vip).toBe(false);
  });

  it('a guest’s subscription and orders move to the account at sign-in; bind_vip answers it; renewals follow the account', async () => {
    const guest = new CookieClient(api.baseUrl);
    const made = await guest.post<{ user: { uid: string } }>('/api/passport/guest');
    const guestUid = made.body.data!.user.uid;
    // bind_vip is for a signed-in account: a guest is asked to sign in.
    expect((await guest.post('/api/commerce/bind_vip', {})).body.status_code).toBe(ErrorCode.NeedLogin);
    const orderNo = await sandboxPurchase(api.baseUrl, guest, 'vip_monthly');
    expect(await membership(guest)).toMatchObject({ is_vip: true, auto_renew: true });
    const sub = (await MembershipModel.findOne({ uid: guestUid }).lean())!.subscription_id;
    expect(sub).not.toBe('');

    // The guest signs in (a new account) on the same device: the merge moves the device's subscription.
    const phone = nextPhone();
    expect((await guest.post('/api/passport/sms/send', { phone })).body.status_code).toBe(0);
    const login = await guest.post<{ user: { uid: string } }>('/api/passport/sms/login', { phone, code: await outboxCode(api.baseUrl, phone) });
    expect(login.body.status_code).toBe(0);
    const accountUid = login.body.data!.user.uid;
    expect(accountUid).not.toBe(guestUid);

    const bound = await guest.post<Membership>('/api/commerce/bind_vip', {});
    expect(bound.body.status_code).toBe(0);
    expect(bound.body.data).toMatchObject({ is_vip: true, status: 'active', auto_renew: true, goods_id: 'vip_monthly' });
    const orders = (await guest.call<{ list: TradeOrder[] }>('/api/commerce/get_trade_orders')).body.data!.list;
    expect(orders.map((o) => [o.order_no, o.status])).toEqual([[orderNo, 'Paid']]);
    expect(await MembershipModel.findOne({ uid: guestUid }).lean()).toBeNull();
    expect((await guest.call<{ vip_until: string | null }>('/api/tyler/user/detail')).body.data!.vip_until).toBe(bound.body.data!.valid_until);

    // The provider's next renewal of that subscription lands on the account.
    const end = Math.floor(Date.now() / 1000) + 70 * 86400;
    const renewal = signedEvent(SANDBOX_SECRET, 'invoice.paid', shapes.renewed(sub, guestUid, 999, end, 'in_guest_cycle2'));
    expect((await deliver(api.baseUrl, renewal)).body.data!.outcome).toBe('applied');
    expect(await membership(guest)).toMatchObject({ is_vip: true, valid_until: new Date(end * 1000).toISOString() });
    expect((await guest.call<{ list: TradeOrder[] }>('/api/commerce/get_trade_orders')).body.data!.list).toHaveLength(2);

    // Another account's bind_vip moves nothing to it.
    const other = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    expect((await other.post<Membership>('/api/commerce/bind_vip', {})).body.data).toMatchObject({ is_vip: false, status: 'none' });
  });
});
