import mongoose from 'mongoose';
import { NoticeKind, PlanStatus, PushType, UserRole } from 'shared-kit';
import { User } from '../src/modules/users/user.model';
import type { CookieClient } from './helpers';
import { nextPhone, publishStory } from './support/playStories';
import { spoken } from './support/voiceRecordings';
import { startApiProcesses, type ApiProcess, type ApiProcesses, type ApiSocket } from './support/processes';

jest.setTimeout(120_000);

/*
 * SOCKET_ADAPTER=mongo: two api processes that share only the database (embedded-mongo run on its own as a replica
 * set). Every action is taken through A and every socket is held by B, so each push crosses between processes; B
 * never polls the review or plan queues (a job queued on A runs on A), so those pushes cross too.
 */

/** A push must reach the other process's socket within this of the request that wrote what it tells. */
const WITHIN_MS = 1000;

type Push = Record<string, unknown>;

describe('pushes across api processes through the mongo adapter', () => {
  let procs: ApiProcesses;
  let a: ApiProcess;
  let b: ApiProcess;
  const sockets: ApiSocket[] = [];
  const shared = { SOCKET_ADAPTER: 'mongo', SMS_IP_SENDS_PER_HOUR: '1000', PLAN_OFFLINE_STEP_MS: '20', REVIEW_POLL_MS: '20' };

  beforeAll(async () => {
    procs = await startApiProcesses({ count: 1, replSet: 'rs0', env: shared });
    b = await procs.add({ REVIEW_POLL_MS: '600000', PLAN_POLL_MS: '600000' });
    a = procs.processes[0]!;
    await mongoose.connect(procs.mongoUri);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await mongoose.disconnect();
    await procs?.stop();
  });

  async function socketOn(p: ApiProcess, client?: CookieClient, query?: Record<string, string>): Promise<ApiSocket> {
    const s = await p.socket(client, query);
    sockets.push(s);
    return s;
  }
  const uidOf = async (c: CookieClient) => (await c.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;

  /** Runs `act` and waits for the matching push on `socket`; returns it with the time from the request's start. */
  async function crosses(socket: ApiSocket, act: () => Promise<unknown>, match: (p: Push) => boolean): Promise<{ push: Push; ms: number }> {
    const start = performance.now();
    await act();
    const push = await socket.waitForPush(match, 5000);
    const ms = socket.arrivals[socket.pushes.indexOf(push)]! - start;
    return { push, ms };
  }

  async function operator(phone: string, permission: string): Promise<CookieClient> {
    const op = await a.signIn(phone);
    await User.updateOne({ phone }, { $set: { roles: [UserRole.User, UserRole.Operator], permissions: [permission] } });
    return op;
  }

  it('every kind of push reaches a socket held by the other process within a second', async () => {
    const annOnA = await a.signIn(nextPhone());
    const bob = await a.signIn(nextPhone());
    const annUid = await uidOf(annOnA);
    const ann = await socketOn(b, b.as(annOnA));
    expect(ann.process).not.toBe((await a.call<{ process: string }>('/api/health')).body.data!.process);
    const timings: Record<string, number> = {};

    // Review: Ann publishes through A, whose review worker passes it.
    let storyId = '';
    const review = await crosses(ann, async () => ({ storyId } = await publishStory(a.baseUrl, {}, annOnA)), (p) => p.push_type === PushType.StoryReview);
    expect(review.push).toMatchObject({ story_id: storyId, passed: true });
    timings.review = review.ms;

    // Live counts: a reader of the story's page on B sees Bob's like through A.
    const reader = await socketOn(b, undefined, { watch_story: storyId });
    const like = await crosses(reader, () => bob.post('/api/interact/story/like', { story_id: storyId, like: true }), (p) => p.push_type === PushType.RefreshFeed);
    expect(like.push).toMatchObject({ story_id: storyId, like_count: 1 });
    timings.liveCounts = like.ms;

    // Inbox: Bob follows Ann.
    const follow = await crosses(ann, () => bob.post('/api/interact/user/follow', { uid: annUid, follow: true }), (p) => p.kind === NoticeKind.Follow);
    expect(follow.push).toMatchObject({ push_type: PushType.InnerPush, unread: expect.any(Number) });
    timings.follow = follow.ms;

    // Plan progress: Ann brainstorms through A; every step arrives on B, in order, up to the finished plan.
    let planId = '';
    const plan = await crosses(
      ann,
      async () => {
        const res = await annOnA.post<{ plan_generate: { plan_id: string } }>('/api/editor/story/create', {
          story_gen_type: 'AI',
          brain_storm_idea: 'A ferry that sails only at midnight and never reaches the other side.',
          need_ai_gen: true,
          image_generate_style: { code: 'cinematic' },
        });
        expect(res.body.status_code).toBe(0);
        planId = res.body.data!.plan_generate.plan_id;
      },
      (p) => p.push_type === PushType.Plan,
    );
    timings.plan = plan.ms;
    const planPush = (p: Push) => (p.push_type === PushType.Plan ? (p.plan_push_msg as { plan_id: string; status: number; percent: number }) : null);
    await ann.waitForPush((p) => planPush(p)?.plan_id === planId && planPush(p)!.status >= PlanStatus.Success, 30_000);
    const steps = ann.pushes.map(planPush).filter((m) => m?.plan_id === planId).map((m) => m!.percent);
    expect(steps.length).toBeGreaterThan(2);
    expect(steps).toEqual([...steps].sort((x, y) => x - y));

    // Operators' pushes and mail: to Ann alone, then to everyone.
    const content = await operator(nextPhone(), 'content_operator');
    const toAnn = await crosses(
      ann,
      () => content.post('/api/ops/push/send', { to: 'user', users: [annUid], title: 'For Ann', text: 'Hello.', push_type: 'Others' }),
      (p) => p.title === 'For Ann',
    );
    expect(toAnn.push).toMatchObject({ push_type: 'Others', ops_push: true });
    timings.opsPush = toAnn.ms;
    const mail = await crosses(ann, () => content.post('/api/ops/mail/send', { to: 'all', users: [], title: 'Mail for all', text: 'Read me.' }), (p) => p.kind === NoticeKind.Mail);
    expect(mail.push.push_type).toBe(PushType.InnerPush);
    timings.mail = mail.ms;

    // A ban: the moderator's sanction reaches Ann's inbox and her socket.
    const moderator = await operator(nextPhone(), 'moderator');
    const ban = await crosses(ann, () => moderator.post('/api/ops/user/sanction', { uid: annUid, kind: 'CreationBan', days: 7, reason: 'Spam' }), (p) => p.kind === NoticeKind.Sanction);
    expect(ban.push.push_type).toBe(PushType.InnerPush);
    timings.ban = ban.ms;

    for (const [kind, ms] of Object.entries(timings)) expect([kind, ms < WITHIN_MS]).toEqual([kind, true]);
  });

  it("a custom voice's review progress crosses too, every step in order", async () => {
    const READ_EN =
      'The morning light came over the hills and the village woke slowly. A baker opened his door and the smell of fresh bread filled the street. Children ran down to the river, laughing, while their parents talked about the harvest and the weather.';
    const owner = await a.signIn(nextPhone());
    const socket = await socketOn(b, b.as(owner));
    const fd = new FormData();
    fd.append('name', 'Crossing voice');
    fd.append('text_id', 'en_1');
    fd.append('audio', new Blob([new Uint8Array(await spoken(READ_EN, 'en_male_deep'))], { type: 'audio/wav' }), 'recording.wav');
    const start = performance.now();
    const res = await owner.call<{ voice: { voice_id: string } }>('/api/editor/ugc_voice/create', { method: 'POST', body: fd });
    expect(res.body.status_code).toBe(0);
    const voiceId = res.body.data!.voice.voice_id;
    const first = await socket.waitForPush((p) => p.push_type === PushType.TaskProgress && p.voice_id === voiceId, 5000);
    expect(socket.arrivals[socket.pushes.indexOf(first)]! - start).toBeLessThan(5000);
    await socket.waitForPush((p) => p.push_type === PushType.TaskProgress && p.voice_id === voiceId && p.status !== 'Reviewing', 30_000);
    const steps = socket.pushes.filter((p) => p.voice_id === voiceId).map((p) => p.percent as number);
    expect(steps).toEqual([...steps].sort((x, y) => x - y));
    expect(socket.pushes.filter((p) => p.voice_id === voiceId).at(-1)).toMatchObject({ status: 'Normal', percent: 100 });
  });

  it("keeps one user's pushes in the order they were sent", async () => {
    const cal = await a.signIn(nextPhone());
    const calUid = await uidOf(cal);
    const socket = await socketOn(b, b.as(cal));
    const content = await operator(nextPhone(), 'content_operator');
    const titles = Array.from({ length: 20 }, (_, i) => `In order ${i}`);
    for (const title of titles) await content.post('/api/ops/push/send', { to: 'user', users: [calUid], title, text: '.', push_type: 'Others' });
    await socket.waitForPush((p) => p.title === titles.at(-1));
    expect(socket.pushes.map((p) => p.title)).toEqual(titles);
  });

  it("a process that stops leaves the other's sockets connected; a process started again serves pushes from the first write", async () => {
    const dee = await a.signIn(nextPhone());
    const deeUid = await uidOf(dee);
    const content = await operator(nextPhone(), 'content_operator');
    const send = (title: string) => content.post('/api/ops/push/send', { to: 'user', users: [deeUid], title, text: '.', push_type: 'Others' });
    const onA = await socketOn(a, dee);
    const onB = await socketOn(b, b.as(dee));
    let bGone = false;
    onB.socket.once('disconnect', () => {
      bGone = true;
    });

    await b.stop();
    expect(bGone).toBe(true);
    await send('After B stopped');
    await onA.waitForPush((p) => p.title === 'After B stopped');
    expect(onA.socket.connected).toBe(true);

    // Started again on the same database: its socket is ready only once its change stream reads, so the very next
    // write reaches it.
    const c = await procs.add({ REVIEW_POLL_MS: '600000', PLAN_POLL_MS: '600000' });
    const onC = await socketOn(c, c.as(dee));
    await send('After C started');
    await onC.waitForPush((p) => p.title === 'After C started', WITHIN_MS);
    // Killed outright: the others go on.
    await c.kill();
    await send('After C died');
    await onA.waitForPush((p) => p.title === 'After C died');
  });

  it('refuses to start with SOCKET_ADAPTER=mongo on a database that is not a replica set', async () => {
    const standalone = await startApiProcesses({ count: 0 });
    try {
      await expect(standalone.add({ SOCKET_ADAPTER: 'mongo' })).rejects.toThrow(/SOCKET_ADAPTER=mongo needs MongoDB as a replica set/);
    } finally {
      await standalone.stop();
    }
  });
});
