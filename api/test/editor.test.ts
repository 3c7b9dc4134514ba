import {
  BanStatus,
  ErrorCode,
  StoryStatus,
  stripSpacesAroundMentions,
  ValidationErrorType as T,
} from 'shared-kit';
import { User } from '../src/modules/users/user.model';
import { call, postJson, signInByPhone, type CookieClient, type TestApi } from './helpers';
import { ADULT, save, startEditorApi, storyPayload, type IssueData } from './editor.support';

describe('editor: save and reload, ownership, concurrency, hostile input', () => {
  let api: TestApi;
  let alice: CookieClient;
  let bob: CookieClient;
  beforeAll(async () => {
    ({ api, alice } = await startEditorApi());
    bob = await signInByPhone(api.baseUrl, '+12025550302', ADULT);
  });
  afterAll(async () => {
    await api.stop();
  });

  it('saves, reloads and gets back the same story, with spaces around mentions removed', async () => {
    const payload = storyPayload();
    payload.nodes![0]!.content = 'You meet   @{character_c1}  at the door.';
    const created = await save(alice, { ...payload, publish_type: 'Draft' });
    expect(created.body).toMatchObject({ status_code: 0, data: { status: StoryStatus.Draft } });
    const { story_id, version_id } = created.body.data!;
    expect(story_id).toMatch(/^\d+$/);

    const got = await alice.call<Record<string, unknown>>(`/api/editor/story/get?story_id=${story_id}`);
    expect(got.body.status_code).toBe(0);
    const data = got.body.data!;
    const expectedNodes = payload.nodes!.map((n) => ({
      ...n,
      content: stripSpacesAroundMentions(n.content ?? ''),
    }));
    expect(expectedNodes[0]!.content).toBe('You meet@{character_c1}at the door.');
    expect(data).toMatchObject({
      story_id,
      version: { version_id },
      characters: payload.characters,
      nodes: expectedNodes,
      prologue: payload.prologue,
      player: payload.player,
      summary: payload.summary,
      logo: '',
      story_info: {
        story_name: payload.story_name,
        introduction: payload.introduction,
        status: StoryStatus.Draft,
        display_status: 'Draft',
        image_generate_style: { code: 'anime' },
        voice_over_dubbing: payload.voice_over_dubbing,
        story_gen_type: 'UserDefined',
      },
      review_result: null,
      plan_info: { estimated_time: 0, duration: 0, estimated_pieces: 0 },
    });

    // Saving again from the loaded version works and moves the version on.
    const again = await save(alice, {
      ...payload,
      story_id,
      version: { version_id },
      story_name: 'Renamed',
      publish_type: 'Draft',
    });
    expect(again.body.status_code).toBe(0);
    expect(again.body.data!.version_id).not.toBe(version_id);
    const reloaded = await alice.call<{ story_info: { story_name: string } }>(
      `/api/editor/story/get?story_id=${story_id}`,
    );
    expect(reloaded.body.data!.story_info.story_name).toBe('Renamed');
  });

  it('refuses a save based on a stale version and writes nothing', async () => {
    const created = await save(alice, { ...storyPayload(), publish_type: 'Draft' });
    const { story_id, version_id } = created.body.data!;
    const first = await save(alice, {
      ...storyPayload({ story_name: 'First' }),
      story_id,
      version: { version_id },
    });
    expect(first.body.status_code).toBe(0);
    const stale = await save(alice, {
      ...storyPayload({ story_name: 'Second' }),
      story_id,
      version: { version_id },
    });
    expect(stale.body).toMatchObject({
      status_code: ErrorCode.ConcurrentOperation,
      data: { version_id: first.body.data!.version_id },
    });
    const missing = await save(alice, { ...storyPayload({ story_name: 'Third' }), story_id });
    expect(missing.body.status_code).toBe(ErrorCode.ConcurrentOperation);
    const got = await alice.call<{ story_info: { story_name: string } }>(
      `/api/editor/story/get?story_id=${story_id}`,
    );
    expect(got.body.data!.story_info.story_name).toBe('First');

    // Two concurrent saves from the same base: exactly one wins.
    const base = first.body.data!.version_id;
    const racing = await Promise.all(
      ['A', 'B', 'C'].map((n) =>
        save(alice, { ...storyPayload({ story_name: n }), story_id, version: { version_id: base } }),
      ),
    );
    expect(racing.filter((r) => r.body.status_code === 0)).toHaveLength(1);
    expect(racing.filter((r) => r.body.status_code === ErrorCode.ConcurrentOperation)).toHaveLength(2);
  });


  it('takes automatic saves of the working copy, never as a publish', async () => {
    const auto = await save(alice, { ...storyPayload({ story_name: 'Typed so far' }), publish_type: 'Draft', user_manual_save: false });
    expect(auto.body.status_code).toBe(0);
    const { story_id, version_id } = auto.body.data!;
    const got = await alice.call<{ story_info: { story_name: string; status: number } }>(
      `/api/editor/story/get?story_id=${story_id}`,
    );
    expect(got.body.data!.story_info).toMatchObject({ story_name: 'Typed so far', status: StoryStatus.Draft });

    const publishing = await save(alice, {
      ...storyPayload(),
      story_id,
      version: { version_id },
      publish_type: 'Publish',
      user_manual_save: false,
    });
    expect(publishing.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(publishing.body.status_message).toMatch(/^user_manual_save:/);

    const wrongType = await save(alice, { ...storyPayload(), publish_type: 'Draft', user_manual_save: 'no' as unknown as boolean });
    expect(wrongType.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(wrongType.body.status_message).toMatch(/user_manual_save/);
  });
  it('lets only the owner read a draft or change a story', async () => {
    const created = await save(alice, { ...storyPayload(), publish_type: 'Draft' });
    const { story_id, version_id } = created.body.data!;
    const denied = ErrorCode.UserStoryInfoPermission;
    expect((await bob.call(`/api/editor/story/get?story_id=${story_id}`)).body.status_code).toBe(denied);
    expect(
      (await bob.call(`/api/editor/character/get?story_id=${story_id}&character_id=c1`)).body.status_code,
    ).toBe(denied);
    expect(
      (await save(bob, { ...storyPayload({ story_name: 'Mine now' }), story_id, version: { version_id } }))
        .body.status_code,
    ).toBe(denied);
    expect((await bob.post('/api/editor/story/del', { story_id })).body.status_code).toBe(denied);
    expect((await bob.post('/api/editor/story/set_top', { story_id, is_top: true })).body.status_code).toBe(
      denied,
    );
    expect(
      (await bob.post('/api/editor/permission/update', { story_id, permission: { character_use: false } }))
        .body.status_code,
    ).toBe(denied);
    expect(
      (
        await bob.post('/api/editor/permission/batch_update', {
          story_ids: [story_id],
          permission: { thread_share: false },
        })
      ).body.status_code,
    ).toBe(denied);
    expect((await call(api.baseUrl, `/api/editor/story/get?story_id=${story_id}`)).body.status_code).toBe(
      ErrorCode.NeedLogin,
    );
    const still = await alice.call<{ story_info: { story_name: string } }>(
      `/api/editor/story/get?story_id=${story_id}`,
    );
    expect(still.body.data!.story_info.story_name).toBe('The Lighthouse');
    expect((await bob.call('/api/editor/story/get?story_id=999999')).body.status_code).toBe(
      ErrorCode.NoStory,
    );
  });

  it('refuses creating in youth mode and under a creation ban', async () => {
    const teen = await signInByPhone(api.baseUrl, '+12025550303', ADULT);
    await teen.post('/api/tyler/user/teen_mode', { enable: true });
    expect((await save(teen, storyPayload())).body.status_code).toBe(ErrorCode.TeenModeIntercept);
    const banned = await signInByPhone(api.baseUrl, '+12025550304', ADULT);
    await User.updateOne(
      { phone: '+12025550304' },
      { $set: { ban: { status: BanStatus.Banned, creation_until: new Date(Date.now() + 86_400_000) } } },
    );
    expect((await save(banned, storyPayload())).body.status_code).toBe(ErrorCode.UserCreateBan);
    expect((await banned.post('/api/editor/story/check_create', storyPayload())).body.status_code).toBe(
      ErrorCode.UserCreateBan,
    );
    expect(
      (await call(api.baseUrl, '/api/editor/story/create', postJson(storyPayload()))).body.status_code,
    ).toBe(ErrorCode.NeedLogin);
  });

  it('answers 1009, never a 500, for injection objects and malformed bodies', async () => {
    const bad: unknown[] = [
      { story_name: { $ne: null } },
      { story_id: { $gt: '' } },
      { version: { version_id: { $ne: 'x' } } },
      { characters: [{ character_id: { $where: '1' } }] },
      { characters: 'Mira' },
      { characters: [null] },
      { nodes: [{ node_id: 'n1', content: ['a'] }] },
      { nodes: { 0: { node_id: 'n1' } } },
      { nodes: [{ node_id: '../../etc' }] },
      { prologue: 'Hello' },
      { player: [] },
      { publish_type: 'Now' },
      { story_gen_type: 7 },
      { image_generate_style: { code: { $regex: '.*' } } },
      { logo: 'javascript:alert(1)' },
      { characters: [{ character_id: 'c1', character_url: 'data:text/html,hi' }] },
      { story_setting_visible: 'yes' },
      { summary: 'x'.repeat(20_001) },
      { nodes: Array.from({ length: 201 }, (_, i) => ({ node_id: `n${i}` })) },
      [],
      'just a string',
      42,
      null,
    ];
    for (const body of bad) {
      const res = await alice.call('/api/editor/story/create', postJson(body === null ? 'null' : body));
      expect([body, res.status, res.body.status_code]).toEqual([body, 200, ErrorCode.ClientParamError]);
    }
    const malformed = await alice.call('/api/editor/story/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"story_name": ',
    });
    expect(malformed.body.status_code).toBe(ErrorCode.ClientParamError);
    const injected = await alice.post<IssueData>('/api/editor/story/create', { story_name: { $ne: null } });
    expect(injected.body.data!.errors[0]).toMatchObject({ path: 'story_name', type: T.CheckFailed });
    for (const path of [
      '/api/editor/story/get?story_id[$ne]=1',
      '/api/editor/story/get?story_id=abc',
      '/api/editor/story/list?count=1000',
      '/api/editor/vid_urls?vids[$gt]=',
    ]) {
      expect((await alice.call(path)).body.status_code).toBe(ErrorCode.ClientParamError);
    }
    for (const [path, body] of [
      ['/api/editor/story/del', { story_id: { $ne: '0' } }],
      ['/api/editor/story/set_top', { story_id: '1', is_top: 'yes' }],
      ['/api/editor/permission/batch_update', { story_ids: [], permission: { thread_share: true } }],
      ['/api/editor/permission/update', { story_id: '1', permission: {} }],
    ] as const) {
      expect((await alice.post(path, body)).body.status_code).toBe(ErrorCode.ClientParamError);
    }
  });
});
