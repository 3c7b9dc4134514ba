import { signInByPhone, startTestApi, type CookieClient, type JsonResponse, type TestApi } from '../helpers';
import { FakeOpenAI, directorAnswer, type FakeBehaviour, type FakeRequest } from './fakeOpenAI';
import { ADULT, nextPhone, publishStory, readStream, textOf, type Dlg, type Sent } from './playStories';

// The `message/send` tests' api: a published story played against a fake model that echoes the player, and the
// requests a turn makes.

export interface SendApi {
  fake: FakeOpenAI;
  api: TestApi;
  storyId: string;
  /** A new player and a play of the story. */
  newPlay: () => Promise<{ client: CookieClient; playId: string }>;
  send: (client: CookieClient, playId: string, message: string) => Promise<JsonResponse<Sent>>;
  /** Sends and reads the reply's stream to its end. */
  turn: (
    client: CookieClient,
    playId: string,
    message: string,
  ) => Promise<{ replyId: string; text: string; events: Awaited<ReturnType<typeof readStream>>['events'] }>;
  history: (client: CookieClient, playId: string) => Promise<Dlg[]>;
  /** The streamed model requests made since the `from`th. */
  streamedSince: (from: number) => FakeRequest[];
  /** Model requests whose prompt holds `text`. */
  asked: (text: string) => FakeRequest[];
}

function lastUser(req: FakeRequest): string {
  return [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
}

/** A reply that echoes the player; `delayMs` apart. The director never moves the story on. */
export function echo(delayMs = 1) {
  return (req: FakeRequest): FakeBehaviour =>
    req.stream ? { kind: 'stream', tokens: ['[Gentle] ', 'You said: ', `"${lastUser(req)}"`], delayMs } : directorAnswer(req, false);
}

/**
 * Starts the fake model and the api before a file's tests, publishes a story, and stops both after them; before
 * each test the model echoes again and flags nothing. The fields are set once the tests run: read them inside a
 * test or a hook, never at the file's top level.
 */
export function useSendApi(): SendApi {
  const ctx = {
    async newPlay() {
      const client = await signInByPhone(ctx.api.baseUrl, nextPhone(), ADULT);
      const res = await client.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: ctx.storyId });
      return { client, playId: res.body.data!.play_info.play_id };
    },
    send(client: CookieClient, playId: string, message: string) {
      return client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
    },
    async turn(client: CookieClient, playId: string, message: string) {
      const res = await ctx.send(client, playId, message);
      expect(res.body.status_code).toBe(0);
      const sent = res.body.data!;
      const replyId = sent.reply_dialogue_ids[0]!;
      const stream = await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${replyId}&seq_st=${sent.seq_st}`);
      return { replyId, text: textOf(stream.events, replyId), events: stream.events };
    },
    async history(client: CookieClient, playId: string) {
      return (await client.call<{ dialogues: Dlg[] }>(`/api/tyler/dialogue_list?play_id=${playId}&count=200`)).body.data!.dialogues;
    },
    streamedSince: (from: number) => ctx.fake.requests.slice(from).filter((r) => r.stream),
    asked: (text: string) => ctx.fake.requests.filter((r) => r.stream && r.messages.some((m) => m.content.includes(text))),
  } as SendApi;
  beforeAll(async () => {
    ctx.fake = await FakeOpenAI.start(echo());
    ctx.api = await startTestApi({
      env: {
        SMS_IP_SENDS_PER_HOUR: '1000',
        REVIEW_POLL_MS: '20',
        ...ctx.fake.apiEnv,
      },
    });
    ({ storyId: ctx.storyId } = await publishStory(ctx.api.baseUrl));
  }, 30_000);
  afterAll(async () => {
    await ctx.api.stop();
    await ctx.fake.close();
  });
  beforeEach(() => {
    ctx.fake.script(echo());
    ctx.fake.flagWhen(() => false);
  });
  return ctx;
}

export async function waitFor(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
