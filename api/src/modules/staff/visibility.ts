import mongoose from 'mongoose';
import { ErrorCode, REACH_EXCLUDES, storyReach, type SettableOperationStatus, type VisibilityTag } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { Story, storyById } from '../stories';
import { writeAudit } from './audit.service';

/**
 * Filters that mirror `storyReach` for the story listing's queries (a missing field matches `$nin`, so stories never
 * moderated are in).
 */
export function reachFilter(place: keyof typeof REACH_EXCLUDES): Record<string, unknown> {
  const ex = REACH_EXCLUDES[place];
  return {
    op_status: mongoose.trusted({ $nin: [...ex.op_status] }),
    visibility: mongoose.trusted({ $nin: [...ex.visibility] }),
  };
}

/** The feed's order: recommended stories first, mildly not recommended ones last, newest first within each. */
export const FEED_SORT = { feed_promoted: -1, feed_demoted: 1, updated_at: -1, story_id: -1 } as const;

export interface OperateInput {
  story_id: string;
  op_status?: SettableOperationStatus;
  /** null removes the tag. */
  visibility?: VisibilityTag | null;
}

/** The update that sets an operation status and/or a visibility tag, with the feed order they give. */
export function operationUpdate(
  current: { op_status?: string | null; visibility?: string | null },
  input: Pick<OperateInput, 'op_status' | 'visibility'>,
): { $set: Record<string, unknown>; $unset: Record<string, 1>; after: { op_status: string | null; visibility: string | null } } {
  const op = input.op_status ?? current.op_status ?? null;
  const vis = input.visibility === undefined ? (current.visibility ?? null) : input.visibility;
  const reach = storyReach(op, vis);
  const $set: Record<string, unknown> = {};
  const $unset: Record<string, 1> = {};
  if (op) $set.op_status = op;
  if (vis) $set.visibility = vis;
  else $unset.visibility = 1;
  if (reach.rank === 1) $set.feed_promoted = true;
  else $unset.feed_promoted = 1;
  if (reach.rank === -1) $set.feed_demoted = true;
  else $unset.feed_demoted = 1;
  return { $set, $unset, after: { op_status: op, visibility: vis } };
}

/**
 * Sets a story's operation status and/or visibility tag outside the review queue (a live story, a reported one),
 * audited with the state before and after. `action` names the audit entry.
 */
export async function operateStory(input: OperateInput, operatorUid: string, now: number, reason: string, action = 'story.operate') {
  if (input.op_status === undefined && input.visibility === undefined) {
    throw new AppError(ErrorCode.InvalidParam, 'Give an operation status or a visibility tag', { data: { field: 'op_status' } });
  }
  const story = await storyById(input.story_id, ['story_id', 'uid', 'op_status', 'visibility', 'story_name'], { notDeleted: true });
  if (!story) throw new AppError(ErrorCode.RecordNotFound, 'No such story');
  const update = operationUpdate(story, input);
  await Story.updateOne({ story_id: story.story_id }, { $set: update.$set, ...(Object.keys(update.$unset).length ? { $unset: update.$unset } : {}) }, { timestamps: false });
  const before = { op_status: story.op_status ?? null, visibility: story.visibility ?? null };
  await writeAudit({
    operator_uid: operatorUid,
    action,
    target_type: 'story',
    target_id: story.story_id,
    before,
    after: update.after,
    reason,
    at: new Date(now),
  });
  return { story_id: story.story_id, uid: story.uid, story_name: story.story_name, ...update.after, reach: storyReach(update.after.op_status, update.after.visibility) };
}
