import mongoose from 'mongoose';
import { Story, type StoryRecord } from './story.model';
import { StoryVersion, type StoryVersionRecord } from './storyVersion.model';

/**
 * Stories by id in one query, with only the fields asked for (`story_id` always comes back): the map a caller reads
 * titles, owners or states from. Unknown ids are left out; deleted stories are not filtered (callers decide).
 */
export async function storiesById<K extends keyof StoryRecord>(
  storyIds: Iterable<string>,
  fields: readonly K[],
): Promise<Map<string, Pick<StoryRecord, K | 'story_id'>>> {
  const unique = [...new Set(storyIds)].filter((id) => id !== '');
  if (unique.length === 0) return new Map();
  const projection = Object.fromEntries([...fields, 'story_id'].map((f) => [f, 1]));
  const rows = await Story.find({ story_id: mongoose.trusted({ $in: unique }) }, projection).lean<
    Array<Pick<StoryRecord, K | 'story_id'>>
  >();
  return new Map(rows.map((r) => [r.story_id, r]));
}

/** Which stories a by-id read may return: by default any, deleted ones included (as the model stores them). */
export interface StoryLookup {
  /** Only the story of this creator. */
  uid?: string;
  /** Leave deleted stories out (`deleted_at: null`). */
  notDeleted?: boolean;
}

function storyFilter(storyId: string, lookup: StoryLookup | undefined): Record<string, unknown> {
  const filter: Record<string, unknown> = { story_id: storyId };
  if (lookup?.uid !== undefined) filter.uid = lookup.uid;
  if (lookup?.notDeleted) filter.deleted_at = null;
  return filter;
}

/**
 * One story by id in one query: the whole record, or only the fields asked for (nothing else comes back). Null when
 * there is none (or it does not match the lookup).
 */
export function storyById(storyId: string, fields?: undefined, lookup?: StoryLookup): Promise<StoryRecord | null>;
export function storyById<K extends keyof StoryRecord>(
  storyId: string,
  fields: readonly K[],
  lookup?: StoryLookup,
): Promise<Pick<StoryRecord, K> | null>;
export async function storyById(
  storyId: string,
  fields?: readonly (keyof StoryRecord)[],
  lookup?: StoryLookup,
): Promise<Partial<StoryRecord> | null> {
  const projection = fields ? Object.fromEntries(fields.map((f) => [f, 1])) : undefined;
  return Story.findOne(storyFilter(storyId, lookup), projection).lean<Partial<StoryRecord>>();
}

/** One version by id (of that story, when `storyId` is given), or null. */
export async function versionById(versionId: string, storyId?: string): Promise<StoryVersionRecord | null> {
  const filter: Record<string, unknown> = { version_id: versionId };
  if (storyId !== undefined) filter.story_id = storyId;
  return StoryVersion.findOne(filter).lean<StoryVersionRecord>();
}

/** How many stories a creator has: those not deleted, or every one ever made with `includeDeleted`. */
export async function countStories(uid: string, opts: { includeDeleted?: boolean } = {}): Promise<number> {
  return Story.countDocuments(opts.includeDeleted ? { uid } : { uid, deleted_at: null });
}

/** Whether this version is still the one the (not deleted) story waits to have reviewed. */
export async function isPendingVersion(storyId: string, versionId: string): Promise<boolean> {
  return (await Story.exists({ story_id: storyId, pending_version_id: versionId, deleted_at: null })) !== null;
}
