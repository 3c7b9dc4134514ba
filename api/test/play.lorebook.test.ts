import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { FakeOpenAI, directorAnswer, type FakeRequest } from './support/fakeOpenAI';
import { ADULT, nextPhone, publishStory, readStream, type Sent } from './support/playStories';

let fake: FakeOpenAI;
let api: TestApi;
let storyId: string;

beforeAll(async () => {
  fake = await FakeOpenAI.start((req: FakeRequest) => (req.stream ? { kind: 'stream', tokens: ['[Gentle] ', 'Indeed.'], delayMs: 1 } : directorAnswer(req, false)));
  api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', ...fake.apiEnv } });
  ({ storyId } = await publishStory(api.baseUrl, {
    lorebook: {
      scan_depth: 2,
      token_budget: 200,
      entries: [
        { entry_id: 'w1', keys: ['red moon'], content: 'The red moon rises only when @{character_c1} lies.' },
        { entry_id: 'w2', keys: ['harbour'], content: 'The harbour is closed at night.', position: 'after_char' },
        { entry_id: 'w3', keys: [], content: 'Magic is forbidden on the island.', constant: true },
        { entry_id: 'w4', keys: ['/lanterns?\\b/'], use_regex: true, content: 'The lantern is cursed.', position: 'at_depth', depth: 1 },
      ],
    },
  }));
}, 30_000);
afterAll(async () => {
  await api?.stop();
  await fake?.close();
});

async function turnMessages(client: CookieClient, playId: string, message: string): Promise<Array<{ role: string; content: string }>> {
  const res = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
  expect(res.body.status_code).toBe(0);
  const sent = res.body.data!;
  await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${sent.reply_dialogue_ids[0]}&seq_st=${sent.seq_st}`);
  return fake.streamed[fake.streamed.length - 1]!.messages;
}

const turn = async (client: CookieClient, playId: string, message: string): Promise<string> => (await turnMessages(client, playId, message))[0]!.content;

describe('a play with a lorebook', () => {
  it('puts the entries the recent messages call up into the prompt, and only those', async () => {
    const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const start = await client.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: storyId });
    const playId = start.body.data!.play_info.play_id;
    const first = await turn(client, playId, 'Why is there a RED MOON tonight?');
    // Same insertion order: the lorebook's own order.
    expect(first).toContain('## World info\nThe red moon rises only when Mira lies.\n\nMagic is forbidden on the island.\n\n## Characters');
    expect(first).not.toContain('harbour is closed');
    const second = await turn(client, playId, 'Take me to the harbour.');
    expect(second).toContain('## More world info\nThe harbour is closed at night.');
    // The scan depth is 2 messages: the reply and the harbour line; the moon question has scrolled out.
    expect(second).not.toContain('The red moon rises');
    expect(second).toContain('Magic is forbidden');
    expect(second).not.toContain('lantern');

    // A regex key calls up an entry placed in the conversation: one message back from the newest.
    const third = await turnMessages(client, playId, 'Light the LANTERN, please.');
    const at = third.findIndex((m) => m.content === 'World info:\nThe lantern is cursed.');
    expect(at).toBeGreaterThan(0);
    expect(third[at]!.role).toBe('system');
    expect(third[at + 1]).toMatchObject({ role: 'user', content: 'Light the LANTERN, please.' });
    expect(third).toHaveLength(at + 2);
    expect(third[0]!.content).not.toContain('lantern is cursed');
  });

  it('has no development chat switch without DEV_CHAT_SWITCH', async () => {
    const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const res = await client.call('/api/dev/chat_model', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(404);
  });
});
