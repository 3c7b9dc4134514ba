import {
  BanStatus,
  ErrorCode,
  StoryStatus,
  stripSpacesAroundMentions,
  ValidationErrorType as T,
} from 'shared-kit';
import { TrackEvent } from '../src/modules/events/event.model';
import { User } from '../src/modules/user/user.model';
import { call, postJson, signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { ADULT, save, storyPayload, type IssueData } from './editor.support';

describe('editor: story/create rules, save and reload, ownership, concurrency, hostile input', () => {
  let api: TestApi;
  let alice: CookieClient;
  let bob: CookieClient;
  beforeAll(async () => {
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '50' } });
    alice = await signInByPhone(api.baseUrl, '+12025550301', ADULT);
    bob = await signInByPhone(api.baseUrl, '+12025550302', ADULT);
  });
  afterAll(async () => {
    await api.stop();
  });

  /** Publishes `payload` as a new story and returns the errors (empty when it saved). */
  async function errorsOf(
    payload: Record<string, unknown>,
    publishType = 'Publish',
  ): Promise<IssueData['errors']> {
    const res = await save(alice, { ...storyPayload(), ...payload, publish_type: publishType });
    if (res.body.status_code === 0) return [];
    expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    return res.body.data?.errors ?? [];
  }
  const typeAt = async (payload: Record<string, unknown>, path: string, publishType = 'Publish') =>
    (await errorsOf(payload, publishType)).find((e) => e.path === path)?.type;

  const base = storyPayload();
  const char0 = (patch: Record<string, unknown>) => ({
    characters: [{ ...base.characters![0], ...patch }, base.characters![1]],
  });
  const node = (i: number, patch: Record<string, unknown>) => ({
    nodes: base.nodes!.map((n, j) => (j === i ? { ...n, ...patch } : n)),
  });
  const nodes = (count: number) => ({
    nodes: Array.from({ length: count }, (_, i) => ({
      node_id: `n${i}`,
      name: `P${i}`,
      content: 'Go.',
      ending_content: 'On.',
    })),
  });

  it('applies each section 5 rule at its edge values', async () => {
    expect(await errorsOf({})).toEqual([]);
    // Character name
    expect(
      await typeAt(char0({ character_name: 'x'.repeat(30) }), 'characters.0.character_name'),
    ).toBeUndefined();
    expect(await typeAt(char0({ character_name: 'x'.repeat(31) }), 'characters.0.character_name')).toBe(
      T.Limit,
    );
    expect(await typeAt(char0({ character_name: '  ' }), 'characters.0.character_name')).toBe(T.Required);
    expect(await typeAt(char0({ character_name: ' Mira' }), 'characters.0.character_name')).toBe(
      T.CheckFailed,
    );
    expect(await typeAt(char0({ character_name: 'Mi#ra' }), 'characters.0.character_name')).toBe(
      T.CheckFailed,
    );
    expect(await typeAt(char0({ character_name: ' pLaY eR' }), 'characters.0.character_name')).toBe(
      T.CheckFailed,
    );
    expect(await typeAt(char0({ character_name: 'Tom' }), 'characters.1.character_name')).toBe(T.CheckFailed);
    expect(await typeAt(char0({ character_name: 'Porn star' }), 'characters.0.character_name')).toBe(
      T.ForbiddenWord,
    );
    // Character settings, style, voice, picture
    expect(await typeAt(char0({ settings: 'x'.repeat(2000) }), 'characters.0.settings')).toBeUndefined();
    expect(await typeAt(char0({ settings: 'x'.repeat(2001) }), 'characters.0.settings')).toBe(T.Limit);
    expect(
      await typeAt(char0({ settings: `${'x'.repeat(1997)}@{character_c2}` }), 'characters.0.settings'),
    ).toBeUndefined();
    expect(await typeAt(char0({ style: 'x'.repeat(301) }), 'characters.0.style')).toBe(T.Limit);
    expect(
      await typeAt(char0({ dubbing_show: { dubbing: '', language: 'en' } }), 'characters.0.dubbing_show'),
    ).toBe(T.Required);
    expect(await typeAt(char0({ character_url: '' }), 'characters.0.character_url')).toBe(T.Required);
    // Story settings
    expect(await typeAt({ story_name: 'x'.repeat(30) }, 'story_name')).toBeUndefined();
    expect(await typeAt({ story_name: 'x'.repeat(31) }, 'story_name')).toBe(T.Limit);
    expect(await typeAt({ story_name: ' ' }, 'story_name')).toBe(T.Required);
    expect(await typeAt({ introduction: 'x'.repeat(301) }, 'introduction')).toBe(T.Limit);
    expect(await typeAt({ image_generate_style: null }, 'image_generate_style')).toBe(T.Required);
    expect(await typeAt({ voice_over_dubbing: { dubbing: '', language: '' } }, 'voice_over_dubbing')).toBe(
      T.Required,
    );
    // Summary only with more than one plot
    expect(await typeAt({ summary: 'x'.repeat(300) }, 'summary')).toBeUndefined();
    expect(await typeAt({ summary: 'x'.repeat(301) }, 'summary')).toBe(T.Limit);
    expect(await typeAt({ summary: 'x'.repeat(301), nodes: [base.nodes![1]] }, 'summary')).toBeUndefined();
    expect(await typeAt({ summary: 'Meet @{character_gone}' }, 'summary')).toBe(T.CharacterDeleted);
    // Prologue
    expect(
      await typeAt({ prologue: { character_id: 'c1', content: 'x'.repeat(150) } }, 'prologue.content'),
    ).toBeUndefined();
    expect(
      await typeAt({ prologue: { character_id: 'c1', content: 'x'.repeat(151) } }, 'prologue.content'),
    ).toBe(T.Limit);
    expect(await typeAt({ prologue: { character_id: '', content: 'Hi' } }, 'prologue.character_id')).toBe(
      T.Required,
    );
    expect(await typeAt({ prologue: { character_id: 'gone', content: 'Hi' } }, 'prologue.character_id')).toBe(
      T.CharacterDeleted,
    );
    expect(
      await typeAt({ prologue: { character_id: 'voice_over', content: 'Hi' } }, 'prologue.character_id'),
    ).toBeUndefined();
    // Plots
    expect(await typeAt(nodes(100), 'nodes')).toBeUndefined();
    expect(await typeAt(nodes(101), 'nodes')).toBe(T.Limit);
    expect(await typeAt(node(0, { name: 'x'.repeat(31) }), 'nodes.0.name')).toBe(T.Limit);
    expect(await typeAt(node(0, { name: 'Two words' }), 'nodes.0.name')).toBe(T.CheckFailed);
    expect(await typeAt(node(0, { content: 'x'.repeat(3000) }), 'nodes.0.content')).toBeUndefined();
    expect(await typeAt(node(0, { content: 'x'.repeat(3001) }), 'nodes.0.content')).toBe(T.Limit);
    expect(await typeAt(node(0, { content: '' }), 'nodes.0.content')).toBe(T.Required);
    expect(await typeAt(node(0, { content: 'See @{character_gone}' }), 'nodes.0.content')).toBe(
      T.CharacterDeleted,
    );
    expect(
      await typeAt(node(1, { ending_content: 'x'.repeat(100) }), 'nodes.1.ending_content'),
    ).toBeUndefined();
    expect(await typeAt(node(1, { ending_content: 'x'.repeat(101) }), 'nodes.1.ending_content')).toBe(
      T.Limit,
    );
    expect(await typeAt(node(1, { ending_content: '' }), 'nodes.1.ending_content')).toBe(T.Required);
    expect(await typeAt(node(1, { ending_content: ' n O n E ' }), 'nodes.1.ending_content')).toBe(
      T.CheckFailed,
    );
    expect(await typeAt(node(0, { ending_content: 'buy cocaine' }), 'nodes.0.ending_content')).toBe(
      T.ForbiddenWord,
    );
    expect(await typeAt(node(0, { ending_content: 'Ask @{character_gone}' }), 'nodes.0.ending_content')).toBe(
      T.CharacterDeleted,
    );
    // Player (optional)
    expect(
      await typeAt(
        { player: { character_name: 'x'.repeat(30), settings: 'x'.repeat(1000) } },
        'player.settings',
      ),
    ).toBeUndefined();
    expect(
      await typeAt({ player: { character_name: 'x'.repeat(31), settings: '' } }, 'player.character_name'),
    ).toBe(T.Limit);
    expect(
      await typeAt({ player: { character_name: '', settings: 'x'.repeat(1001) } }, 'player.settings'),
    ).toBe(T.Limit);
  }, 60_000);

  it('lets a draft be incomplete but still enforces limits; an unknown image style is refused', async () => {
    const empty = {
      story_name: '',
      nodes: [],
      characters: [],
      prologue: { character_id: '', content: '' },
      voice_over_dubbing: { dubbing: '', language: '' },
    };
    expect(await errorsOf(empty, 'Draft')).toEqual([]);
    expect(await typeAt({ story_name: 'x'.repeat(31), nodes: [] }, 'story_name', 'Draft')).toBe(T.Limit);
    const res = await save(alice, storyPayload({ image_generate_style: { code: 'no_such_style' } }));
    expect(res.body.status_code).toBe(ErrorCode.StyleNotExist);
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

  it('lists My Story with status filter and pinning, deletes, and answers check_create and first', async () => {
    const carol = await signInByPhone(api.baseUrl, '+12025550305', ADULT);
    expect((await carol.post('/api/editor/story/first')).body.data).toEqual({
      is_first: true,
      story_count: 0,
    });
    const check = await carol.post('/api/editor/story/check_create', {
      ...storyPayload(),
      publish_type: 'Publish',
    });
    expect(check.body).toMatchObject({ status_code: 0, data: { can_create: true } });
    const checkBad = await carol.post<IssueData>('/api/editor/story/check_create', {
      ...storyPayload({ story_name: '' }),
      publish_type: 'Publish',
    });
    expect(checkBad.body.data!.errors).toEqual([
      { path: 'story_name', type: T.Required, message: 'This field is required', code: 'required' },
    ]);
    expect((await carol.call<{ stories: unknown[] }>('/api/editor/story/list')).body.data!.stories).toEqual(
      [],
    );

    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      ids.push(
        (await save(carol, { ...storyPayload({ story_name: name }), publish_type: 'Draft' })).body.data!
          .story_id,
      );
    }
    expect((await carol.post('/api/editor/story/first')).body.data).toEqual({
      is_first: false,
      story_count: 3,
    });
    expect(
      (await carol.post('/api/editor/story/set_top', { story_id: ids[0], is_top: true })).body.status_code,
    ).toBe(0);
    type List = {
      stories: Array<{ story_id: string; story_name: string; is_top: boolean; creator_status: string }>;
      total: number;
      has_more: boolean;
    };
    const list = (await carol.call<List>('/api/editor/story/list?offset=0&count=2')).body.data!;
    expect(list.stories.map((s) => s.story_name)).toEqual(['One', 'Three']);
    expect(list).toMatchObject({ total: 3, has_more: true });
    expect(list.stories[0]).toMatchObject({ is_top: true, creator_status: 'Draft' });
    expect((await carol.call<List>('/api/editor/story/list?status=Verifying')).body.data!.stories).toEqual(
      [],
    );

    expect((await carol.post('/api/editor/story/del', { story_id: ids[1] })).body.status_code).toBe(0);
    expect(
      (await carol.call<List>('/api/editor/story/list')).body.data!.stories.map((s) => s.story_name),
    ).toEqual(['One', 'Three']);
    expect((await carol.call(`/api/editor/story/get?story_id=${ids[1]}`)).body.status_code).toBe(
      ErrorCode.StoryDeleted,
    );

    const perm = await carol.post('/api/editor/permission/update', {
      story_id: ids[0],
      permission: { character_use: false },
    });
    expect(perm.body.data).toEqual({
      story_id: ids[0],
      permission: { character_use: false, thread_share: true },
    });
    const batch = await carol.post('/api/editor/permission/batch_update', {
      story_ids: [ids[0], ids[2]],
      permission: { thread_share: false },
    });
    expect(batch.body.data).toEqual({ updated: 2 });
    const got = await carol.call<{ permission: unknown }>(`/api/editor/story/get?story_id=${ids[2]}`);
    expect(got.body.data!.permission).toEqual({ character_use: true, thread_share: false });
  });

  it('serves the catalogs: dubbing list, words limit, music, vid urls with playable audio, examples', async () => {
    type Dub = {
      language_dubbings: Array<{
        language: string;
        language_key: string;
        dubbing_infos: Array<Record<string, string>>;
      }>;
    };
    const all = (await call<Dub>(api.baseUrl, '/api/editor/character/dubbing_list')).body.data!;
    expect(all.language_dubbings.length).toBeGreaterThanOrEqual(3);
    const en = (await call<Dub>(api.baseUrl, '/api/editor/character/dubbing_list?language=en-US')).body.data!
      .language_dubbings;
    expect(en).toHaveLength(1);
    const voice = en[0]!.dubbing_infos[0]!;
    expect(Object.keys(voice).sort()).toEqual([
      'dubbing',
      'dubbing_audition',
      'dubbing_desc',
      'dubbing_desc_key',
      'dubbing_vid',
    ]);
    const audio = await fetch(api.baseUrl + voice.dubbing_audition!);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await audio.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.length).toBeGreaterThan(10_000);
    expect((await fetch(`${api.baseUrl}/api/editor/audio/nope.wav`)).status).toBe(404);

    const limits = (await call<Record<string, number>>(api.baseUrl, '/api/editor/conf/words_limit')).body
      .data!;
    expect(limits).toMatchObject({ story_name: 30, node_content: 3000, max_nodes: 100, prologue: 150 });
    const bgm = (await call<{ bgm_list: Array<{ vid: string }> }>(api.baseUrl, '/api/editor/bgm_list')).body
      .data!.bgm_list;
    const vids = [bgm[0]!.vid, voice.dubbing_vid!, 'unknown'].join(',');
    const urls = (
      await call<{ vid_url_map: Record<string, string[]> }>(api.baseUrl, `/api/editor/vid_urls?vids=${vids}`)
    ).body.data!;
    expect(Object.keys(urls.vid_url_map).sort()).toEqual([bgm[0]!.vid, voice.dubbing_vid!].sort());

    // The examples are real stories: they publish as they are.
    const example = (await call<{ story: Record<string, unknown> }>(api.baseUrl, '/api/editor/get_example'))
      .body.data!.story;
    const examples = (
      await call<{ examples: Array<{ story: Record<string, unknown> }> }>(
        api.baseUrl,
        '/api/editor/get_example_v2',
      )
    ).body.data!.examples;
    expect(examples.length).toBeGreaterThanOrEqual(2);
    const art = await fetch(`${api.baseUrl}${String(example.logo)}`);
    expect(art.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await art.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
    // A creator who reads the app in Chinese starts from the same examples written in Chinese.
    const zhExample = (await call<{ story: Record<string, unknown> }>(api.baseUrl, '/api/editor/get_example?language=zh-CN')).body.data!.story;
    expect(zhExample).toMatchObject({ story_name: '最后的灯塔', logo: example.logo });
    const zhExamples = (await call<{ examples: Array<{ title: string; story: Record<string, unknown> }> }>(api.baseUrl, '/api/editor/get_example_v2?language=zh-CN')).body.data!.examples;
    expect(zhExamples.map((e) => e.title)).toEqual(['多章节的悬疑故事', '一章完成的对话']);
    // No English word in the Chinese examples' own words (their names, settings, lines and chapters).
    const TEXT = new Set(['story_name', 'introduction', 'character_name', 'settings', 'style', 'content', 'ending_content', 'name', 'summary']);
    const words = (value: unknown, key = ''): string[] => {
      if (typeof value === 'string') return TEXT.has(key) ? (value.replace(/@\{[^}]*\}/g, '').match(/[A-Za-z]{2,}/g) ?? []) : [];
      if (Array.isArray(value)) return value.flatMap((v) => words(v, key));
      if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => words(v, k));
      return [];
    };
    expect(words(example).length).toBeGreaterThan(20);
    for (const story of [zhExample, ...zhExamples.map((e) => e.story)]) expect(words(story)).toEqual([]);
    for (const story of [example, ...examples.map((e) => e.story), zhExample, ...zhExamples.map((e) => e.story)]) {
      const check = await alice.post('/api/editor/story/check_create', { ...story, publish_type: 'Publish' });
      expect(check.body.status_code).toBe(0);
    }
  });

  it('collects tracking events with the enter-editor fields, validated and rate limited', async () => {
    const ok = await alice.post('/api/events/track', {
      name: 'enter_story_editor',
      params: { story_id: '123', version_id: '456', creation_mode: 'normal', story_status: 0 },
    });
    expect(ok.body.status_code).toBe(0);
    const stored = await TrackEvent.findOne({ name: 'enter_story_editor' }).lean();
    expect(stored?.params).toEqual({
      story_id: '123',
      version_id: '456',
      creation_mode: 'normal',
      entrance: 'url_pc',
      story_status: 0,
    });
    expect(stored?.uid).toMatch(/^\d+$/);
    for (const body of [
      {
        name: 'enter_story_editor',
        params: { story_id: '1', version_id: '2', creation_mode: 'magic', story_status: 0 },
      },
      { name: 'not_an_event', params: {} },
      { name: 'page_view', params: { nested: { $gt: 1 } } },
      { name: 'page_view', params: { 'Bad-Key': 1 } },
    ]) {
      expect((await call(api.baseUrl, '/api/events/track', postJson(body))).body.status_code).toBe(
        ErrorCode.ClientParamError,
      );
    }
    let limited = false;
    for (let i = 0; i < 130 && !limited; i += 1) {
      const res = await call(
        api.baseUrl,
        '/api/events/track',
        postJson({ name: 'page_view', params: { path: '/editor' } }),
      );
      limited = res.body.status_code === ErrorCode.RateLimit;
    }
    expect(limited).toBe(true);
  });
});
