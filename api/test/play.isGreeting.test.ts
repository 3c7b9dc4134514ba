import { signInByPhone, type CookieClient, type TestApi } from './helpers';
import { ADULT } from './editor.support';
import { type FakeOpenAI } from './support/fakeOpenAI';
import { startBotApi } from './support/botStories';
import { nextPhone, readStream, type Sent } from './support/playStories';

/*
 * The V3 lorebook decorator `@@is_greeting N`: an entry counts only in a play opened with greeting N (0 the opening
 * line, n the character's n-th other opening line), whatever its keys, and the decorator line never reaches the model.
 */

let fake: FakeOpenAI;
let api: TestApi;
let botId: string;

interface Start {
  play_info: { play_id: string; greeting?: number };
}

beforeAll(async () => {
  ({ fake, api, botId } = await startBotApi({
    greetings: ['Back so soon?', 'The kettle is on.'],
    lorebook: {
      entries: [
        { entry_id: 'g0', keys: [], constant: true, content: '@@is_greeting 0\nThe tea is green.' },
        { entry_id: 'g1', keys: [], constant: true, content: '@@another_app_only 5\n@@@is_greeting 1\nThe door was left open.' },
        { entry_id: 'g2', keys: ['kettle'], content: '@@is_greeting 2\nThe kettle hums a sea shanty.' },
        { entry_id: 'all', keys: ['kettle'], content: 'The kettle was a gift from the sea.' },
      ],
    },
  }));
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await fake?.close();
});

async function firstPrompt(greeting: number | null): Promise<string> {
  const client: CookieClient = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
  const start = await client.post<Start>('/api/tyler/story/start_play', { story_id: botId });
  expect(start.body.status_code).toBe(0);
  const playId = start.body.data!.play_info.play_id;
  if (greeting !== null) {
    const chosen = await client.post<Start>('/api/tyler/story/choose_greeting', { play_id: playId, greeting });
    expect(chosen.body.data!.play_info.greeting).toBe(greeting);
  }
  const res = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'What a nice kettle.' });
  expect(res.body.status_code).toBe(0);
  const sent = res.body.data!;
  await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${sent.reply_dialogue_ids[0]}&seq_st=${sent.seq_st}`);
  const messages = fake.streamed[fake.streamed.length - 1]!.messages;
  return messages.map((m) => m.content).join('\n');
}

const ENTRIES = ['The tea is green.', 'The door was left open.', 'The kettle hums a sea shanty.'];

describe('@@is_greeting in play', () => {
  it('with no greeting chosen the play opens with the opening line (greeting 0): only its entries fire', async () => {
    const prompt = await firstPrompt(null);
    expect(ENTRIES.filter((e) => prompt.includes(e))).toEqual(['The tea is green.']);
    expect(prompt).toContain('The kettle was a gift from the sea.');
    expect(prompt).not.toContain('@@');
  });

  it('fires the entry of the chosen greeting, by the decorator or its fallback, and not the others', async () => {
    const second = await firstPrompt(2);
    expect(ENTRIES.filter((e) => second.includes(e))).toEqual(['The kettle hums a sea shanty.']);
    expect(second).toContain('The kettle was a gift from the sea.');
    expect(second).not.toContain('@@');
    const first = await firstPrompt(1);
    expect(ENTRIES.filter((e) => first.includes(e))).toEqual(['The door was left open.']);
    expect(first).not.toContain('@@');
  });
});
