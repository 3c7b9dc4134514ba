import { ErrorCode, StoryStatus } from 'shared-kit';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { ADULT, save, storyPayload, waitForStory } from './editor.support';

interface Got {
  story_info: { status: number };
}

describe('editor: REVIEW_DELAY_MS holds a publish under review for at least that long', () => {
  let api: TestApi;
  let alice: CookieClient;
  beforeAll(async () => {
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '50', REVIEW_DELAY_MS: '1500' } });
    alice = await signInByPhone(api.baseUrl, '+12025551401', ADULT);
  });
  afterAll(async () => {
    await api.stop();
  });

  it('stays Verifying through the delay, then is reviewed soon after it', async () => {
    const started = Date.now();
    const res = await save(alice, { ...storyPayload(), publish_type: 'Publish' });
    expect(res.body.data?.status).toBe(StoryStatus.ToVerify);
    const storyId = res.body.data!.story_id;
    await new Promise((r) => setTimeout(r, 1000));
    const midway = await alice.call<Got>(`/api/editor/story/get?story_id=${storyId}`);
    expect(midway.body.data?.story_info.status).toBe(StoryStatus.ToVerify);
    const list = await alice.call<{ stories: Array<{ creator_status: string }> }>('/api/editor/story/list');
    expect(list.body.data?.stories[0]?.creator_status).toBe('Verifying');

    await waitForStory<Got>(alice, storyId, (d) => d.story_info.status === StoryStatus.Passed, 10_000);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1500);
    expect(elapsed).toBeLessThan(5000);
  });

  it('refuses an automatic save while a version is under review and keeps the story as it was', async () => {
    const res = await save(alice, { ...storyPayload(), publish_type: 'Publish' });
    const { story_id, version_id } = res.body.data!;
    const auto = await save(alice, {
      ...storyPayload({ story_name: 'Changed during review' }),
      story_id,
      version: { version_id },
      publish_type: 'Draft',
      user_manual_save: false,
    });
    expect(auto.body.status_code).toBe(ErrorCode.StoryVerifying);
    const got = await alice.call<Got & { story_info: { story_name: string } }>(`/api/editor/story/get?story_id=${story_id}`);
    expect(got.body.data?.story_info).toMatchObject({ story_name: 'The Lighthouse', status: StoryStatus.ToVerify });
  });
});
