import mongoose from 'mongoose';
import { ErrorCode, REACH_EXCLUDES, StoryGenType, StoryStatus, storyReach, type StoryReach } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { Story } from './story.model';
import { StoryVersion } from './storyVersion.model';

/*
 * What other people may see of a story: its live version, the latest one that passed review. The working copy (the
 * `stories` document's own name, introduction, cover...) is the creator's alone until an edit is published and
 * passes review; every surface another person sees (creator page, share links and their landing page, liked list,
 * notices, topic pages...) reads a story through these functions.
 */

/** A story as others see it. */
export interface LiveStoryView {
  story_id: string;
  /** The creator. */
  uid: string;
  /** The live version these words come from. */
  version_id: string;
  story_name: string;
  introduction: string;
  logo: string;
  loading_background: string;
  story_gen_type: string;
  is_bot: boolean;
  chapters_count: number;
  characters_count: number;
  like_count: number;
  comment_count: number;
  /** Where operators let the story appear (sharing needs `reach.share`). */
  reach: StoryReach;
}

interface StoryRow {
  story_id: string;
  uid: string;
  status: number;
  deleted_at: Date | null;
  live_version_id: string | null;
  op_status?: string | null;
  visibility?: string | null;
  /** The live version's review status as the story keeps it (absent on stories written before it was kept). */
  live_status?: number | null;
}

interface VersionRow {
  version_id: string;
  story_id: string;
  content: { story_name?: string; introduction?: string; logo?: string; loading_background?: string; story_gen_type?: string; nodes?: unknown[]; characters?: unknown[] };
}

const STORY_FIELDS = { _id: 0, story_id: 1, uid: 1, status: 1, deleted_at: 1, live_version_id: 1, live_status: 1, op_status: 1, visibility: 1 } as const;
const VERSION_FIELDS = {
  _id: 0,
  version_id: 1,
  story_id: 1,
  'content.story_name': 1,
  'content.introduction': 1,
  'content.logo': 1,
  'content.loading_background': 1,
  'content.story_gen_type': 1,
  'content.nodes.node_id': 1,
  'content.characters.character_id': 1,
} as const;

/** What a card needs of a published version. */
type VersionView = Pick<LiveStoryView, 'version_id' | 'story_name' | 'introduction' | 'logo' | 'loading_background' | 'story_gen_type' | 'chapters_count' | 'characters_count'> & { story_id: string };

const CACHE_MAX = 5000;
/**
 * A version's content is written once, so what a card needs of it is kept by its id in each process (insertion order
 * gives a cheap LRU). Its review status is not: an operator may reject a version the automated review passed, in
 * another process. Every review decision keeps the live version's status on its story (`live_status`), which is
 * read with the story on every call; only a story without it (written before it was kept) has its version's status
 * read from the database. Only the content comes from here.
 */
const versionViews = new Map<string, VersionView>();

function remember(v: VersionView): VersionView {
  versionViews.delete(v.version_id);
  versionViews.set(v.version_id, v);
  if (versionViews.size > CACHE_MAX) versionViews.delete(versionViews.keys().next().value as string);
  return v;
}

/**
 * What cards need of these live versions, those that passed review only: `known` passed as their stories say, the
 * others' status read here. Content not cached is read in one query.
 */
