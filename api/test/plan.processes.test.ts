import { PlanStatus, StoryStatus } from 'shared-kit';
import type { CookieClient } from './helpers';
import { FakeOpenAI } from './support/fakeOpenAI';
import { NIGHT_FERRY_ANSWER as ANSWER } from './support/planStories';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';

/*
 * Plans are durable jobs on the shared database: across api processes each plan runs exactly once, and a plan whose
 * process stops (gracefully or killed) is resumed by another process at the step it had reached.
 */

let seq = 0;
const nextPhone = () => `+1202555${String(6000 + seq++).padStart(4, '0')}`;

/** Cover, two characters and two chapter backgrounds. */
const PICTURES = 5;

interface PlanView {
  plan_id: string;
  status: number;
  finished_pieces: number;
}

async function waitForPlan(client: CookieClient, planId: string, done: (p: PlanView) => boolean, timeoutMs = 45_000): Promise<PlanView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.call<PlanView>(`/api/editor/plan/generate_detail?plan_id=${planId}`).catch(() => null);
    const plan = res?.body.data;
    if (plan && done(plan)) return plan;
    if (Date.now() > deadline) throw new Error(`plan ${planId} not in the state in time: ${JSON.stringify(res?.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function brainstorm(client: CookieClient): Promise<{ story_id: string; plan_id: string }> {
  const res = await client.post<{ story_id: string; plan_generate: { plan_id: string } }>('/api/editor/story/create', {
    story_gen_type: 'AI',
    brain_storm_idea: 'A ferry that sails only at midnight and never reaches the other side.',
    need_ai_gen: true,
    image_generate_style: { code: 'cinematic' },
  });
  expect(res.body.status_code).toBe(0);
  return { story_id: res.body.data!.story_id, plan_id: res.body.data!.plan_generate.plan_id };
}

const startsOf = (procs: ApiProcess[], planId: string) =>
  procs.flatMap((p) => p.logs.filter((l) => l.msg === 'plan started' && l.plan_id === planId).map((l) => ({ proc: p.name, resumed: l.resumed })));

describe('brainstorm plans across api processes', () => {
  let fake: FakeOpenAI;
  let procs: ApiProcesses;
  beforeAll(async () => {
    fake = await FakeOpenAI.start(() => ({ kind: 'json', content: ANSWER }));
    procs = await startApiProcesses({ count: 2, env: { ...fake.apiEnv, PLAN_POLL_MS: '200', PLAN_LOCK_MS: '2000' } });
  }, 120_000);
  afterAll(async () => {
    await procs?.stop();
    await fake?.close();
  });

  it('runs each plan exactly once when two processes poll the same queue', async () => {
    const [a, b] = procs.processes as [ApiProcess, ApiProcess];
    fake.requests.length = 0;
    fake.imageRequests = 0;
    fake.imageDelayMs = 50;
    const clients = await Promise.all([a.signIn(nextPhone()), b.signIn(nextPhone()), a.signIn(nextPhone()), b.signIn(nextPhone())]);
    const plans = await Promise.all(clients.map((c) => brainstorm(c)));
    for (const [i, p] of plans.entries()) {
      expect((await waitForPlan(clients[i]!, p.plan_id, (x) => x.status >= PlanStatus.Success)).status).toBe(PlanStatus.Success);
      expect(startsOf([a, b], p.plan_id)).toHaveLength(1);
    }
    expect(fake.requests.filter((r) => !r.stream)).toHaveLength(plans.length);
    expect(fake.imageRequests).toBe(plans.length * PICTURES);
  }, 120_000);

  it('a plan whose process stops is resumed by another at the step it reached', async () => {
    const [a, b] = procs.processes as [ApiProcess, ApiProcess];
    fake.requests.length = 0;
    fake.imageRequests = 0;
    fake.imageDelayMs = 700;
    const onA = await a.signIn(nextPhone());
    const { story_id, plan_id } = await brainstorm(onA);
    await waitForPlan(onA, plan_id, (p) => p.finished_pieces >= 1);
    // Graceful stop: the plan is handed back and B takes it at once.
    await a.stop();
    const onB = b.as(onA);
    const mid = await waitForPlan(onB, plan_id, () => startsOf([a, b], plan_id).length === 2);
    expect(mid.finished_pieces).toBeGreaterThanOrEqual(1);
    expect(startsOf([a, b], plan_id)).toEqual([
      { proc: 'A', resumed: false },
      { proc: 'B', resumed: true },
    ]);
    // Killed outright: C takes it over once B's lease runs out.
    await waitForPlan(onB, plan_id, (p) => p.finished_pieces >= 3);
    await b.kill();
    const c = await procs.add();
    const onC = c.as(onA);
    expect((await waitForPlan(onC, plan_id, (p) => p.status >= PlanStatus.Success)).status).toBe(PlanStatus.Success);
    expect(startsOf([a, b, c], plan_id).map((s) => s.proc)).toEqual(['A', 'B', 'C']);
    // The story was written once and not asked for again; only pictures in flight at a stop were drawn twice.
    expect(fake.requests.filter((r) => !r.stream)).toHaveLength(1);
    expect(fake.imageRequests).toBeGreaterThanOrEqual(PICTURES);
    expect(fake.imageRequests).toBeLessThanOrEqual(PICTURES + 2);
    const story = await onC.call<{ story_info: { status: number }; characters: Array<{ character_url: string }> }>(`/api/editor/story/get?story_id=${story_id}`);
    expect(story.body.data!.story_info.status).toBe(StoryStatus.AIGenSuccess);
    expect(story.body.data!.characters.every((ch) => ch.character_url.startsWith('/api/media/'))).toBe(true);
  }, 180_000);
});
