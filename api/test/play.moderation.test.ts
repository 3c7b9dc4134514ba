import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DialogueStatus, ErrorCode } from 'shared-kit';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { FakeOpenAI, directorAnswer, type FakeBehaviour, type FakeRequest } from './support/fakeOpenAI';
import {
  ADULT,
  nextPhone,
  publishStory,
  readStream,
  textOf,
  type Dlg,
  type Sent,
  retryReply,
} from './support/playStories';

// A made-up listed word, so the test is about the mechanism and not about any real list.
const LISTED = 'grimblade';
let fake: FakeOpenAI;
let api: TestApi;
let storyId: string;
let listDir: string;
/** How many tokens the fake wrote for the latest streamed reply. */
let written = 0;

function reply(tokens: string[]): (req: FakeRequest) => FakeBehaviour {
  return (req) => {
    if (!req.stream) return directorAnswer(req, false);
    written = 0;
    return { kind: 'stream', tokens, delayMs: 15, onSent: () => (written += 1) };
  };
}

beforeAll(async () => {
  listDir = await mkdtemp(path.join(os.tmpdir(), 'play-words-'));
  const listFile = path.join(listDir, 'extra.txt');
  await writeFile(listFile, `# test list\n${LISTED}\n`);
  fake = await FakeOpenAI.start(reply(['Hello.']));
  api = await startTestApi({
    env: {
      SMS_IP_SENDS_PER_HOUR: '1000',
      REVIEW_POLL_MS: '20',
      FORBIDDEN_WORDS_FILE: listFile,
      ...fake.apiEnv,
      LLM_RETRIES: '0',
    },
  });
  ({ storyId } = await publishStory(api.baseUrl));
}, 30_000);
afterAll(async () => {
  await api.stop();
  await fake.close();
  await rm(listDir, { recursive: true, force: true });
});

async function newPlay(): Promise<{ client: CookieClient; playId: string }> {
  const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
  const res = await client.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', {
    story_id: storyId,
  });
  return { client, playId: res.body.data!.play_info.play_id };
}

async function turn(client: CookieClient, playId: string, message: string) {
  const res = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
  expect(res.body.status_code).toBe(0);
  const replyId = res.body.data!.reply_dialogue_ids[0]!;
  const stream = await readStream(
    client,
    `/api/tyler/message/stream_reply?dialogue_id=${replyId}&seq_st=${res.body.data!.seq_st}`,
  );
  return { events: stream.events, replyId };
}

async function dialogue(client: CookieClient, playId: string, id: string): Promise<Dlg | undefined> {
  const list = await client.call<{ dialogues: Dlg[] }>(
    `/api/tyler/dialogue_list?play_id=${playId}&count=200`,
  );
  return list.body.data!.dialogues.find((d) => d.dialogue_id === id);
}

describe('moderation while a reply streams', () => {
  it('stops the reply at a listed word split over tokens: the word never reaches the player', async () => {
    const tokens = [
      'The ',
      'keeper ',
      'lifts ',
      'the ',
      'grim',
      'blade',
      ' and ',
      'the ',
      'lamp ',
      'goes ',
      'dark ',
      'over ',
      'the ',
      'sea.',
    ];
    fake.script(reply(tokens));
    const { client, playId } = await newPlay();
    const judgedBefore = fake.requests.filter((r) => !r.stream).length;
    const t = await turn(client, playId, 'What does the keeper hold?');

    const deltas = t.events.filter((e) => e.event === 'delta');
    const shown = textOf(t.events, t.replyId);
    // The text before the word streamed as usual; the word and what followed it never did.
    expect(shown).toBe('The keeper lifts the ');
    for (const d of deltas) expect(String(d.data.text)).not.toMatch(/grim|blade/);
    const error = t.events.find((e) => e.event === 'error');
    expect(error?.data).toMatchObject({ dialogue_id: t.replyId, status_code: ErrorCode.SecurityFail });
    const final = t.events.find((e) => e.event === 'dialogue' && e.data.dialogue_id === t.replyId);
    expect(final?.data).toMatchObject({ status: DialogueStatus.SecurityFail, content: '' });
    expect(t.events[t.events.length - 1]!.event).toBe('done');

    // Stored SecurityFail and hidden; the model was cut off and the director never judged the flagged turn.
    expect(await dialogue(client, playId, t.replyId)).toMatchObject({
      status: DialogueStatus.SecurityFail,
      content: '',
      done: true,
      error_code: ErrorCode.SecurityFail,
    });
    expect(written).toBeLessThan(tokens.length);
    expect(fake.requests.filter((r) => !r.stream).length).toBe(judgedBefore);
    expect(api.logs.find('reply stopped by moderation').length).toBeGreaterThan(0);

    // The player may have the reply written again.
    fake.script(reply(['The ', 'lamp ', 'glows.']));
    expect((await retryReply(client, playId, t.replyId)).text).toBe('The lamp glows.');
  }, 30_000);

  it('a reply that only starts like a listed word streams whole', async () => {
    fake.script(reply(['The ', 'grim', 'bladesmith ', 'nods.']));
    const { client, playId } = await newPlay();
    const t = await turn(client, playId, 'Who is there?');
    expect(textOf(t.events, t.replyId)).toBe('The grimbladesmith nods.');
    expect(t.events.some((e) => e.event === 'error')).toBe(false);
    expect(await dialogue(client, playId, t.replyId)).toMatchObject({
      status: DialogueStatus.Normal,
      content: 'The grimbladesmith nods.',
    });
  }, 30_000);

  it('a listed word as the last token is refused before the reply is stored', async () => {
    fake.script(reply(['Beware ', 'the ', LISTED]));
    const { client, playId } = await newPlay();
    const t = await turn(client, playId, 'Any advice?');
    expect(textOf(t.events, t.replyId)).toBe('Beware the ');
    expect(await dialogue(client, playId, t.replyId)).toMatchObject({
      status: DialogueStatus.SecurityFail,
      content: '',
    });
  }, 30_000);
});
