import mongoose from 'mongoose';
import {
  CharacterType,
  NodeType,
  PublishType,
  StoryGenType,
  StoryStatus,
  type ForbiddenWords,
  type StoryCreateRequest,
} from 'shared-kit';
import { createAiProviders } from '../ai';
import { offlineImages } from '../ai/images.offline';
import type { ImageProvider } from '../ai/types';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import { createEventBus } from '../realtime/events';
import { Story } from '../modules/stories/story.model';
import { saveStory } from '../modules/editor/story.service';
import { uploadImage } from '../modules/media/media.service';
import { loadForbiddenWords } from '../modules/review/forbiddenWords';
import { startReviewWorker } from '../modules/review/review.worker';
import { User } from '../modules/users/user.model';
import { DEMO_STORIES, type DemoStory } from './stories.data';
import { DEMO_GRAPH_STORIES, type DemoGraphStory, type DemoNode } from './stories.graph.data';

/** The account the demo stories belong to (created by the accounts seed). */
export const DEMO_CREATOR_USERNAME = 'demo_creator';

/** How long the seed waits for the review of its stories before leaving them to the running worker. */
const REVIEW_WAIT_MS = 30_000;

export interface StorySeedDeps {
  config: Config;
  logger: Logger;
  now?: () => number;
  /** Pictures for covers and portraits; the offline artwork generator unless a test passes another. */
  images?: ImageProvider;
  /** Polling interval while waiting for the review (tests shorten it). */
  pollMs?: number;
}

export interface StorySeedResult {
  created: string[];
  skipped: string[];
  /** Stories created but not live yet when the seed stopped waiting (the worker finishes them later). */
  pending: string[];
}

async function picture(images: ImageProvider, use: 'cover' | 'character', prompt: string, style: string, uid: string): Promise<string> {
  const size = use === 'cover' ? { width: 768, height: 512 } : { width: 512, height: 640 };
  const image = await images.generate({ prompt, style, ...size, use });
  // Through the same checks as an upload, so a seeded picture is stored exactly like a creator's; the face check is
  // left to the seed's test (every demo portrait shows a face), so a first start is not held up by it.
  return (await uploadImage(image.data, use, uid, undefined, false)).url;
}

type Demo = DemoStory | DemoGraphStory;

const plainNode = { end_visible: true, background_url: '', bgm_info: null, image_generate_style: null };

/** A demo graph's node in the editor's shape. */
function graphNode(n: DemoNode) {
  const base = { ...plainNode, node_id: n.id, node_type: n.type, name: n.name, content: '', ending_content: '' };
  switch (n.type) {
    case 'NormalContent':
      return { ...base, content: n.content, ending_content: n.objective, bgm_info: n.bgm ? { vid: n.bgm, music_style: '' } : null };
    case 'ChoiceContent':
      return { ...base, content: n.content, end_visible: false, options: n.options.map((o) => ({ option_id: o.id, text: o.text })) };
    case 'VariableAssignment':
      return { ...base, end_visible: false, assignments: n.changes };
    case 'JudgeContent':
      return {
        ...base,
        end_visible: false,
        judge_mode: 'variables' as const,
        routes: n.routes.map((r) => ({ route_id: r.id, condition: { variable: r.variable, op: r.op, value: r.value } })),
      };
    default:
      return { ...base, content: n.ending, end_visible: false };
  }
}

/** The nodes (and, for a graph, edges and variables) of a demo story's payload. */
function plotsOf(story: Demo): Pick<StoryCreateRequest, 'nodes' | 'edges' | 'variables'> {
  if ('chapters' in story) {
    return {
      nodes: story.chapters.map((ch) => ({
        ...plainNode,
        node_id: ch.id,
        node_type: NodeType.Simple,
        name: ch.name,
        content: ch.content,
        ending_content: ch.objective,
        bgm_info: ch.bgm ? { vid: ch.bgm, music_style: '' } : null,
      })),
    };
  }
  return {
    nodes: story.nodes.map(graphNode),
    edges: story.edges.map(([source, handle, target], i) => ({ edge_id: `e${i + 1}`, source, target, handle })),
    variables: story.variables,
  };
}

