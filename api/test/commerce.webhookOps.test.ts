import mongoose from 'mongoose';
import type { Membership } from 'shared-kit';
import { MembershipModel } from '../src/modules/commerce';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { deliver, SANDBOX_SECRET, sandboxPurchase, shapes, signedEvent, type SignedEvent } from './support/commerce';
import { ADULT, nextPhone } from './support/playStories';

/*
 * The database commands of one webhook delivery, by kind, and what they leave: the account's membership end moves
 * at once in this process's cached session when a renewal moves it, and nothing tells the sessions when it does not
 * move (a late period, a failed payment, a subscription update, which also recompute nothing).
 */
describe('commerce: the commands of one webhook delivery', () => {
  let api: TestApi;
  let client: CookieClient;
  let uid: string;
  let sub: string;
  const DAY = 86400;
  const start = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    // A long session cache: the account's end is seen at once only if the write tells the cached session.
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', COMMERCE_SANDBOX_SECRET: SANDBOX_SECRET, SESSION_CACHE_MS: '60000' } });
    client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    uid = (await client.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    await sandboxPurchase(api.baseUrl, client, 'vip_monthly');
    sub = (await MembershipModel.findOne({ uid }).lean())!.subscription_id;
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  type Ops = Record<string, number>;
  const total = (ops: Ops) => Object.values(ops).reduce((a, b) => a + b, 0);

  /** One delivery's commands (the background job queues' polls left out) and its outcome. */
  async function counted(e: SignedEvent): Promise<{ outcome: string; ops: Ops }> {
    const ops: Ops = {};
    mongoose.set('debug', (collection: string, method: string) => {
      if (/jobs/.test(collection)) return;
      ops[`${collection}.${method}`] = (ops[`${collection}.${method}`] ?? 0) + 1;
    });
    try {
      const res = await deliver(api.baseUrl, e);
      await new Promise((r) => setTimeout(r, 100));
      return { outcome: res.status === 200 ? res.body.data!.outcome : `http ${res.status}`, ops };
    } finally {
      mongoose.set('debug', false);
    }
  }

  /** The fewest commands of the deliveries (on a loaded machine another request's command can land in one count). */
  async function fewest(events: SignedEvent[]): Promise<{ outcome: string; ops: Ops }> {
    let best: { outcome: string; ops: Ops } | undefined;
    const outcomes = new Set<string>();
    for (const e of events) {
      const c = await counted(e);
      outcomes.add(c.outcome);
      if (!best || total(c.ops) < total(best.ops)) best = c;
    }
    expect([...outcomes]).toEqual([best!.outcome]);
    return best!;
  }

  const vipUntil = async () => (await client.call<{ vip_until: string | null }>('/api/tyler/user/detail')).body.data!.vip_until;
  const membership = async () => (await client.call<Membership>('/api/commerce/vip_base_info')).body.data!;
  const renewal = (end: number, invoice: string) => signedEvent(SANDBOX_SECRET, 'invoice.paid', shapes.renewed(sub, uid, 999, end, invoice));

  it('a renewal that moves the end: 11 commands, one sessions write, the cached session sees the new end at once', async () => {
    await vipUntil(); // cached
    const ends = [1, 2, 3].map((i) => start + (60 + i * 30) * DAY);
    const moving = await fewest(ends.map((end, i) => renewal(end, `in_ops_move_${i}`)));
    expect(moving.outcome).toBe('applied');
    expect(moving.ops).toEqual({
      'commerce_events.insertOne': 1,
      'trade_orders.findOne': 1,
      'trade_orders.findOneAndUpdate': 1,
      'memberships.findOneAndUpdate': 1,
      'trade_orders.find': 1,
      'memberships.updateOne': 1,
      'users.findOneAndUpdate': 1,
      'sessions.updateMany': 1,
      'notices.insertOne': 1,
      'notices.countDocuments': 1,
      'commerce_events.updateOne': 1,
    });
    expect(await vipUntil()).toBe(new Date(ends[2]! * 1000).toISOString());
  });

  it('a renewal arriving late (an older period): no sessions write, the end stays', async () => {
    const before = await vipUntil();
    const late = await fewest([1, 2, 3].map((i) => renewal(start + (60 + i) * DAY, `in_ops_late_${i}`)));
    expect(late.outcome).toBe('applied');
    expect(total(late.ops)).toBe(10);
    expect(late.ops['sessions.updateMany']).toBeUndefined();
    expect(late.ops['users.findOneAndUpdate']).toBe(1);
    expect(await vipUntil()).toBe(before);
    expect((await membership()).valid_until).toBe(before);
  });

  it('a repeat: 3 commands and no write', async () => {
    const e = renewal(start + 200 * DAY, 'in_ops_repeat');
    expect((await deliver(api.baseUrl, e)).body.data!.outcome).toBe('applied');
    const repeat = await fewest([e, e, e]);
    expect(repeat.outcome).toBe('duplicate');
    expect(repeat.ops).toEqual({ 'commerce_events.insertOne': 1, 'trade_orders.findOne': 1, 'commerce_events.findOne': 1 });
  });

  it('a subscription update and a failed payment recompute nothing: the end stays, the flags move', async () => {
    const before = await vipUntil();
    const updated = await fewest([0, 1, 2].map(() => signedEvent(SANDBOX_SECRET, 'customer.subscription.updated', shapes.updated(sub, true))));
    expect(updated.outcome).toBe('applied');
    expect(updated.ops).toEqual({ 'commerce_events.insertOne': 1, 'memberships.findOne': 1, 'memberships.updateOne': 1, 'commerce_events.updateOne': 1 });
    expect(await membership()).toMatchObject({ is_vip: true, auto_renew: false, valid_until: before });

    const failed = await fewest([1, 2, 3].map((i) => signedEvent(SANDBOX_SECRET, 'invoice.payment_failed', shapes.failed(sub, uid, 999, `in_ops_failed_${i}`))));
    expect(failed.outcome).toBe('applied');
    expect(failed.ops).toEqual({
      'commerce_events.insertOne': 1,
      'trade_orders.findOne': 1,
      'trade_orders.findOneAndUpdate': 1,
      'memberships.findOneAndUpdate': 1,
      'commerce_events.updateOne': 1,
    });
    expect(await vipUntil()).toBe(before);
    expect((await MembershipModel.findOne({ uid }).lean())!.payment_failed).toBe(true);
  });
});
