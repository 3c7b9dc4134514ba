import { ErrorCode, PlanStatus, StoryStatus } from 'shared-kit';
import { FACE_TRIES } from '../src/modules/plan/plan.runner';
import { ADULT } from './editor.support';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { FakeOpenAI, type FakeRequest } from './support/fakeOpenAI';
import { connectTo } from './support/processes';
import { uidFromCookieHeader } from '../src/modules/passport/session.service';

/*
 * Brainstorm plans over HTTP: story/create with need_ai_gen starts a plan that runs as a durable job and ends with
 * the story AIGenSuccess (or AIGenFailed / back to Draft), its progress pushed to the creator's sockets.
 */

let phoneSeq = 0;
const nextPhone = () => `+1202555${String(3000 + phoneSeq++).padStart(4, '0')}`;

interface PlanView {
  plan_id: string;
  status: number;
  percent: number;
  model_calls?: number;
  fail_msg: { code: number; msg: string } | null;
  missing_pictures: Array<{ character_id: string; code: number; msg: string }>;
}
interface StoryView {
  story_info: { status: number; brain_storm_idea: string; story_name: string; fail_msg: unknown };
  version: { version_id: string };
  characters: Array<{ character_id: string; character_name: string; character_url: string }>;
  nodes: Array<{ name: string; content: string; ending_content: string; background_url: string }>;
  prologue: { character_id: string; content: string };
  plan_info: { estimated_time: number; duration: number; estimated_pieces: number };
  [k: string]: unknown;
}

const IDEA = 'A lighthouse keeper named Mara finds a message in a bottle from her lost brother Tobin. The storm is coming.';

function brainstorm(client: CookieClient, idea = IDEA, extra: Record<string, unknown> = {}) {
  return client.post<{ story_id: string; status: number; plan_generate: { plan_id: string; balance_pieces: number; total_pieces: number } }>(
    '/api/editor/story/create',
    { story_gen_type: 'AI', brain_storm_idea: idea, need_ai_gen: true, image_generate_style: { code: 'watercolor' }, ...extra },
  );
}

