import mongoose from 'mongoose';
import { ErrorCode, NodeType, StoryGenType, StoryStatus, storyReach, type StoryContent } from 'shared-kit';
import { AppError } from '../../../lib/errors';
import { Story, storyById, versionById, type StoryRecord } from '../../stories';
import { FEED_SORT, reachFilter } from '../../staff';

/*
 * The play module's read-only view of the editor's stories: published versions are immutable documents
 * (`story_versions`), the working copy is the `stories` document. Nothing here writes to either.
 */

/** What a play runs on: one fixed content, published or a draft snapshot. */
export interface PlayableStory {
  story_id: string;
  version_id: string;
  /** The creator. */
  uid: string;
  content: StoryContent;
  is_draft: boolean;
}

/** The one open chapter a bot (a single character, no chapters) is played in: no objective, so it never ends. */
export const BOT_CHAT_NODE_ID = 'bot_chat';

/** A bot's content with its open chapter; any other content as it is. */
export function playableContent(content: StoryContent): StoryContent {
  if (content.story_gen_type !== StoryGenType.SingleBot || content.nodes.length > 0) return content;
  return {
    ...content,
    nodes: [
      { node_id: BOT_CHAT_NODE_ID, node_type: NodeType.Simple, name: '', content: '', ending_content: '', end_visible: false, background_url: '', bgm_info: null, image_generate_style: null },
    ],
  };
}

const CACHE_MAX = 256;
/** Published versions never change, so they are cached by id; insertion order gives a cheap LRU. */
const versionCache = new Map<string, PlayableStory>();

function remember(story: PlayableStory): PlayableStory {
  versionCache.delete(story.version_id);
  versionCache.set(story.version_id, story);
  if (versionCache.size > CACHE_MAX) versionCache.delete(versionCache.keys().next().value as string);
  return story;
}

/** What deciding whether a story may be played reads: a few fields, never the working copy's content. */
const REACH_FIELDS = ['uid', 'status', 'deleted_at', 'op_status', 'visibility', 'live_version_id'] as const;
type ReachRecord = Pick<StoryRecord, (typeof REACH_FIELDS)[number]>;

/** The story, refused when missing (2002) or deleted (2001): its reach fields only unless `whole` (a turn asks this at every reply's end). */
async function liveStory(storyId: string): Promise<ReachRecord>;
async function liveStory(storyId: string, whole: true): Promise<StoryRecord>;
async function liveStory(storyId: string, whole?: true): Promise<ReachRecord> {
  const story = whole ? await storyById(storyId) : await storyById(storyId, REACH_FIELDS);
  if (!story) throw new AppError(ErrorCode.NoStory, 'No such story');
  if (story.deleted_at || story.status === StoryStatus.Deleted) throw new AppError(ErrorCode.StoryDeleted);
  return story;
}

/**
 * Refuses a story an operator took down (2001) or keeps from others (1201: UnPass, SelfWatch, Invisible) to anyone
 * but its creator. `viewerUid` undefined means "not the creator".
 */
function refuseUnreachable(story: ReachRecord, viewerUid?: string): void {
  if (viewerUid !== undefined && viewerUid === story.uid) return;
  const reach = storyReach(story.op_status, story.visibility);
  if (reach.removed) throw new AppError(ErrorCode.StoryDeleted, 'This story was removed');
  if (!reach.open) throw new AppError(ErrorCode.NoPermission, 'This story is not available');
}

/** The version players get now; 2003 when none has passed review; 2001 or 1201 when an operator keeps it from the viewer. */
export async function liveVersionId(storyId: string, viewerUid?: string): Promise<string> {
  const story = await liveStory(storyId);
  refuseUnreachable(story, viewerUid);
  if (!story.live_version_id) throw new AppError(ErrorCode.PlayableVersionMissing);
  return story.live_version_id;
}

/**
 * A published version that passed review. Without `versionId`, the live one. A version of another story, or one
 * that did not pass, is 2003.
 */
