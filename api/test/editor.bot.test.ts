import { ErrorCode, StoryStatus, ValidationErrorType as T, type StoryReviewResult } from 'shared-kit';
import { StoryVersion } from '../src/modules/stories/storyVersion.model';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { ADULT, save, waitForStory } from './editor.support';
import { botPayload } from './support/botStories';

interface GotBot {
  story_info: { status: number; story_gen_type: string; creator_status: string };
  version: { version_id: string };
  characters: Array<{ character_name: string }>;
  prologue: { content: string };
  review_result: StoryReviewResult | null;
}

const reviewed = (d: GotBot): boolean => d.story_info.status !== StoryStatus.ToVerify;

describe('editor: bots (SingleBot)', () => {
  let api: TestApi;
  let alice: CookieClient;
  beforeAll(async () => {
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '50' } });
    alice = await signInByPhone(api.baseUrl, '+12025550901', ADULT);
  });
  afterAll(async () => {
    await api.stop();
  });

  it('saves a bot draft and reads it back as a bot', async () => {
    const res = await save(alice, { ...botPayload({ opening: '' }), publish_type: 'Draft' });
    expect(res.body).toMatchObject({ status_code: 0, data: { status: StoryStatus.Draft } });
    const got = await alice.call<GotBot>(`/api/editor/story/get?story_id=${res.body.data!.story_id}`);
    expect(got.body.data).toMatchObject({
      story_info: { story_gen_type: 'SingleBot', status: StoryStatus.Draft },
      characters: [{ character_name: 'Mira' }],
      prologue: { content: '' },
    });
  });

  it('publishes a bot without chapters, story rules or narrator voice: ToVerify, then Passed, listed in My Story', async () => {
    const res = await save(alice, { ...botPayload(), publish_type: 'Publish' });
    expect(res.body).toMatchObject({ status_code: 0, data: { status: StoryStatus.ToVerify } });
    const { story_id, version_id } = res.body.data!;
    const done = await waitForStory<GotBot>(alice, story_id, reviewed);
    expect(done.story_info).toMatchObject({ status: StoryStatus.Passed, creator_status: 'Passed' });
    const r = done.review_result!;
    expect(r.characters).toHaveLength(1);
    expect(r.nodes).toEqual([]);
    const c = r.characters[0]!;
    expect([r.prologue, r.name, r.summary, c.img, c.name, c.settings, c.style].every((i) => i.is_valid)).toBe(true);
    const version = await StoryVersion.findOne({ version_id }).lean();
    expect(version?.status).toBe(StoryStatus.Passed);

    const list = await alice.call<{ stories: Array<{ story_id: string; story_gen_type: string; creator_status: string; story_name: string }> }>(
      '/api/editor/story/list?status=Passed',
    );
    expect(list.body.data?.stories).toContainEqual(
      expect.objectContaining({ story_id, story_gen_type: 'SingleBot', creator_status: 'Passed', story_name: 'Mira' }),
    );
  });

  it('fails a bot whose settings hold a forbidden word and marks that item', async () => {
    const res = await save(alice, {
      ...botPayload({ character: { settings: 'Talks about porn all day.' } }),
      publish_type: 'Publish',
    });
    expect(res.body.status_code).toBe(0);
    const done = await waitForStory<GotBot>(alice, res.body.data!.story_id, reviewed);
    expect(done.story_info.status).toBe(StoryStatus.Failed);
    const c = done.review_result!.characters[0]!;
    expect(c.settings).toEqual({
      is_valid: false,
      extra: { simple_reason: { display_reason: expect.stringMatching(/not allowed/) } },
    });
    expect(c.name.is_valid).toBe(true);
    expect(done.review_result!.prologue.is_valid).toBe(true);
  });

  it('refuses a bot missing its picture with type 1 on the picture, and writes nothing', async () => {
    const before = await alice.call<{ total: number }>('/api/editor/story/list');
    const res = await save(alice, { ...botPayload({ character: { character_url: '' } }), publish_type: 'Publish' });
    expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(res.body.data?.errors).toEqual([
      { path: 'characters.0.character_url', type: T.Required, message: 'Add a picture', code: 'addPicture' },
    ]);
    const after = await alice.call<{ total: number }>('/api/editor/story/list');
    expect(after.body.data?.total).toBe(before.body.data?.total);
  });

  it('holds a bot to its shape: one character, an opening line within 150, no chapters', async () => {
    const two = botPayload();
    two.characters.push({ ...two.characters[0]!, character_id: 'b2', character_name: 'Tom' });
    const errorsOf = async (body: Record<string, unknown>) =>
      (await save(alice, { ...body, publish_type: 'Publish' })).body.data?.errors ?? [];
    expect(await errorsOf(two)).toContainEqual(expect.objectContaining({ path: 'characters', type: T.CheckFailed }));
    expect(await errorsOf(botPayload({ opening: 'x'.repeat(151) }))).toEqual([
      expect.objectContaining({ path: 'prologue.content', type: T.Limit }),
    ]);
    expect(await errorsOf(botPayload({ opening: '' }))).toEqual([
      expect.objectContaining({ path: 'prologue.content', type: T.Required }),
    ]);
    expect(
      await errorsOf({ ...botPayload(), nodes: [{ node_id: 'n1', content: 'A chapter' }] }),
    ).toEqual([expect.objectContaining({ path: 'nodes', type: T.CheckFailed })]);
    // A story is still held to the story rules.
    expect(await errorsOf({ ...botPayload(), story_gen_type: 'UserDefined' })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'nodes', type: T.Required }),
        expect.objectContaining({ path: 'voice_over_dubbing', type: T.Required }),
      ]),
    );
  });
});
