import mongoose from 'mongoose';
import { BanStatus, ErrorCode } from 'shared-kit';
import { User } from '../src/modules/users/user.model';
import type { CookieClient } from './helpers';
import { directorAnswer, FakeOpenAI, type FakeBehaviour, type FakeRequest } from './support/fakeOpenAI';
import { nextPhone, publishStory, readStream, textOf, type Sent, type Started } from './support/playStories';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';

/*
 * A turn's send and its reply's stream keep the account cached in each process past SESSION_CACHE_MS (200 ms here)
 * while its sessions' revision holds, as the online tick does: the session itself is read on every request, so a
 * logout, an expiry or a ban made anywhere refuses the next send and stream at once, in either process.
 */

jest.setTimeout(120_000);

const TOKENS = ['The ', 'keeper ', 'nods.'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a turn’s account across two api processes', () => {
  let fake: FakeOpenAI;
  let procs: ApiProcesses;
  let a: ApiProcess;
  let b: ApiProcess;
  let storyId: string;
  const reply = (request: FakeRequest): FakeBehaviour => (request.stream ? { kind: 'stream', tokens: TOKENS } : directorAnswer(request, false));
  beforeAll(async () => {
    fake = await FakeOpenAI.start(reply);
    procs = await startApiProcesses({
      count: 2,
      env: { ...fake.apiEnv, SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', DAILY_CHAT_LIMIT: '1000', SESSION_CACHE_MS: '200' },
    });
    [a, b] = procs.processes as [ApiProcess, ApiProcess];
    // This process writes through the models too, as a third api process (an operator's tool) would.
    await mongoose.connect(procs.mongoUri);
    ({ storyId } = await publishStory(a.baseUrl));
  });
  afterAll(async () => {
    await mongoose.disconnect();
    await procs?.stop();
    await fake?.close();
  });

  /** A signed-in player with a play, known to both processes: a turn sent on each, streamed from the other. */
  async function player(): Promise<{ onA: CookieClient; onB: CookieClient; uid: string; playId: string }> {
    const onA = await a.signIn(nextPhone());
    const onB = b.as(onA);
    const started = await onA.post<Started>('/api/tyler/story/start_play', { story_id: storyId });
    expect(started.body.status_code).toBe(0);
    const playId = started.body.data!.play_info.play_id;
    const uid = (await onA.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    expect(await turn(onA, onB, playId, 'Good evening.')).toBe(TOKENS.join(''));
    expect(await turn(onB, onA, playId, 'Is the lamp lit?')).toBe(TOKENS.join(''));
    return { onA, onB, uid, playId };
  }

  /** Sends through `sender`, streams the reply through `streamer`; the reply's text as streamed. */
  async function turn(sender: CookieClient, streamer: CookieClient, playId: string, message: string): Promise<string> {
    const sent = await sender.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
    expect(sent.body.status_code).toBe(0);
    const replyId = sent.body.data!.reply_dialogue_ids[0]!;
    const { events } = await readStream(streamer, `/api/tyler/message/stream_reply?dialogue_id=${replyId}&seq_st=${sent.body.data!.seq_st}`);
    expect(events[events.length - 1]!.event).toBe('done');
    return textOf(events, replyId);
  }

  /** What a send and a stream of `client`'s cookie get on `proc`, each with its own copy of the cookie. */
  const refused = async (proc: ApiProcess, client: CookieClient, playId: string) => ({
    send: (await proc.as(client).post('/api/tyler/message/send', { play_id: playId, message: 'Still there?' })).body.status_code,
    stream: (await proc.as(client).call(`/api/tyler/message/stream_reply?play_id=${playId}&seq_st=0`)).body.status_code,
  });
  const banned = { status: BanStatus.Banned, login_until: new Date(Date.now() + 86_400_000), reason: 'spam' };

  it('the turn keeps the account past SESSION_CACHE_MS: a write that moves no revision is not seen by it, only by other calls', async () => {
    const { onA, onB, uid, playId } = await player();
    await sleep(400);
    // A raw write (docs/api.md forbids them: it moves no revision) shows what the turn's routes read: the session,
    // not the account, which both processes still hold.
    await mongoose.connection.collection('users').updateOne({ uid }, { $set: { ban: banned } });
    expect(await turn(onA, onB, playId, 'Who keeps it?')).toBe(TOKENS.join(''));
    // Any other call past SESSION_CACHE_MS reads the account: the ban refuses it and ends every session of the account.
    expect((await onB.call('/api/tyler/user/detail')).body.status_code).toBe(ErrorCode.UserBanned);
    expect(await refused(a, onA, playId)).toEqual({ send: ErrorCode.NeedLogin, stream: ErrorCode.NeedLogin });
  });

  it('a login ban written through the models anywhere refuses the next stream and send in both processes at once', async () => {
    const first = await player();
    const second = await player();
    await sleep(400);
    await User.updateMany({ uid: mongoose.trusted({ $in: [first.uid, second.uid] }) }, { $set: { ban: banned } });
    expect((await a.as(first.onA).call(`/api/tyler/message/stream_reply?play_id=${first.playId}&seq_st=0`)).body.status_code).toBe(ErrorCode.UserBanned);
    expect((await b.as(second.onA).post('/api/tyler/message/send', { play_id: second.playId, message: 'Hello?' })).body.status_code).toBe(ErrorCode.UserBanned);
    // The refusal ended the account's sessions: the other process refuses the cookie too.
    expect(await refused(b, first.onA, first.playId)).toEqual({ send: ErrorCode.NeedLogin, stream: ErrorCode.NeedLogin });
    expect(await refused(a, second.onA, second.playId)).toEqual({ send: ErrorCode.NeedLogin, stream: ErrorCode.NeedLogin });
  });

  it('a logout on one process, or the session’s expiry, refuses the next send and stream on the other at once', async () => {
    const first = await player();
    await sleep(400);
    expect((await b.as(first.onA).post('/api/passport/logout', {})).body.status_code).toBe(0);
    expect(await refused(a, first.onA, first.playId)).toEqual({ send: ErrorCode.NeedLogin, stream: ErrorCode.NeedLogin });

    const second = await player();
    await sleep(400);
    await mongoose.connection.collection('sessions').updateMany({ uid: second.uid }, { $set: { expires_at: new Date(Date.now() - 1000) } });
    expect(await refused(a, second.onA, second.playId)).toEqual({ send: ErrorCode.NeedLogin, stream: ErrorCode.NeedLogin });
    expect(await refused(b, second.onA, second.playId)).toEqual({ send: ErrorCode.NeedLogin, stream: ErrorCode.NeedLogin });
  });
});