async function waitForPlan(client: CookieClient, planId: string, done: (p: PlanView) => boolean, timeoutMs = 20_000): Promise<PlanView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.call<PlanView>(`/api/editor/plan/generate_detail?plan_id=${planId}`);
    const plan = res.body.data!;
    if (done(plan)) return plan;
    if (Date.now() > deadline) throw new Error(`plan did not reach the state in time: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const finished = (p: PlanView) => p.status >= PlanStatus.Success;

async function story(client: CookieClient, storyId: string): Promise<StoryView> {
  const res = await client.call<StoryView>(`/api/editor/story/get?story_id=${storyId}`);
  expect(res.body.status_code).toBe(0);
  return res.body.data!;
}

async function quota(client: CookieClient) {
  return (await client.call<{ count: number; remain: number; total: number }>('/api/editor/brain_storm/check')).body.data!;
}

/** The story as the editor would publish it: the same section 5 rules as a hand-made story. */
async function publishCheck(client: CookieClient, s: StoryView) {
  const { story_info, version, plan_info: _p, plan: _plan, permission: _perm, review_result: _r, story_id, ...content } = s;
  void _p; void _plan; void _perm; void _r;
  return client.post<{ can_create: boolean }>('/api/editor/story/check_create', {
    ...content,
    story_id,
    story_name: story_info.story_name,
    introduction: (story_info as unknown as { introduction: string }).introduction,
    image_generate_style: (story_info as unknown as { image_generate_style: unknown }).image_generate_style,
    voice_over_dubbing: (story_info as unknown as { voice_over_dubbing: unknown }).voice_over_dubbing,
    story_gen_type: 'AI',
    publish_type: 'Publish',
    version,
  });
}

/** A model answer: the offline storyteller's story for the idea, as JSON (what a well-behaved model returns). */
function goodAnswer(): string {
  return JSON.stringify({
    story_name: 'Letters from Tobin',
    introduction: 'A keeper, a bottle and a brother lost at sea.',
    summary: 'Mara follows a message in a bottle to find her brother.',
    characters: [
      { character_name: 'Mara', settings: 'The lighthouse keeper, stubborn and kind.', style: '"The light stays on."', appearance: 'A keeper in a yellow coat' },
      { character_name: 'Tobin', settings: 'Mara\'s younger brother, lost two winters ago.', style: '"I never stopped writing."', appearance: 'A young sailor' },
    ],
    player: { character_name: '', settings: 'A traveller sheltering from the storm.' },
    prologue: { speaker_name: 'Mara', content: 'You found the bottle too? Then you have seen his handwriting.' },
    nodes: [
      { name: 'Bottle', content: 'Mara shows the message to the player.', ending_content: 'Read the message with Mara.', scene: 'A lighthouse room at night' },
      { name: 'Shore', content: 'The message points to the northern shore.', ending_content: 'Find Tobin on the shore.', scene: 'A stormy shore' },
    ],
  });
}

describe('brainstorm plans, offline storyteller', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      env: { PLAN_OFFLINE_STEP_MS: '150', PLAN_POLL_MS: '200', BRAINSTORM_DAILY_QUOTA: '2' },
      resolveUser: (socket) => uidFromCookieHeader(socket.handshake.headers.cookie, Date.now()),
    });
  });
  afterAll(async () => {
    await api.stop();
  });

  it('turns an idea into a story that passes the publish rules, pushing progress to the creator', async () => {
    const alice = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const socket = await connectTo(api.baseUrl, alice);
    try {
      const created = await brainstorm(alice);
      expect(created.body.status_code).toBe(0);
      const { story_id, plan_generate } = created.body.data!;
      expect(created.body.data!.status).toBe(StoryStatus.AIGenDoing);
      expect(plan_generate.total_pieces).toBe(2);
      expect(plan_generate.balance_pieces).toBe(1);

      const during = await story(alice, story_id);
      expect(during.story_info.status).toBe(StoryStatus.AIGenDoing);
      expect(during.story_info.brain_storm_idea).toBe(IDEA);
      expect(during.plan_info.estimated_time).toBeGreaterThan(0);

      const plan = await waitForPlan(alice, plan_generate.plan_id, finished);
      expect(plan.status).toBe(PlanStatus.Success);
      // The last push is sent as the plan is saved, so it may arrive just after the poll that saw the plan finished.
      await socket.waitForPush((p) => p.push_type === 'Plan' && (p.plan_push_msg as { status: number }).status === PlanStatus.Success);
      const pushes = socket.pushes.filter((p) => p.push_type === 'Plan').map((p) => p.plan_push_msg as { status: number; percent: number });
      expect(pushes.length).toBeGreaterThan(5);
      const percents = pushes.map((p) => p.percent);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      expect(pushes.at(-1)).toMatchObject({ status: PlanStatus.Success, percent: 100 });
      expect(new Set(pushes.map((p) => p.status))).toEqual(
        new Set([PlanStatus.StoryGenerating, PlanStatus.CharacterListGenerating, PlanStatus.PrologueGenerating, PlanStatus.ImagePromptGenerating, PlanStatus.ImageGenerating, PlanStatus.DubbingGenerating, PlanStatus.Executing, PlanStatus.Success]),
      );

      const done = await story(alice, story_id);
      expect(done.story_info.status).toBe(StoryStatus.AIGenSuccess);
      expect(done.characters.map((c) => c.character_name)).toEqual(expect.arrayContaining(['Mara', 'Tobin']));
      expect(done.characters.every((c) => c.character_url.startsWith('/api/media/'))).toBe(true);
      expect(done.nodes.length).toBeGreaterThanOrEqual(2);
      expect(done.nodes.every((n) => n.ending_content.length > 0 && n.background_url !== '')).toBe(true);
      expect(done.prologue.content.length).toBeGreaterThan(0);
      expect(done.plan_info.duration).toBeGreaterThanOrEqual(0);
      const check = await publishCheck(alice, done);
      expect(check.body).toMatchObject({ status_code: 0, data: { can_create: true } });

      // My Story's dot lights when a plan ends.
      expect((await alice.call<{ unread: boolean }>('/api/editor/story/unread')).body.data!.unread).toBe(true);
      const list = await alice.call<{ plans: PlanView[]; has_unread: boolean }>('/api/editor/plan/list');
      expect(list.body.data!.has_unread).toBe(true);
      expect((await alice.post('/api/editor/plan/read', { plan_id: plan.plan_id })).body.status_code).toBe(0);
      expect((await alice.call<{ has_unread: boolean }>('/api/editor/plan/list')).body.data!.has_unread).toBe(false);
    } finally {
      socket.close();
    }
  });

  it('cancel stops the plan, returns the story to its idea and gives the use back; the quota then says 4001', async () => {
    const bob = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const first = await brainstorm(bob);
    const { story_id, plan_generate } = first.body.data!;
    await waitForPlan(bob, plan_generate.plan_id, (p) => p.status >= PlanStatus.CharacterListGenerating);
    expect(await quota(bob)).toMatchObject({ count: 1, remain: 1, total: 2 });
    const cancelled = await bob.post('/api/editor/brain_storm/cancel', { story_id });
    expect(cancelled.body).toMatchObject({ status_code: 0, data: { status: PlanStatus.Cancel } });
    expect(await quota(bob)).toMatchObject({ count: 0, remain: 2 });
    await new Promise((r) => setTimeout(r, 800));
    const after = await story(bob, story_id);
    expect(after.story_info.status).toBe(StoryStatus.Draft);
    expect(after.characters).toEqual([]);
    expect((await waitForPlan(bob, plan_generate.plan_id, finished)).status).toBe(PlanStatus.Cancel);

    // A story's plans are its creator's: plan/list of someone else's story is 3001 (as story/get), an unknown one 2002.
    expect((await bob.call<{ plans: PlanView[] }>(`/api/editor/plan/list?story_id=${story_id}`)).body.data!.plans.map((p) => p.plan_id)).toContain(plan_generate.plan_id);
    const eve = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    expect((await eve.call(`/api/editor/plan/list?story_id=${story_id}`)).body).toMatchObject({ status_code: ErrorCode.UserStoryInfoPermission });
    expect((await eve.call(`/api/editor/story/get?story_id=${story_id}`)).body.status_code).toBe(ErrorCode.UserStoryInfoPermission);
    expect((await eve.call('/api/editor/plan/list?story_id=1234567')).body.status_code).toBe(ErrorCode.NoStory);

    // Two uses a day: the third is refused with 4001 and the spec's numbers.
    expect((await brainstorm(bob)).body.status_code).toBe(0);
    expect((await brainstorm(bob)).body.status_code).toBe(0);
    const refused = await brainstorm(bob);
    expect(refused.body).toMatchObject({ status_code: 4001, data: { total: 2, remain: 0 } });
  });

  it('writes a Chinese idea as a Chinese story: no Latin word but the names the idea gives, and the same story for the same idea', async () => {
    const dan = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const idea = '一个叫Mara的灯塔看守人在暴风雨夜收到一封来自失踪哥哥的信，信里说沉船的真相就藏在灯塔底下。';
    const made = async (): Promise<StoryView> => {
      const created = await brainstorm(dan, idea);
      expect(created.body.status_code).toBe(0);
      const plan = await waitForPlan(dan, created.body.data!.plan_generate.plan_id, finished);
      expect(plan.status).toBe(PlanStatus.Success);
      return story(dan, created.body.data!.story_id);
    };
    const done = await made();
    expect(done.story_info.status).toBe(StoryStatus.AIGenSuccess);
    const info = done.story_info as unknown as { story_name: string; introduction: string };
    const s = done as unknown as { summary: string; player: { settings: string }; characters: Array<{ settings: string; style: string }> };
    const texts = [
      info.story_name,
      info.introduction,
      s.summary,
      s.player.settings,
      done.prologue.content,
      ...done.characters.flatMap((c, i) => [c.character_name, s.characters[i]!.settings, s.characters[i]!.style]),
      ...done.nodes.flatMap((n) => [n.name, n.content, n.ending_content]),
    ];
    for (const text of texts) {
      expect(text).toMatch(/[\u4e00-\u9fff]|^Mara$/);
      expect(text.replace(/Mara/g, '')).not.toMatch(/[A-Za-z]/);
    }
    expect(done.characters[0]!.character_name).toBe('Mara');
    expect(done.prologue.character_id).toBe(done.characters[0]!.character_id);
    expect(done.nodes.map((n) => n.name).every((name) => !/\s/.test(name))).toBe(true);
    expect((await publishCheck(dan, done)).body).toMatchObject({ status_code: 0, data: { can_create: true } });

    const again = await made();
    expect((again.story_info as unknown as { story_name: string }).story_name).toBe(info.story_name);
    expect(again.nodes.map((n) => [n.name, n.content, n.ending_content])).toEqual(done.nodes.map((n) => [n.name, n.content, n.ending_content]));
  });

  it('checks the idea first: required, at most 3000 characters, no forbidden words', async () => {
    const carol = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    expect((await brainstorm(carol, '   ')).body.status_code).toBe(1009);
    expect((await brainstorm(carol, 'x'.repeat(3001))).body.status_code).toBe(1009);
    const risky = await brainstorm(carol, 'A story about child porn at school');
    expect(risky.body.status_code).toBe(1010102);
    // The Chinese list holds the same words: a Chinese idea is checked as an English one is.
    expect((await brainstorm(carol, '一个关于儿童色情的故事')).body.status_code).toBe(1010102);
    expect(await quota(carol)).toMatchObject({ count: 0 });
  });
});

describe('brainstorm plans, openai-compatible model', () => {
  let api: TestApi;
  let fake: FakeOpenAI;
  const chatCalls = () => fake.requests.filter((r: FakeRequest) => !r.stream);
  beforeAll(async () => {
    fake = await FakeOpenAI.start(() => ({ kind: 'json', content: goodAnswer() }));
    api = await startTestApi({ env: { ...fake.apiEnv, PLAN_POLL_MS: '200' } });
  });
  afterAll(async () => {
    await api.stop();
    await fake.close();
  });

  it('asks for structured output and repairs an invalid answer by telling the model what was wrong', async () => {
    fake.requests.length = 0;
    fake.script((_req, i) => (i === 0 ? { kind: 'json', content: '{"story_name": "Half a story"}' } : { kind: 'json', content: goodAnswer() }));
    const dave = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const { story_id, plan_generate } = (await brainstorm(dave)).body.data!;
    const plan = await waitForPlan(dave, plan_generate.plan_id, finished);
    expect(plan.status).toBe(PlanStatus.Success);
    expect(chatCalls()).toHaveLength(2);
    expect(chatCalls()[1]!.messages.at(-1)!.content).toMatch(/cannot be used[\s\S]*characters/);
    const done = await story(dave, story_id);
    expect(done.story_info.story_name).toBe('Letters from Tobin');
    expect(done.characters.map((c) => c.character_name)).toEqual(['Mara', 'Tobin']);
    expect(fake.imageRequests).toBeGreaterThanOrEqual(5);
    expect((await publishCheck(dave, done)).body).toMatchObject({ status_code: 0 });
  });

  it('redraws a character picture that shows no face, and leaves a character none of whose drawings does without a picture, saying why', async () => {
    fake.requests.length = 0;
    fake.imagePrompts.length = 0;
    fake.script(() => ({ kind: 'json', content: goodAnswer() }));
    let maraDrawings = 0;
    // Mara's first drawing shows no face, her second does; no drawing of Tobin ever does.
    fake.drawsFace = (_n, prompt) => {
      if (prompt.includes('A keeper in a yellow coat')) return ++maraDrawings > 1;
      return !prompt.includes('A young sailor');
    };
    try {
      const gus = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
      const { story_id, plan_generate } = (await brainstorm(gus)).body.data!;
      const plan = await waitForPlan(gus, plan_generate.plan_id, finished, 60_000);
      expect(plan.status).toBe(PlanStatus.Success);
      const done = await story(gus, story_id);
      const mara = done.characters.find((c) => c.character_name === 'Mara')!;
      const tobin = done.characters.find((c) => c.character_name === 'Tobin')!;
      expect(mara.character_url).toMatch(/^\/api\/media\//);
      expect(tobin.character_url).toBe('');

      const maraPrompts = fake.imagePrompts.filter((p) => p.includes('A keeper in a yellow coat'));
      const tobinPrompts = fake.imagePrompts.filter((p) => p.includes('A young sailor'));
      expect(maraPrompts).toHaveLength(2);
      expect(tobinPrompts).toHaveLength(FACE_TRIES);
      expect(maraPrompts[0]).not.toMatch(/face clearly visible/);
      expect(maraPrompts[1]).toMatch(/face clearly visible/);
      expect(api.logs.find('face check').filter((l) => l.faces === 0).length).toBeGreaterThanOrEqual(1 + FACE_TRIES);

      const reason = { character_id: tobin.character_id, code: ErrorCode.FaceNotRecognized, msg: expect.stringMatching(/^No face detected/) };
      expect(plan.missing_pictures).toEqual([reason]);
      expect((done.plan as { missing_pictures: unknown[] }).missing_pictures).toEqual([reason]);
      // The story is the creator's to finish: publishing asks for Tobin's picture.
      const check = await publishCheck(gus, done);
      expect(check.body.status_code).not.toBe(0);
      expect(JSON.stringify(check.body)).toMatch(/characters\.1\.character_url|character_url/);
    } finally {
      fake.drawsFace = () => true;
    }
  });

  it('a model failing mid-plan fails the plan, marks the story AIGenFailed and gives the use back', async () => {
    fake.requests.length = 0;
    fake.script(() => ({ kind: 'status', status: 500 }));
    const erin = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const { story_id, plan_generate } = (await brainstorm(erin)).body.data!;
    const plan = await waitForPlan(erin, plan_generate.plan_id, finished);
    expect(plan.status).toBe(PlanStatus.Fail);
    expect(plan.fail_msg).not.toBeNull();
    const failed = await story(erin, story_id);
    expect(failed.story_info.status).toBe(StoryStatus.AIGenFailed);
    expect(failed.story_info.fail_msg).not.toBeNull();
    expect(await quota(erin)).toMatchObject({ count: 0 });
    // Regenerate from the stored idea once the model is back.
    fake.script(() => ({ kind: 'json', content: goodAnswer() }));
    const again = await erin.post<{ plan_generate: { plan_id: string } }>('/api/editor/plan/generate', { story_id });
    expect(again.body.status_code).toBe(0);
    expect((await waitForPlan(erin, again.body.data!.plan_generate.plan_id, finished)).status).toBe(PlanStatus.Success);
  });
});
