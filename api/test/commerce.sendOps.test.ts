import mongoose from 'mongoose';
import { seedAccounts } from '../src/seed/accounts';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { ADULT, nextPhone, publishStory, readStream, type Sent, type Started } from './support/playStories';

/*
 * The send path reads membership, and a member's model choice, from the account it already holds: a member's turn
 * makes no database command a non-member's does not (it skips the daily quota's write), touches no commerce
 * collection, and makes the same commands with a model chosen.
 */
/** Models to choose from (the offline storyteller writes the replies whichever is chosen; the commands are the point). */
const MODELS = [{ id: 'story-plus', name: 'Plus', members_only: true }];

describe('membership on the send path costs no database command', () => {
  let api: TestApi;
  let storyId: string;
  beforeAll(async () => {
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', OFFLINE_TOKEN_DELAY_MS: '0', SESSION_CACHE_MS: '0', CHAT_MODELS: JSON.stringify(MODELS) } });
    await seedAccounts(api.logger);
    ({ storyId } = await publishStory(api.baseUrl));
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  const total = (ops: Record<string, number>) => Object.values(ops).reduce((a, b) => a + b, 0);

  /**
   * The commands of one turn. The reply is streamed once the turn is written (the database quiet for 300 ms), so
   * the stream always reads it back: a stream opened while the reply is being written takes it from memory instead,
   * with two reads fewer, and which of the two a turn gets would depend on the machine's load.
   */
  async function turnOps(client: CookieClient, playId: string, message: string): Promise<Record<string, number>> {
    const ops: Record<string, number> = {};
    let last = Date.now();
    mongoose.set('debug', (collection: string, method: string) => {
      // The background job queues (the review worker polls every 20 ms here) are not the turn's.
      if (/jobs/.test(collection)) return;
      ops[`${collection}.${method}`] = (ops[`${collection}.${method}`] ?? 0) + 1;
      last = Date.now();
    });
    try {
      const res = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
      expect(res.body.status_code).toBe(0);
      const quiet = async () => {
        while (Date.now() - last < 300) await new Promise((r) => setTimeout(r, 50));
      };
      await quiet();
      await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${res.body.data!.reply_dialogue_ids[0]}`);
      await quiet();
    } finally {
      mongoose.set('debug', false);
    }
    return ops;
  }

  /** The fewest commands of three turns: on a loaded machine a command of another request can land in one count. */
  async function fewestOps(client: CookieClient, playId: string, label: string): Promise<Record<string, number>> {
    let best: Record<string, number> | undefined;
    for (let i = 0; i < 3; i++) {
      const ops = await turnOps(client, playId, `${label} (${i + 1})`);
      if (!best || total(ops) < total(best)) best = ops;
    }
    return best!;
  }

  it('a member’s turn: the same commands as a non-member’s, less the quota write', async () => {
    const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const uid = (await client.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    const playId = (await client.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    await turnOps(client, playId, 'A first turn to warm up.');
    const before = await fewestOps(client, playId, 'As a non-member.');
    const admin = await signInByPhone(api.baseUrl, '+12025550100');
    expect((await admin.post('/api/commerce/free_vip_distribution', { user: uid, days: 3, reason: 'command count' })).body.status_code).toBe(0);
    await turnOps(client, playId, 'A member now, warming up.');
    const after = await fewestOps(client, playId, 'As a member.');
    expect(Object.keys(after).filter((k) => /^(memberships|trade_orders|commerce_events)\./.test(k))).toEqual([]);
    expect(before['chat_quotas.findOneAndUpdate']).toBe(1);
    expect(after['chat_quotas.findOneAndUpdate']).toBeUndefined();
    const { ['chat_quotas.findOneAndUpdate']: _quota, ...rest } = before;
    expect(after).toEqual(rest);
    expect(total(after)).toBe(total(before) - 1);

    // A member's model choice is read from the same account: the same commands again.
    expect((await client.post('/api/editor/update_default_model', { model: 'story-plus' })).body.status_code).toBe(0);
    await turnOps(client, playId, 'With a chosen model, warming up.');
    const chosen = await fewestOps(client, playId, 'With a chosen model.');
    expect(chosen).toEqual(after);
  }, 90_000);
});
