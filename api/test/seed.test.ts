import { StoryStatus } from 'shared-kit';
import { seedAccounts } from '../src/seed/accounts';
import { DEMO_STORIES } from '../src/seed/stories.data';
import { seedStories } from '../src/seed/stories';
import { Story } from '../src/modules/editor/story.model';
import { StoryVersion } from '../src/modules/editor/storyVersion.model';
import { User } from '../src/modules/user/user.model';
import { keywordsOf } from '../src/ai/chat/words';
import { call, startTestApi, type TestApi } from './helpers';

interface StoryCard {
  story_id: string;
  story_name: string;
  logo: string;
  chapters_count: number;
  creator: { uid: string; nickname: string };
}

describe('demo stories seed', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await seedAccounts(api.logger);
  });
  afterAll(async () => {
    await api.stop();
  });

  it('publishes every demo story once, Passed, with a cover and portraits, and a second run adds nothing', async () => {
    const first = await seedStories({ config: api.config, logger: api.logger, pollMs: 20 });
    expect(first.created).toEqual(DEMO_STORIES.map((s) => s.name));
    expect(first.pending).toEqual([]);

    const creator = await User.findOne({ username_key: 'demo_creator' }).lean();
    const stories = await Story.find({ uid: creator!.uid }).lean();
    expect(stories).toHaveLength(DEMO_STORIES.length);
    for (const story of stories) {
      expect(story.status).toBe(StoryStatus.Passed);
      expect(story.live_version_id).toBe(story.version_id);
      expect(story.logo).toMatch(/^\/api\/media\/[0-9a-f]{24}$/);
      const version = await StoryVersion.findOne({ version_id: story.live_version_id }).lean();
      expect(version?.status).toBe(StoryStatus.Passed);
      // The cover is a real stored picture.
      const cover = await fetch(api.baseUrl + story.logo);
      expect(cover.status).toBe(200);
      expect(cover.headers.get('content-type')).toMatch(/^image\//);
    }

    const again = await seedStories({ config: api.config, logger: api.logger, pollMs: 20 });
    expect(again.created).toEqual([]);
    expect(again.skipped).toHaveLength(DEMO_STORIES.length);
    expect(await Story.countDocuments({ uid: creator!.uid })).toBe(DEMO_STORIES.length);
  }, 60_000);

  it('lists the demo stories to players through GET /api/tyler/story/list', async () => {
    const res = await call<{ stories?: StoryCard[]; list?: StoryCard[] }>(api.baseUrl, '/api/tyler/story/list?offset=0&count=20');
    expect(res.body.status_code).toBe(0);
    const cards = res.body.data?.stories ?? res.body.data?.list ?? [];
    expect(cards.map((c) => c.story_name).sort()).toEqual(DEMO_STORIES.map((s) => s.name).sort());
    for (const card of cards) {
      expect(card.chapters_count).toBeGreaterThanOrEqual(2);
      expect(card.logo).toMatch(/^\/api\/media\//);
    }
  });

  it('writes stories the rules accept and the offline director can be driven through', () => {
    for (const story of DEMO_STORIES) {
      expect(story.characters.length).toBeGreaterThanOrEqual(2);
      expect(story.characters.length).toBeLessThanOrEqual(3);
      expect(story.chapters.length).toBeGreaterThanOrEqual(2);
      expect(story.chapters.length).toBeLessThanOrEqual(3);
      for (const chapter of story.chapters) {
        // Two concrete objective words are what the offline director listens for.
        expect(keywordsOf(chapter.objective).length).toBeGreaterThanOrEqual(2);
        expect(chapter.objective.length).toBeLessThanOrEqual(100);
      }
    }
  });
});