export async function publishedStory(storyId: string, versionId?: string, viewerUid?: string): Promise<PlayableStory> {
  const id = versionId ?? (await liveVersionId(storyId, viewerUid));
  if (versionId) refuseUnreachable(await liveStory(storyId), viewerUid);
  return passedVersion(storyId, id);
}

/** A version that passed review, from the cache or the database; 2003 otherwise. No check of the story itself. */
async function passedVersion(storyId: string, id: string): Promise<PlayableStory> {
  const cached = versionCache.get(id);
  if (cached && cached.story_id === storyId) return remember(cached);
  const version = await versionById(id, storyId);
  if (!version || version.status !== StoryStatus.Passed) throw new AppError(ErrorCode.PlayableVersionMissing);
  return remember({ story_id: storyId, version_id: id, uid: version.uid, content: playableContent(version.content), is_draft: false });
}

/** A play's story after it started: deletion of the story does not take a running play's content away. */
export async function versionForPlay(storyId: string, versionId: string): Promise<PlayableStory> {
  const cached = versionCache.get(versionId);
  if (cached) return cached;
  const version = await versionById(versionId, storyId);
  if (!version) throw new AppError(ErrorCode.PlayableVersionMissing);
  return remember({ story_id: storyId, version_id: versionId, uid: version.uid, content: playableContent(version.content), is_draft: false });
}

/** The owner's working copy, for a test play before publishing; others get 1201. */
export async function draftStory(storyId: string, uid: string): Promise<PlayableStory> {
  const story = await liveStory(storyId, true);
  if (story.uid !== uid) throw new AppError(ErrorCode.NoPermission, 'Only the creator can play a draft');
  const content: StoryContent = {
    story_gen_type: story.story_gen_type,
    story_name: story.story_name,
    introduction: story.introduction,
    story_setting_visible: story.story_setting_visible,
    image_generate_style: story.image_generate_style,
    logo: story.logo,
    loading_background: story.loading_background,
    characters: story.characters,
    player: story.player,
    prologue: story.prologue,
    nodes: story.nodes,
    summary: story.summary,
    voice_over_dubbing: story.voice_over_dubbing,
    ...(story.lorebook ? { lorebook: story.lorebook } : {}),
    // A graph plays from the snapshot too (absent on a line of chapters, which then reads as it always did).
    ...(story.edges ? { edges: story.edges } : {}),
    ...(story.variables ? { variables: story.variables } : {}),
  };
  // Plain JSON: the snapshot is stored on the play as it is.
  return { story_id: storyId, version_id: story.version_id, uid, content: playableContent(JSON.parse(JSON.stringify(content)) as StoryContent), is_draft: true };
}

export interface LiveStoryRow {
  story_id: string;
  uid: string;
  live_version_id: string;
  updated_at: Date;
}

/** The feed: stories with a passed version that operators leave in the feed, recommended first, then newest first. */
export async function liveStories(offset: number, count: number, leaveOut: readonly string[] = []): Promise<{ rows: LiveStoryRow[]; hasMore: boolean }> {
  const rows = await Story.find(
    {
      live_version_id: mongoose.trusted({ $ne: null }),
      deleted_at: null,
      ...reachFilter('feed'),
      ...(leaveOut.length > 0 ? { story_id: mongoose.trusted({ $nin: [...leaveOut] }) } : {}),
    },
    { story_id: 1, uid: 1, live_version_id: 1, updated_at: 1 },
  )
    .sort(FEED_SORT)
    .skip(offset)
    .limit(count + 1)
    .lean<LiveStoryRow[]>();
  return { rows: rows.slice(0, count), hasMore: rows.length > count };
}

/**
 * Every live story's row that others may find (operators' hidden and removed ones left out); search and related
 * lists filter these in memory (fine for a single-node listing).
 */
export async function allLiveStories(limit = 5000): Promise<LiveStoryRow[]> {
  return Story.find({ live_version_id: mongoose.trusted({ $ne: null }), deleted_at: null, ...reachFilter('open') }, { story_id: 1, uid: 1, live_version_id: 1, updated_at: 1 })
    .sort({ updated_at: -1 })
    .limit(limit)
    .lean<LiveStoryRow[]>();
}
