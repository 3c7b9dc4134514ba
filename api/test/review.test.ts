import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, StoryStatus, type StoryReviewResult } from 'shared-kit';
import { StoryVersion } from '../src/modules/stories/storyVersion.model';
import { ReviewJob } from '../src/modules/review/reviewJob.model';
import type { DomainEvents } from '../src/realtime/events';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { ADULT, save, storyPayload, waitForStory } from './editor.support';

interface GotStory {
  story_info: { status: number; story_name: string; display_status: string; creator_status: string };
  version: { version_id: string };
  review_result: StoryReviewResult | null;
  nodes: Array<{ content: string }>;
}

const reviewed = (d: GotStory): boolean => d.story_info.status !== StoryStatus.ToVerify;

describe('review: offline word lists', () => {
  let api: TestApi;
  let alice: CookieClient;
  let dir: string;
  const pushes: Array<DomainEvents['story.reviewed']> = [];
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'words-'));
    const extra = path.join(dir, 'extra.txt');
    await writeFile(extra, '# operator list\nzorblax\n');
    api = await startTestApi({
      env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '50', FORBIDDEN_WORDS_FILE: extra },
    });
    api.events.on('story.reviewed', (e) => {
      pushes.push(e);
    });
    alice = await signInByPhone(api.baseUrl, '+12025550401', ADULT);
  });
  afterAll(async () => {
    await api.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('publishes to ToVerify, then Passed with every item valid, a push and the unread dot', async () => {
    const res = await save(alice, { ...storyPayload(), publish_type: 'Publish' });
    expect(res.body).toMatchObject({ status_code: 0, data: { status: StoryStatus.ToVerify } });
    const { story_id, version_id } = res.body.data!;
    const version = await StoryVersion.findOne({ version_id }).lean();
    expect(version?.content.story_name).toBe('The Lighthouse');

    const done = await waitForStory<GotStory>(alice, story_id, reviewed);
    expect(done.story_info).toMatchObject({
      status: StoryStatus.Passed,
      creator_status: 'Passed',
      display_status: 'Published',
    });
    const r = done.review_result!;
    expect(r.characters.map((c) => c.character_id)).toEqual(['c1', 'c2']);
    expect(r.nodes.map((n) => n.node_id)).toEqual(['n1', 'n2']);
    const items = [
      r.summary,
      r.name,
      r.prologue,
      r.introduction,
      r.player.character_name,
      r.player.settings,
      ...r.characters.flatMap((c) => [c.img, c.name, c.settings, c.style]),
      ...r.nodes.flatMap((n) => [n.img, n.name, n.content, n.ending_content]),
    ];
    expect(items.every((i) => i.is_valid)).toBe(true);
    // The push is emitted right after the story is updated; give it that moment.
    for (let i = 0; i < 40 && !pushes.some((p) => p.story_id === story_id); i += 1)
      await new Promise((r) => setTimeout(r, 25));
    expect(pushes).toContainEqual({
      uid: expect.any(String),
      story_id,
      version_id,
      status: StoryStatus.Passed,
      passed: true,
    });

    expect((await alice.call<{ unread: boolean }>('/api/editor/story/unread')).body.data).toEqual({
      unread: true,
    });
    await alice.call('/api/editor/story/list');
    expect((await alice.call<{ unread: boolean }>('/api/editor/story/unread')).body.data).toEqual({
      unread: false,
    });
    expect(await ReviewJob.findOne({ version_id }).lean()).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('fails a version with a forbidden word and says which item, from the shipped and the extra list', async () => {
    const payload = storyPayload();
    payload.nodes![1]!.content = 'The storm brings porn and @{player}.';
    payload.introduction = 'A zorblax story.';
    const res = await save(alice, { ...payload, publish_type: 'Publish' });
    const done = await waitForStory<GotStory>(alice, res.body.data!.story_id, reviewed);
    expect(done.story_info.status).toBe(StoryStatus.Failed);
    const r = done.review_result!;
    expect(r.nodes[1]!.content).toEqual({
      is_valid: false,
      extra: { simple_reason: { display_reason: expect.stringMatching(/not allowed/) } },
    });
    expect(r.introduction.is_valid).toBe(false);
    expect(r.nodes[0]!.content.is_valid).toBe(true);
    expect(r.name.is_valid).toBe(true);
    const version = await StoryVersion.findOne({ version_id: res.body.data!.version_id }).lean();
    expect(version?.review_notes.join('\n')).toMatch(/porn[\s\S]*zorblax|zorblax[\s\S]*porn/);
    for (let i = 0; i < 40 && !pushes.some((p) => p.story_id === res.body.data!.story_id); i += 1)
      await new Promise((r) => setTimeout(r, 25));
    expect(pushes.some((p) => p.story_id === res.body.data!.story_id && !p.passed)).toBe(true);
  });

  it('keeps a passed version live while a newer draft is edited and fails review', async () => {
    const first = await save(alice, { ...storyPayload({ story_name: 'Live one' }), publish_type: 'Publish' });
    const { story_id } = first.body.data!;
    const passed = await waitForStory<GotStory>(alice, story_id, reviewed);
    expect(passed.story_info.status).toBe(StoryStatus.Passed);

    const draft = await save(alice, {
      ...storyPayload({ story_name: 'Edited' }),
      story_id,
      version: passed.version,
      publish_type: 'Draft',
    });
    expect(draft.body.data!.status).toBe(StoryStatus.Draft);
    const working = await alice.call<GotStory>(`/api/editor/story/get?story_id=${story_id}`);
    expect(working.body.data!.story_info).toMatchObject({
      story_name: 'Edited',
      status: StoryStatus.Draft,
      display_status: 'Published',
    });
    const live = await alice.call<GotStory>(
      `/api/editor/story/get?story_id=${story_id}&display_status=Published`,
    );
    expect(live.body.data!.story_info).toMatchObject({ story_name: 'Live one', status: StoryStatus.Passed });

    const bad = storyPayload({ story_name: 'Edited' });
    bad.nodes![0]!.content = 'kill yourself';
    const republish = await save(alice, {
      ...bad,
      story_id,
      version: { version_id: draft.body.data!.version_id },
      publish_type: 'Publish',
    });
    expect(republish.body.data!.status).toBe(StoryStatus.ToVerify);
    const failed = await waitForStory<GotStory>(alice, story_id, reviewed);
    expect(failed.story_info.status).toBe(StoryStatus.Failed);
    const stillLive = await alice.call<GotStory>(
      `/api/editor/story/get?story_id=${story_id}&display_status=Published`,
    );
    expect(stillLive.body.data!.story_info.story_name).toBe('Live one');
    expect(stillLive.body.data!.version.version_id).toBe(passed.version.version_id);

    // Another user may read the published version, never the draft.
    const bob = await signInByPhone(api.baseUrl, '+12025550402', ADULT);
    expect(
      (await bob.call<GotStory>(`/api/editor/story/get?story_id=${story_id}&display_status=Published`)).body
        .data!.story_info.story_name,
    ).toBe('Live one');
    expect((await bob.call(`/api/editor/story/get?story_id=${story_id}`)).body.status_code).toBe(
      ErrorCode.UserStoryInfoPermission,
    );
  });

  it("deletes a user's stories, versions and review jobs with the account", async () => {
    const gone = await signInByPhone(api.baseUrl, '+12025550403', ADULT);
    const res = await save(gone, { ...storyPayload(), publish_type: 'Publish' });
    await waitForStory<GotStory>(gone, res.body.data!.story_id, reviewed);
    const check = await gone.call<{ items: Array<{ name: string; count: number }> }>(
      '/api/tyler/user/check_log_off',
    );
    expect(check.body.data!.items).toContainEqual({ name: 'stories', count: 1 });
    expect((await gone.post('/api/tyler/user/log_off', {})).body.status_code).toBe(0);
    expect(await StoryVersion.countDocuments({ story_id: res.body.data!.story_id })).toBe(0);
    expect(await ReviewJob.countDocuments({ story_id: res.body.data!.story_id })).toBe(0);
    expect(
      (await alice.call(`/api/editor/story/get?story_id=${res.body.data!.story_id}`)).body.status_code,
    ).toBe(ErrorCode.NoStory);
  });
});

/** A loopback OpenAI-compatible moderation endpoint: flags "dragonfire" as violence, answers after a delay. */
function fakeModerationServer(delayMs: number) {
  const requests: Array<{ model: string; input: string[] }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (req.url !== '/v1/moderations' || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body) as { model: string; input: string[] };
      requests.push(parsed);
      const results = parsed.input.map((text) => {
        const violent = /dragonfire/i.test(text);
        return {
          flagged: violent,
          categories: { violence: violent, sexual: false },
          category_scores: { violence: violent ? 0.9 : 0.01, sexual: 0 },
        };
      });
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'modr-1', model: parsed.model, results }));
      }, delayMs);
    });
  });
  return { server, requests };
}

