import { signInByPhone, startTestApi, type TestApi } from './helpers';
import { FakeOpenAI, directorAnswer, type FakeRequest } from './support/fakeOpenAI';
import { ADULT, nextPhone, publishStory, readStream, type Sent } from './support/playStories';

/*
 * DEV_CHAT_SWITCH (browser tests only): POST /api/dev/chat_model points this process's play chat at a loopback
 * OpenAI-compatible server and back; without the setting there is no such route (play.lorebook.test.ts).
 */

let fake: FakeOpenAI;
let api: TestApi;
let storyId: string;

beforeAll(async () => {
  fake = await FakeOpenAI.start((req: FakeRequest) => (req.stream ? { kind: 'stream', tokens: ['[Gentle] ', 'From the fake.'], delayMs: 1 } : directorAnswer(req, false)));
  api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', DEV_CHAT_SWITCH: '1', OFFLINE_TOKEN_DELAY_MS: '0' } });
  ({ storyId } = await publishStory(api.baseUrl));
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await fake?.close();
});

async function reply(baseUrl: string, message: string): Promise<string> {
  const client = await signInByPhone(baseUrl, nextPhone(), ADULT);
  const start = await client.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: storyId });
  const res = await client.post<Sent>('/api/tyler/message/send', { play_id: start.body.data!.play_info.play_id, message });
  expect(res.body.status_code).toBe(0);
  const sent = res.body.data!;
  const events = await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${sent.reply_dialogue_ids[0]}&seq_st=${sent.seq_st}`);
  return JSON.stringify(events);
}

describe('the development chat switch', () => {
  it('sends turns to the fake model while switched, and to the configured provider after', async () => {
    const before = fake.streamed.length;
    await reply(api.baseUrl, 'Hello there.');
    expect(fake.streamed.length).toBe(before);

    const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const remote = await client.post<{ mode: string }>('/api/dev/chat_model', { base_url: 'http://10.0.0.1:9/v1', model: 'x' });
    expect(remote.body.status_code).not.toBe(0);
    const on = await client.post<{ mode: string }>('/api/dev/chat_model', { base_url: fake.url, model: 'fake-model' });
    expect(on.body.data).toEqual({ mode: 'openai-compatible' });
    expect(await reply(api.baseUrl, 'Hello fake.')).toContain('From the fake.');
    expect(fake.streamed[fake.streamed.length - 1]!.messages.some((m) => m.content === 'Hello fake.')).toBe(true);

    const off = await client.post<{ mode: string }>('/api/dev/chat_model', {});
    expect(off.body.data).toEqual({ mode: 'offline' });
    const count = fake.streamed.length;
    expect(await reply(api.baseUrl, 'Hello again.')).not.toContain('From the fake.');
    expect(fake.streamed.length).toBe(count);
  });
});