async function passedVersionViews(known: string[], unknown: string[]): Promise<Map<string, VersionView>> {
  const out = new Map<string, VersionView>();
  const passed = unknown.length === 0 ? [] : await StoryVersion.find(
    { version_id: mongoose.trusted({ $in: unknown }), status: StoryStatus.Passed },
    { _id: 0, version_id: 1 },
  ).lean<Array<{ version_id: string }>>();
  const missing: string[] = [];
  for (const id of [...known, ...passed.map((v) => v.version_id)]) {
    const hit = versionViews.get(id);
    if (hit) out.set(id, remember(hit));
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  const rows = await StoryVersion.find({ version_id: mongoose.trusted({ $in: missing }), status: StoryStatus.Passed }, VERSION_FIELDS).lean<VersionRow[]>();
  for (const v of rows) {
    const c = v.content ?? {};
    out.set(
      v.version_id,
      remember({
        version_id: v.version_id,
        story_id: v.story_id,
        story_name: c.story_name ?? '',
        introduction: c.introduction ?? '',
        logo: c.logo ?? '',
        loading_background: c.loading_background ?? '',
        story_gen_type: c.story_gen_type ?? StoryGenType.UserDefined,
        chapters_count: c.nodes?.length ?? 0,
        characters_count: c.characters?.length ?? 0,
      }),
    );
  }
  return out;
}

function clamp(n: unknown): number {
  return typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0;
}

/**
 * The views of these stories (rows read from `stories`): their live versions (cached, else one query for the batch)
 * and their counters (one query for the batch), never one read per story. Only versions that passed review are used.
 */
async function viewsOf(rows: StoryRow[], counters = true): Promise<Map<string, LiveStoryView>> {
  // A live version an operator rejected since is not shown; one whose status the story does not keep is read.
  const live = rows.filter((r) => typeof r.live_version_id === 'string' && (r.live_status == null || r.live_status === StoryStatus.Passed));
  if (live.length === 0) return new Map();
  const known = (r: StoryRow) => r.live_status === StoryStatus.Passed;
  const [versions, stats] = await Promise.all([
    passedVersionViews(
      live.filter(known).map((r) => r.live_version_id!),
      live.filter((r) => !known(r)).map((r) => r.live_version_id!),
    ),
    // The social counters live beside the story (interact's `story_stats`), read here by collection name.
    !counters ? [] : mongoose.connection
      .collection<{ story_id: string; like_count?: number; comment_count?: number }>('story_stats')
      .find({ story_id: { $in: live.map((r) => r.story_id) } }, { projection: { _id: 0, story_id: 1, like_count: 1, comment_count: 1 } })
      .toArray(),
  ]);
  const statsOf = new Map(stats.map((s) => [s.story_id, s]));
  const out = new Map<string, LiveStoryView>();
  for (const r of live) {
    const v = versions.get(r.live_version_id!);
    if (!v || v.story_id !== r.story_id) continue;
    const st = statsOf.get(r.story_id);
    out.set(r.story_id, {
      story_id: r.story_id,
      uid: r.uid,
      version_id: v.version_id,
      story_name: v.story_name,
      introduction: v.introduction,
      logo: v.logo,
      loading_background: v.loading_background,
      story_gen_type: v.story_gen_type,
      is_bot: v.story_gen_type === StoryGenType.SingleBot,
      chapters_count: v.chapters_count,
      characters_count: v.characters_count,
      like_count: clamp(st?.like_count),
      comment_count: clamp(st?.comment_count),
      reach: storyReach(r.op_status, r.visibility),
    });
  }
  return out;
}

/** A filter of the stories others may open (mirrors `storyReach(...).open`; a missing field matches `$nin`). */
function openFilter(): Record<string, unknown> {
  const ex = REACH_EXCLUDES.open;
  return { op_status: mongoose.trusted({ $nin: [...ex.op_status] }), visibility: mongoose.trusted({ $nin: [...ex.visibility] }) };
}

/**
 * The story as others see it, for a social action on it (like, comment, share, report): 2002 when there is no such
 * story, 2001 when it is deleted, 2003 when no version of it ever passed review, 2001 or 1201 when an operator took it
 * down or keeps it from others.
 */
export async function liveStoryView(storyId: string): Promise<LiveStoryView> {
  const story = await Story.findOne({ story_id: storyId }, STORY_FIELDS).lean<StoryRow>();
  if (!story) throw new AppError(ErrorCode.NoStory, 'No such story');
  if (story.deleted_at || story.status === StoryStatus.Deleted) throw new AppError(ErrorCode.StoryDeleted);
  if (!story.live_version_id) throw new AppError(ErrorCode.PlayableVersionMissing);
  const reach = storyReach(story.op_status, story.visibility);
  if (reach.removed) throw new AppError(ErrorCode.StoryDeleted, 'This story was removed');
  if (!reach.open) throw new AppError(ErrorCode.NoPermission, 'This story is not available');
  const view = (await viewsOf([story])).get(storyId);
  if (!view) throw new AppError(ErrorCode.PlayableVersionMissing);
  return view;
}

/**
 * The creator of a story players can open now (a passed version, not deleted, not taken down or kept from others by
 * an operator), or null: one read, for pages that show a card of it from their own copy of its words (a thread).
 */
export async function openStoryCreator(storyId: string): Promise<string | null> {
  const story = await Story.findOne({ story_id: storyId }, STORY_FIELDS).lean<StoryRow>();
  if (!story || story.deleted_at || story.status === StoryStatus.Deleted || !story.live_version_id) return null;
  const reach = storyReach(story.op_status, story.visibility);
  return reach.removed || !reach.open ? null : story.uid;
}

/**
 * The views of several stories by id, keyed by id: those deleted, never published or kept from others by an operator
 * are left out (a creator still gets their own hidden ones when `viewerUid` is theirs, as on their own page). With
 * `counters: false` their likes and comments are not read (0): for pages whose cards do not show them.
 */
export async function liveStoryViews(
  storyIds: readonly string[],
  viewerUid?: string,
  opts: { counters?: boolean } = {},
): Promise<Map<string, LiveStoryView>> {
  const ids = [...new Set(storyIds.filter((id) => typeof id === 'string' && id !== ''))];
  if (ids.length === 0) return new Map();
  const rows = await Story.find(
    { story_id: mongoose.trusted({ $in: ids }), deleted_at: null, live_version_id: mongoose.trusted({ $ne: null }) },
    STORY_FIELDS,
  ).lean<StoryRow[]>();
  const own = (r: StoryRow) => viewerUid !== undefined && viewerUid !== '' && r.uid === viewerUid;
  return viewsOf(
    rows.filter((r) => r.status !== StoryStatus.Deleted && (own(r) || storyReach(r.op_status, r.visibility).open)),
    opts.counters !== false,
  );
}

/**
 * A creator's published stories as `viewerUid` sees them, most recently updated first: those others may open, or
 * all live ones (operators' hidden ones too) when the viewer is the creator.
 */
export async function creatorLiveStoryViews(uid: string, viewerUid: string, limit: number): Promise<LiveStoryView[]> {
  const rows = await Story.find(
    { uid, live_version_id: mongoose.trusted({ $ne: null }), deleted_at: null, ...(viewerUid === uid ? {} : openFilter()) },
    STORY_FIELDS,
  )
    .sort({ updated_at: -1, story_id: -1 })
    .limit(limit)
    .lean<StoryRow[]>();
  const views = await viewsOf(rows.filter((r) => r.status !== StoryStatus.Deleted));
  return rows.flatMap((r) => views.get(r.story_id) ?? []);
}
