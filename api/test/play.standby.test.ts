import { DialogueType, ErrorCode } from 'shared-kit';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { FakeOpenAI, directorAnswer, type FakeRequest } from './support/fakeOpenAI';
import { ADULT, nextPhone, openStream, publishStory, textOf, type Dlg, type Sent } from './support/playStories';

/*
 * The standby stream: `stream_reply?play_id&seq_st&standby=1` opens at once and waits for the play's next turn, so a
 * player's screen can keep one open while the play is idle and a send's first words arrive on it.
 */

let fake: FakeOpenAI;
let api: TestApi;
let storyId: string;

const lastUser = (req: FakeRequest) => [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '';

beforeAll(async () => {
  fake = await FakeOpenAI.start((req) =>
    req.stream ? { kind: 'stream', tokens: ['[Gentle] ', 'You said: ', `"${lastUser(req)}"`], delayMs: 5 } : directorAnswer(req, false),
  );
  api = await startTestApi({
    env: {
      SMS_IP_SENDS_PER_HOUR: '1000',
      REVIEW_POLL_MS: '20',
      ...fake.apiEnv,
      STREAM_STANDBY_MS: '3000',
    },
  });
  ({ storyId } = await publishStory(api.baseUrl));
}, 30_000);
afterAll(async () => {
  await api.stop();
  await fake.close();
});

async function newPlay(): Promise<{ client: CookieClient; playId: string; nextSeq: number }> {
  const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
  const res = await client.post<{ play_info: { play_id: string }; dialogues: Dlg[] }>('/api/tyler/story/start_play', { story_id: storyId });
  const data = res.body.data!;
  return { client, playId: data.play_info.play_id, nextSeq: Math.max(...data.dialogues.map((d) => d.seq)) + 1 };
}

/** Opens `stream_reply` with `query` and returns once its headers are in. */
const open = (client: CookieClient, query: string) => openStream(client, `/api/tyler/message/stream_reply?${query}`);

describe('a standby reply stream', () => {
  it('opens before any send and carries the next turn, from the message to done', async () => {
    const { client, playId, nextSeq } = await newPlay();
    const standby = await open(client, `play_id=${playId}&seq_st=${nextSeq}&standby=1`);
    expect(standby.res.status).toBe(200);
    expect(standby.res.headers.get('content-type')).toContain('text/event-stream');
    await new Promise((r) => setTimeout(r, 50));
    expect(standby.events).toEqual([]);

    const sent = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'Anyone home?' });
    expect(sent.body.status_code).toBe(0);
    const replyId = sent.body.data!.reply_dialogue_ids[0]!;
    await standby.ended;
    const dialogues = standby.events.filter((e) => e.event === 'dialogue').map((e) => [e.data.seq, e.data.type]);
    expect(dialogues).toEqual([
      [nextSeq, DialogueType.Input],
      [nextSeq + 1, DialogueType.NpcDialogue],
    ]);
    expect(textOf(standby.events, replyId)).toBe('You said: "Anyone home?"');
    const done = standby.events[standby.events.length - 1]!;
    expect(done.event).toBe('done');
    expect(done.data.last_seq).toBe(nextSeq + 1);
  }, 30_000);

  it('says idle and ends when no turn begins in STREAM_STANDBY_MS', async () => {
    const { client, playId, nextSeq } = await newPlay();
    const began = Date.now();
    const standby = await open(client, `play_id=${playId}&seq_st=${nextSeq}&standby=1`);
    await standby.ended;
    expect(standby.events.map((e) => [e.event, e.data])).toEqual([['idle', { play_id: playId, seq_st: nextSeq }]]);
    expect(Date.now() - began).toBeGreaterThanOrEqual(2900);
    // The next standby picks up the turn as before.
    const again = await open(client, `play_id=${playId}&seq_st=${nextSeq}&standby=1`);
    const sent = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'Still there?' });
    await again.ended;
    expect(textOf(again.events, sent.body.data!.reply_dialogue_ids[0]!)).toBe('You said: "Still there?"');
  }, 30_000);

  it('is refused for a play of another player, as an envelope and not a stream', async () => {
    const { playId, nextSeq } = await newPlay();
    const other = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const res = await other.call(`/api/tyler/message/stream_reply?play_id=${playId}&seq_st=${nextSeq}&standby=1`);
    expect(res.body.status_code).toBe(ErrorCode.RecordNotFound);
    const bad = await other.call(`/api/tyler/message/stream_reply?play_id=${playId}&seq_st=1&standby=maybe`);
    expect(bad.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(bad.body.status_message).toContain('standby');
  }, 30_000);

  it('a client that leaves stops nothing, and a standby opened later still gets the whole turn', async () => {
    const { client, playId, nextSeq } = await newPlay();
    const standby = await open(client, `play_id=${playId}&seq_st=${nextSeq}&standby=1`);
    standby.close();
    await standby.ended;
    const sent = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'Hello again.' });
    expect(sent.body.status_code).toBe(0);
    expect(standby.events).toEqual([]);
    // A new standby after the turn started (or ended) still gets the whole turn.
    const late = await open(client, `play_id=${playId}&seq_st=${nextSeq}&standby=1`);
    await late.ended;
    expect(textOf(late.events, sent.body.data!.reply_dialogue_ids[0]!)).toBe('You said: "Hello again."');
    expect(late.events[late.events.length - 1]!.event).toBe('done');
  }, 30_000);

  it('ends with an error event when the reply it waited for cannot be read', async () => {
    const { client, playId, nextSeq } = await newPlay();
    const standby = await open(client, `play_id=${playId}&seq_st=${nextSeq}&standby=1&seq_ed=${nextSeq - 1}`);
    await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'Range?' });
    await standby.ended;
    const last = standby.events[standby.events.length - 1]!;
    expect(last.event).toBe('error');
    expect(last.data.status_code).toBe(ErrorCode.ClientParamError);
  }, 30_000);
});