describe('review: openai-compatible moderation', () => {
  let api: TestApi;
  let alice: CookieClient;
  const fake = fakeModerationServer(400);
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    api = await startTestApi({
      env: {
        SMS_IP_SENDS_PER_HOUR: '1000',
        REVIEW_POLL_MS: '50',
        LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
        LLM_MODEL: 'test-chat',
        LLM_MODERATION_MODEL: 'test-moderation',
      },
    });
    alice = await signInByPhone(api.baseUrl, '+12025550411', ADULT);
  });
  afterAll(async () => {
    await api.stop();
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
  });

  it('marks a version Unqualified when the model flags a milder category, and still applies the lists', async () => {
    const payload = storyPayload();
    payload.nodes![0]!.content = 'The dragonfire burns the village.';
    const res = await save(alice, { ...payload, publish_type: 'Publish' });
    const done = await waitForStory<GotStory>(alice, res.body.data!.story_id, reviewed);
    expect(done.story_info.status).toBe(StoryStatus.Unqualified);
    expect(done.review_result!.nodes[0]!.content).toMatchObject({
      is_valid: false,
      extra: { simple_reason: { display_reason: 'Violent content is not recommended' } },
    });
    expect(
      fake.requests.some(
        (r) => r.model === 'test-moderation' && r.input.some((t) => t.includes('dragonfire')),
      ),
    ).toBe(true);
    // Texts are sent as players read them: mentions shown as names (spaces around mentions were removed on save).
    expect(fake.requests.some((r) => r.input.includes('The storm breaks over@Alex.'))).toBe(true);

    const listed = storyPayload();
    listed.summary = 'A heil hitler story.';
    const res2 = await save(alice, { ...listed, publish_type: 'Publish' });
    expect((await waitForStory<GotStory>(alice, res2.body.data!.story_id, reviewed)).story_info.status).toBe(
      StoryStatus.Failed,
    );
  });

  it('restarts the review when a draft under review is edited; only the newest version is decided', async () => {
    const res = await save(alice, { ...storyPayload(), publish_type: 'Publish' });
    const { story_id, version_id: v1 } = res.body.data!;
    const edit = storyPayload({ story_name: 'Edited in review' });
    const during = await save(alice, {
      ...edit,
      story_id,
      version: { version_id: v1 },
      publish_type: 'Draft',
    });
    expect(during.body.data!.status).toBe(StoryStatus.ToVerify);
    const v2 = during.body.data!.version_id;
    const done = await waitForStory<GotStory>(alice, story_id, reviewed);
    expect(done.story_info).toMatchObject({ status: StoryStatus.Passed, story_name: 'Edited in review' });
    const live = await alice.call<GotStory>(
      `/api/editor/story/get?story_id=${story_id}&display_status=Published`,
    );
    expect(live.body.data!.version.version_id).toBe(v2);
    expect((await ReviewJob.findOne({ version_id: v1 }).lean())?.state).toMatch(/cancelled|done/);
    expect((await StoryVersion.findOne({ version_id: v1 }).lean())?.status).not.toBe(StoryStatus.Passed);
  });
});