/** The editor payload of one demo story, with its pictures generated and stored first. */
async function payloadOf(story: Demo, uid: string, images: ImageProvider): Promise<StoryCreateRequest> {
  const logo = await picture(images, 'cover', story.cover, story.style, uid);
  const characters = [];
  for (const c of story.characters) {
    characters.push({
      character_id: c.id,
      character_name: c.name,
      settings: c.settings,
      style: c.style,
      character_url: await picture(images, 'character', c.portrait, story.style, uid),
      dubbing_show: { dubbing: c.voice, language: 'English' },
      type: CharacterType.NPC,
    });
  }
  return {
    story_gen_type: StoryGenType.UserDefined,
    user_manual_save: true,
    story_name: story.name,
    introduction: story.introduction,
    story_setting_visible: false,
    image_generate_style: { code: story.style },
    logo,
    loading_background: logo,
    characters,
    player: { character_name: story.player.name, settings: story.player.settings },
    prologue: { character_id: story.prologue.speaker, content: story.prologue.content },
    ...plotsOf(story),
    summary: story.summary,
    voice_over_dubbing: { dubbing: 'en_narrator', language: 'English' },
    publish_type: PublishType.Publish,
  };
}

/** Runs the product's review worker until the given stories are live, or the wait is over. */
async function reviewUntilLive(storyIds: string[], deps: StorySeedDeps, forbidden: ForbiddenWords): Promise<string[]> {
  if (storyIds.length === 0) return [];
  const providers = createAiProviders(deps.config, forbidden);
  const worker = startReviewWorker({
    logger: deps.logger,
    // The creator is told of reviews over sockets; nobody is connected while the product starts.
    events: createEventBus(deps.logger),
    forbidden,
    moderation: providers.moderation,
    pollMs: deps.pollMs ?? 100,
    now: deps.now,
  });
  const deadline = Date.now() + REVIEW_WAIT_MS;
  try {
    for (;;) {
      const waiting = await Story.find(
        { story_id: mongoose.trusted({ $in: storyIds }), live_version_id: null, status: StoryStatus.ToVerify },
        { story_id: 1 },
      ).lean<Array<{ story_id: string }>>();
      if (waiting.length === 0 || Date.now() > deadline) return waiting.map((s) => s.story_id);
      worker.kick();
      await new Promise((resolve) => setTimeout(resolve, deps.pollMs ?? 100));
    }
  } finally {
    await worker.stop();
  }
}

/**
 * Publishes the demo stories (the lines of chapters, then the graphs with choices) that the demo creator does not have yet, through the editor's own save and the
 * review worker, so they are ordinary Passed stories. A story is recognised by its name: running the seed again
 * (or after the creator renamed or deleted one) never duplicates it.
 */
export async function seedStories(deps: StorySeedDeps): Promise<StorySeedResult> {
  const result: StorySeedResult = { created: [], skipped: [], pending: [] };
  const creator = await User.findOne({ username_key: DEMO_CREATOR_USERNAME }).lean<{ uid: string }>();
  if (!creator) {
    deps.logger.warn({ username: DEMO_CREATOR_USERNAME }, 'demo creator missing; demo stories not seeded');
    return result;
  }
  const now = deps.now ?? Date.now;
  const forbidden = loadForbiddenWords(deps.config.forbiddenWordsFile);
  // Seeded pictures never depend on a model being reachable at start.
  const images = deps.images ?? offlineImages();
  const createdIds: string[] = [];
  for (const story of [...DEMO_STORIES, ...DEMO_GRAPH_STORIES]) {
    if (await Story.exists({ uid: creator.uid, story_name: story.name })) {
      result.skipped.push(story.name);
      continue;
    }
    const payload = await payloadOf(story, creator.uid, images);
    const saved = await saveStory(creator.uid, payload, { forbidden, kickReview: () => undefined, now });
    createdIds.push(saved.story_id);
    result.created.push(story.name);
  }
  result.pending = await reviewUntilLive(createdIds, deps, forbidden);
  if (result.created.length > 0) {
    deps.logger.info({ created: result.created, pending: result.pending }, 'demo stories seeded');
  }
  if (result.pending.length > 0) deps.logger.warn({ story_ids: result.pending }, 'demo stories still in review');
  return result;
}
