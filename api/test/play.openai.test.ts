import { DialogueStatus, DialogueType, ErrorCode, PlayStatus } from 'shared-kit';
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

const TIMEOUT_MS = 400;
let fake: FakeOpenAI;
let api: TestApi;
let storyId: string;

/** The newest player message of a chat request. */
function lastUser(req: FakeRequest): string {
  return [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
}

/** Normal streamed replies; the director says "met" when the player names the chapter's objective word. */
function normal(req: FakeRequest): FakeBehaviour {
  if (!req.stream) {
    const text = req.messages.map((m) => m.content).join('\n');
    const met = /Objective: Find the keeper/.test(text)
      ? /keeper/i.test(text.split('Conversation:')[1] ?? '')
      : /night/i.test(text.split('Conversation:')[1] ?? '');
    return directorAnswer(req, met);
  }
  return {
    kind: 'stream',
    tokens: [
      '[Gentle] ',
      'The ',
      'lamp ',
      'flickers, ',
      `"${lastUser(req).slice(0, 20)}" `,
      'she ',
      'repeats.',
    ],
    delayMs: 2,
  };
}

beforeAll(async () => {
  fake = await FakeOpenAI.start(normal);
  api = await startTestApi({
    env: {
      SMS_IP_SENDS_PER_HOUR: '1000',
      REVIEW_POLL_MS: '20',
      ...fake.apiEnv,
      LLM_TIMEOUT_MS: String(TIMEOUT_MS),
      LLM_RETRIES: '1',
    },
  });
  ({ storyId } = await publishStory(api.baseUrl));
}, 30_000);
afterAll(async () => {
  await api.stop();
  await fake.close();
});
beforeEach(() => fake.script(normal));

async function newPlay(): Promise<{ client: CookieClient; playId: string }> {
  const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
  const res = await client.post<{ play_info: { play_id: string; ai_mode: string } }>(
    '/api/tyler/story/start_play',
    { story_id: storyId },
  );
  expect(res.body.data!.play_info.ai_mode).toBe('model');
  return { client, playId: res.body.data!.play_info.play_id };
}

async function turn(client: CookieClient, playId: string, message: string) {
  const res = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
  expect(res.body.status_code).toBe(0);
  const sent = res.body.data!;
  const stream = await readStream(
    client,
    `/api/tyler/message/stream_reply?dialogue_id=${sent.reply_dialogue_ids[0]}&seq_st=${sent.seq_st}`,
  );
  return { sent, events: stream.events, replyId: sent.reply_dialogue_ids[0]! };
}

async function history(client: CookieClient, playId: string): Promise<Dlg[]> {
  return (await client.call<{ dialogues: Dlg[] }>(`/api/tyler/dialogue_list?play_id=${playId}&count=200`))
    .body.data!.dialogues;
}

describe('a whole play through the openai-compatible provider', () => {
  it('streams the model through the api and follows the director to the happy ending', async () => {
    const { client, playId } = await newPlay();
    const first = await turn(client, playId, 'Where is the keeper?');
    expect(textOf(first.events, first.replyId)).toBe(
      'The lamp flickers, "Where is the keeper?" she repeats.',
    );
    const reply = (await history(client, playId)).find((d) => d.dialogue_id === first.replyId)!;
    // The emotion tag is read off the stream, not shown.
    expect(reply).toMatchObject({
      status: DialogueStatus.Normal,
      emotion: 'Gentle',
      content: 'The lamp flickers, "Where is the keeper?" she repeats.',
    });
    expect(first.events.filter((e) => e.event === 'dialogue').map((e) => e.data.type)).toEqual([
      DialogueType.Input,
      DialogueType.NpcDialogue,
      DialogueType.SwitchChapter,
      DialogueType.ChapterTarget,
    ]);
    // The prompt carries the story, the chapter, its objective, the cast and the player.
    const prompt = fake.streamed[fake.streamed.length - 1]!.messages[0]!.content;
    for (const part of [
      'The Lighthouse',
      'You reach the island and meet Mira.',
      'Find the keeper.',
      'Mira: The keeper of the lighthouse.',
      'Alex: A traveller.',
    ]) {
      expect(prompt).toContain(part);
    }
    expect(fake.streamed[fake.streamed.length - 1]!.model).toBe('fake-model');

    const second = await turn(client, playId, 'We will last the night.');
    const done = second.events[second.events.length - 1]!;
    expect(done.event).toBe('done');
    expect(done.data.play_info).toMatchObject({
      status: PlayStatus.Ending,
      ending: { type: DialogueType.HappyEnding },
    });
  }, 30_000);

  it('a bad judgement answer counts as not met', async () => {
    const { client, playId } = await newPlay();
    fake.script((req) =>
      req.stream ? normal(req) : { kind: 'json', content: 'Sure! The player did great.' },
    );
    const t = await turn(client, playId, 'Is the keeper here?');
    expect(t.events.filter((e) => e.event === 'dialogue').map((e) => e.data.type)).toEqual([
      DialogueType.Input,
      DialogueType.NpcDialogue,
    ]);
    expect(api.logs.find('not the expected JSON').length).toBeGreaterThan(0);
  }, 30_000);
});

describe('model faults leave a Fail dialogue and an intact history', () => {
  const faults: Array<[string, FakeBehaviour, number]> = [
    ['HTTP 500', { kind: 'status', status: 500 }, ErrorCode.ModelServiceError],
    ['a stall (timeout)', { kind: 'stall' }, ErrorCode.Timeout],
    ['a stall mid-reply', { kind: 'stall', tokens: ['The ', 'lamp '] }, ErrorCode.Timeout],
    ['a malformed chunk', { kind: 'malformed', tokens: ['The '] }, ErrorCode.ModelStreamError],
    ['an empty reply', { kind: 'empty' }, ErrorCode.ModelFormatError],
  ];

  it.each(faults)(
    '%s',
    async (_name, behaviour, code) => {
      const { client, playId } = await newPlay();
      await turn(client, playId, 'Good evening.');
      const before = await history(client, playId);

      fake.script((req) => (req.stream ? behaviour : normal(req)));
      const fromIndex = fake.requests.length;
      const failed = await turn(client, playId, 'And then?');
      const error = failed.events.find((e) => e.event === 'error');
      expect(error?.data).toMatchObject({ dialogue_id: failed.replyId, status_code: code });
      expect(failed.events[failed.events.length - 1]!.event).toBe('done');

      const after = await history(client, playId);
      // Everything that was there is untouched; the new input stays, the reply is marked failed.
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after).toHaveLength(before.length + 2);
      expect(after[after.length - 1]).toMatchObject({
        dialogue_id: failed.replyId,
        status: DialogueStatus.Fail,
        error_code: code,
        done: true,
      });
      // Retries happen only before the first token: once text arrived, no second attempt.
      const attempts = fake.requests.slice(fromIndex).filter((r) => r.stream).length;
      const sentTokens =
        behaviour.kind === 'stall' || behaviour.kind === 'malformed'
          ? (behaviour.tokens?.length ?? 0) > 0
          : false;
      expect(attempts).toBe(sentTokens ? 1 : behaviour.kind === 'empty' ? 1 : 2);

      // The player retries; the failed reply stays in the record and a new one follows it.
      fake.script(normal);
      const retried = await retryReply(client, playId, failed.replyId);
      expect(retried.text).toContain('"And then?"');
      const final = await history(client, playId);
      expect(final.find((d) => d.dialogue_id === failed.replyId)).toMatchObject({
        status: DialogueStatus.Fail,
      });
      expect(final.find((d) => d.dialogue_id === retried.replyId)).toMatchObject({
        status: DialogueStatus.Normal,
      });
      // A failed reply never reaches the next prompt.
      const prompt = fake.streamed[fake.streamed.length - 1]!.messages.map((m) => m.content).join('\n');
      expect(prompt).not.toContain('The lamp The lamp');
    },
    30_000,
  );

  it('regenerating a finished reply is refused once it is no longer the latest turn’s (the latest one is written again)', async () => {
    const { client, playId } = await newPlay();
    const t = await turn(client, playId, 'Hello.');
    await turn(client, playId, 'And again.');
    const res = await client.post('/api/tyler/message/send', {
      play_id: playId,
      is_loop: true,
      dialogue_id: t.replyId,
    });
    expect(res.body.status_code).toBe(ErrorCode.RegenerateUnsupported);
    expect(res.body.status_message).toContain('dialogue_id');
  }, 30_000);
});
