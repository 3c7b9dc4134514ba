import { NodeType, StoryStatus, validateGraph, validateStory } from 'shared-kit';
import { storyContentSchema } from 'shared-kit/schemas';
import { seedAccounts } from '../src/seed/accounts';
import { DEMO_STORIES } from '../src/seed/stories.data';
import { DEMO_GRAPH_STORIES } from '../src/seed/stories.graph.data';
import { seedStories } from '../src/seed/stories';
import { Story } from '../src/modules/stories/story.model';
import { StoryVersion } from '../src/modules/stories/storyVersion.model';
import { User } from '../src/modules/users/user.model';
import { judgeObjective } from '../src/ai/chat/objective';
import { detectFaces } from '../src/modules/media/media.face';
import { runningTurns } from '../src/modules/play/turn/task';
import { call, signInByPhone, startTestApi, type TestApi } from './helpers';

interface StoryCard {
  story_id: string;
  story_name: string;
  logo: string;
  chapters_count: number;
  creator: { uid: string; nickname: string };
}

/** Every demo story's name: the lines of chapters, then the graphs with choices. */
const ALL_NAMES = [...DEMO_STORIES, ...DEMO_GRAPH_STORIES].map((s) => s.name);

describe('demo stories seed', () => {
  let api: TestApi;
  beforeAll(async () => {
    // Replies are written at once: the test is about the stories, not the storyteller's pace.
    api = await startTestApi({ env: { OFFLINE_TOKEN_DELAY_MS: '0' } });
    await seedAccounts(api.logger);
  });
  afterAll(async () => {
    await api.stop();
  });

  it('publishes every demo story once, Passed, with a cover and portraits, and a second run adds nothing', async () => {
    const first = await seedStories({ config: api.config, logger: api.logger, pollMs: 20 });
    expect(first.created).toEqual(ALL_NAMES);
    expect(first.pending).toEqual([]);

    const creator = await User.findOne({ username_key: 'demo_creator' }).lean();
    const stories = await Story.find({ uid: creator!.uid }).lean();
    expect(stories).toHaveLength(ALL_NAMES.length);
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
      // The demo obeys the product's own rule (section 5): each stored character picture shows a face to the same
      // detector an upload meets.
      const { characters } = story as unknown as { characters: Array<{ character_name: string; character_url: string }> };
      expect(characters.length).toBeGreaterThanOrEqual(2);
      for (const c of characters) {
        const got = await fetch(api.baseUrl + c.character_url);
        expect(got.status).toBe(200);
        const check = await detectFaces(Buffer.from(await got.arrayBuffer()));
        expect({ character: c.character_name, faces: check.faces }).toEqual({ character: c.character_name, faces: 1 });
      }
    }

    const again = await seedStories({ config: api.config, logger: api.logger, pollMs: 20 });
    expect(again.created).toEqual([]);
    expect(again.skipped).toHaveLength(ALL_NAMES.length);
    expect(await Story.countDocuments({ uid: creator!.uid })).toBe(ALL_NAMES.length);
  }, 180_000);

  it('lists the demo stories to players through GET /api/tyler/story/list', async () => {
    const res = await call<{ stories?: StoryCard[]; list?: StoryCard[] }>(api.baseUrl, '/api/tyler/story/list?offset=0&count=20');
    expect(res.body.status_code).toBe(0);
    const cards = res.body.data?.stories ?? res.body.data?.list ?? [];
    expect(cards.map((c) => c.story_name).sort()).toEqual([...ALL_NAMES].sort());
    for (const card of cards) {
      expect(card.chapters_count).toBeGreaterThanOrEqual(2);
      expect(card.logo).toMatch(/^\/api\/media\//);
    }
  });

  it('phrases every chapter objective so the offline director hears it done, and never after small talk', () => {
    const smallTalk = ['Hello!', 'How are you?', 'What is this place?', 'Tell me about yourself.', 'Thank you.'];
    for (const story of DEMO_STORIES) {
      expect(story.characters.length).toBeGreaterThanOrEqual(2);
      expect(story.characters.length).toBeLessThanOrEqual(3);
      expect(story.chapters.length).toBeGreaterThanOrEqual(2);
      expect(story.chapters.length).toBeLessThanOrEqual(3);
      for (const chapter of story.chapters) {
        const names = [story.player.name, ...story.characters.map((c) => c.name)];
        expect(judgeObjective(chapter.objective, [chapter.objective], names).met).toBe(true);
        expect(judgeObjective(chapter.objective, smallTalk, names).met).toBe(false);
        expect(chapter.objective.length).toBeLessThanOrEqual(100);
      }
    }
  });

  it('plays each demo story through the offline storyteller to its happy ending by saying the objectives', async () => {
    const player = await signInByPhone(api.baseUrl, '+12025550177', { confirm: { is_adult: true, agree_terms: true } });
    const list = await call<{ stories: StoryCard[] }>(api.baseUrl, '/api/tyler/story/list?offset=0&count=20');
    for (const demo of DEMO_STORIES) {
      const card = list.body.data!.stories.find((c) => c.story_name === demo.name)!;
      const start = await player.post<{ play_info: { play_id: string; version_id: string } }>('/api/tyler/story/start_play', { story_id: card.story_id });
      expect(start.body.status_code).toBe(0);
      const playId = start.body.data!.play_info.play_id;
      for (const [index, chapter] of demo.chapters.entries()) {
        const info = await player.call<{ chapter_index: number; status: string; bgm: { vid: string; url: string } | null }>(`/api/tyler/play_info?play_id=${playId}`);
        expect(info.body.data).toMatchObject({ chapter_index: index });
        // The chapter's background music, when it has one, is a clip the api serves.
        expect(info.body.data!.bgm).toEqual(chapter.bgm ? { vid: chapter.bgm, url: `/api/editor/audio/${chapter.bgm}.wav` } : null);
        const sent = await player.post('/api/tyler/message/send', { play_id: playId, message: chapter.objective });
        expect(sent.body.status_code).toBe(0);
        await runningTurns();
      }
      const ending = await player.call<{ ending_type: string; content: string }>(`/api/tyler/play_ending_info?play_id=${playId}`);
      expect(ending.body.data).toMatchObject({ ending_type: 'HappyEnding', content: demo.chapters[demo.chapters.length - 1]!.objective });
    }
  }, 60_000);

  it('seeds the demo stories with choices as published graphs: a choice, a change, a judge on a variable, Success and Fail, visible variables', async () => {
    const creator = await User.findOne({ username_key: 'demo_creator' }).lean();
    for (const demo of DEMO_GRAPH_STORIES) {
      const story = await Story.findOne({ uid: creator!.uid, story_name: demo.name }).lean();
      expect(story?.status).toBe(StoryStatus.Passed);
      const version = await StoryVersion.findOne({ version_id: story!.live_version_id }).lean();
      expect(version?.status).toBe(StoryStatus.Passed);
      const content = storyContentSchema.parse((version as unknown as { content: unknown }).content);
      // What players get is the published graph, and it passes every publish rule, the graph's included.
      expect(validateStory(content, { mode: 'publish' })).toEqual([]);
      expect(validateGraph(content, { mode: 'publish' })).toEqual([]);
      const types = content.nodes.map((n) => n.node_type);
      for (const t of [NodeType.ChoiceContent, NodeType.VariableAssignment, NodeType.JudgeContent, NodeType.Success, NodeType.Fail]) {
        expect({ story: demo.name, has: t, types }).toMatchObject({ has: t, types: expect.arrayContaining([t]) });
      }
      const judge = content.nodes.find((n) => n.node_type === NodeType.JudgeContent)!;
      expect(judge.judge_mode).toBe('variables');
      expect(judge.routes!.every((r) => content.variables!.some((v) => v.name === r.condition?.variable))).toBe(true);
      expect(content.variables!.some((v) => v.visible)).toBe(true);
      for (const n of content.nodes.filter((x) => x.node_type === NodeType.Success || x.node_type === NodeType.Fail)) {
        expect(n.content.trim()).not.toBe('');
      }
      // Its scenes' objectives are heard done by the offline director, as the line demos' are.
      const names = [demo.player.name, ...demo.characters.map((c) => c.name)];
      for (const n of demo.nodes) if (n.type === 'NormalContent') expect(judgeObjective(n.objective, [n.objective], names).met).toBe(true);
      // The review read the graph's texts too (options, endings) and passed them.
      const review = (version as unknown as { review_result?: { options?: Array<{ is_valid: boolean }>; nodes: Array<{ content: { is_valid: boolean } }> } }).review_result;
      expect(review?.nodes.every((n) => n.content.is_valid)).toBe(true);
    }
  });
});
