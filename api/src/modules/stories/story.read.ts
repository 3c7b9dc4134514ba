import mongoose from 'mongoose';
import { Story, type StoryRecord } from './story.model';

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
