import mongoose from 'mongoose';
import {
  CreatorStoryStatus,
  DisplayStatus,
  ErrorCode,
  normalizeStory,
  PublishType,
  StoryStatus,
  validateStory,
  type ForbiddenWords,
  type StoryContent,
  type StoryCreateRequest,
  type StoryCreateResponse,
} from 'shared-kit';
import { AppError } from '../../lib/errors';
import { isImageStyle } from '../config';
import { newNumericId } from '../../lib/ids';
import { cancelReviews, enqueueReview } from '../review';
import { ReviewJob } from '../review';
import { contentOf } from './story.presenter';
import { noStory, notOwner, ownStory, staleVersion, storyDeleted, storyEdited, storyInvalid } from '../stories';
import { Story, StoryVersion, countStories, storyById, versionById, type StoryPermission, type StoryRecord, type StoryVersionRecord } from '../stories';
import { assertVoicesPublishable } from '../voice';

export interface EditorDeps {
  forbidden: ForbiddenWords;
  /** Tells the review worker there is work (it would find it at its next poll anyway). */
  kickReview: () => void;
  now: () => number;
}

const isNew = (storyId: string | undefined): boolean => storyId === undefined || storyId === '0';

export interface PreparedSave {
  content: StoryContent;
  publish: boolean;
  existing: StoryRecord | null;
}

/**
 * Everything `story/create` checks before writing, shared with `check_create`: ownership, the base version, the
 * image style and the section 5 rules. Saving while a version is under review restarts the review, so such a save
 * is checked (and handled) as a publish.
 */
export async function prepareSave(
  uid: string,
  input: StoryCreateRequest,
  deps: EditorDeps,
): Promise<PreparedSave> {
  if (!input.user_manual_save && input.publish_type === PublishType.Publish) {
    throw new AppError(ErrorCode.ClientParamError, 'user_manual_save: An automatic save cannot publish');
  }
  const existing = isNew(input.story_id) ? null : await ownStory(uid, input.story_id as string);
  if (existing?.status === StoryStatus.AIGenDoing) {
    throw new AppError(ErrorCode.WrongStatusChange, 'This story is being generated: cancel the generation to edit it');
  }
  if (existing && !input.user_manual_save && existing.status === StoryStatus.ToVerify) {
    throw new AppError(ErrorCode.StoryVerifying, 'Draft version under review: save by hand to restart the review');
  }
  if (existing) {
    const base = input.version?.version_id;
    if (base === undefined || base !== existing.version_id) throw staleVersion(existing.version_id);
  }
  const code = input.image_generate_style?.code;
  if (code !== undefined && code !== '' && !isImageStyle(code)) {
    throw new AppError(ErrorCode.StyleNotExist, `image_generate_style.code: No image style "${code}"`);
  }
  const publish = input.publish_type === PublishType.Publish || existing?.status === StoryStatus.ToVerify;
  const content = normalizeStory(contentOf(input));
  const issues = validateStory(content, { mode: publish ? 'publish' : 'draft', forbidden: deps.forbidden });
  if (issues.length > 0) throw storyInvalid(issues);
  // A custom voice deleted, rejected or made private by its owner cannot go out with a new version.
  if (publish) await assertVoicesPublishable(uid, content);
  return { content, publish, existing };
}

/** The optional parts a save leaves out, removed from the stored story (an empty `$unset` is not sent). */
function absentOf(content: StoryContent): { $unset?: Record<string, 1> } {
  const unset: Record<string, 1> = {};
  for (const key of ['lorebook', 'edges', 'variables'] as const) if (content[key] === undefined) unset[key] = 1;
  return Object.keys(unset).length > 0 ? { $unset: unset } : {};
}

/** `story/create`: saves a draft or publishes. A publish writes an immutable version and queues its review. */
export async function saveStory(
  uid: string,
  input: StoryCreateRequest,
  deps: EditorDeps,
): Promise<StoryCreateResponse> {
  const { content, publish, existing } = await prepareSave(uid, input, deps);
  const now = deps.now();
  const storyId = existing?.story_id ?? newNumericId(now);
  const versionId = newNumericId(now);
  const status = publish ? StoryStatus.ToVerify : StoryStatus.Draft;

  // The version goes first: a story never points at a version that is not there.
  if (publish) {
    await StoryVersion.create({
      version_id: versionId,
      story_id: storyId,
      uid,
      content,
      status: StoryStatus.ToVerify,
    });
  }
  const fields = {
    ...content,
    ...(input.brain_storm_idea !== undefined ? { brain_storm_idea: input.brain_storm_idea } : {}),
    status,
    version_id: versionId,
    ...(publish ? { pending_version_id: versionId } : { pending_version_id: null }),
  };
  if (!existing) {
    await Story.create({ story_id: storyId, uid, ...fields });
  } else {
    // Atomic compare-and-set on the base version: of two saves from the same base, exactly one wins.
    const updated = await Story.findOneAndUpdate(
      { story_id: storyId, uid, version_id: existing.version_id, deleted_at: null },
      // A save without a lorebook (or graph) means the story has none (the editor always sends the one it has).
      { $set: fields, ...absentOf(content) },
      { new: true, projection: { version_id: 1 } },
    ).lean<{ version_id: string }>();
    if (!updated) {
      if (publish) await StoryVersion.deleteOne({ version_id: versionId });
      const current = await storyById(storyId, ['version_id']);
      throw staleVersion(current?.version_id ?? '');
    }
  }
  // Jobs of superseded versions stop here; the new version's job is queued next.
  if (existing?.pending_version_id) await cancelReviews(storyId);
  // Editing the content cancels an appeal of the rejected version still waiting (spec section 4; the sanction
  // module's hook).
  if (existing) await storyEdited(storyId, now);
  // Any earlier version still waiting for an operator is replaced by this save (the review queue's figures).
  if (existing) {
    await StoryVersion.updateMany(
      { story_id: storyId, version_id: mongoose.trusted({ $ne: versionId }), queue_left_at: null },
      { $set: { queue_left_at: new Date(now) } },
    );
  }
  if (publish) {
    await enqueueReview({ story_id: storyId, version_id: versionId, uid }, now);
    deps.kickReview();
  }
  return { story_id: storyId, version_id: versionId, status };
}

/** The version to show for `story/get`: the live one when the published story is asked for, else none (working copy). */
export async function readableStory(
  uid: string | null,
  storyId: string,
  displayStatus: string | undefined,
): Promise<{ story: StoryRecord; version: StoryVersionRecord | null }> {
  const story = await storyById(storyId);
  if (!story) throw noStory();
  if (story.deleted_at) throw storyDeleted();
  const owner = uid !== null && story.uid === uid;
  if (displayStatus === DisplayStatus.Published) {
    if (!story.live_version_id)
      throw owner
        ? new AppError(ErrorCode.PlayableVersionMissing, 'This story has no published version yet')
        : notOwner();
    const version = await versionById(story.live_version_id);
    if (!version)
      throw new AppError(ErrorCode.PlayableVersionMissing, 'This story has no published version yet');
    return { story, version };
  }
  if (!owner) throw notOwner();
  return { story, version: null };
}

const CREATOR_STATUS_FILTER: Record<string, number[]> = {
  [CreatorStoryStatus.Draft]: [
    StoryStatus.Draft,
    StoryStatus.Finished,
    StoryStatus.Packed,
    StoryStatus.AIGenDoing,
    StoryStatus.AIGenSuccess,
    StoryStatus.AIGenFailed,
  ],
  [CreatorStoryStatus.Verifying]: [StoryStatus.ToVerify],
  [CreatorStoryStatus.Passed]: [StoryStatus.Passed, StoryStatus.Released, StoryStatus.ReleasePacked],
  [CreatorStoryStatus.Failed]: [StoryStatus.Failed],
  [CreatorStoryStatus.Unqualified]: [StoryStatus.Unqualified],
};

/** My Story: pinned first, then the latest edited. Opening it clears the header's dot. */
export async function listStories(uid: string, q: { offset: number; count: number; status?: string }) {
  const filter: Record<string, unknown> = { uid, deleted_at: null };
  if (q.status) filter.status = mongoose.trusted({ $in: CREATOR_STATUS_FILTER[q.status] ?? [] });
  const [rows, total] = await Promise.all([
    Story.find(filter)
      .sort({ top_at: -1, updated_at: -1, story_id: -1 })
      .skip(q.offset)
      .limit(q.count)
      .lean<StoryRecord[]>(),
    Story.countDocuments(filter),
  ]);
  await Story.updateMany({ uid, unread: true }, { $set: { unread: false } }, { timestamps: false });
  return { rows, total, has_more: q.offset + rows.length < total, next_offset: q.offset + rows.length };
}

export async function hasUnread(uid: string): Promise<boolean> {
  return (await Story.exists({ uid, unread: true, deleted_at: null })) !== null;
}

/** Deleting takes the story off My Story and off play; its versions stay for the moderation record until the account goes. */
export async function deleteStory(uid: string, storyId: string, now: number): Promise<void> {
  await ownStory(uid, storyId);
  await Story.updateOne(
    { story_id: storyId, uid },
    {
      $set: {
        deleted_at: new Date(now),
        status: StoryStatus.Deleted,
        pending_version_id: null,
        live_version_id: null,
        top_at: null,
        unread: false,
      },
    },
  );
  await cancelReviews(storyId);
}

export async function setTop(uid: string, storyId: string, isTop: boolean, now: number): Promise<void> {
  await ownStory(uid, storyId);
  // Pinning is not an edit: it must not move the story's "updated" time.
  await Story.updateOne(
    { story_id: storyId, uid },
    { $set: { top_at: isTop ? new Date(now) : null } },
    { timestamps: false },
  );
}

/** Whether the creator has never made a story (the first-creation guide and event). */
export async function firstStory(uid: string) {
  const count = await countStories(uid, { includeDeleted: true });
  return { is_first: count === 0, story_count: count };
}

const permissionSet = (p: Partial<StoryPermission>): Record<string, boolean> => {
  const set: Record<string, boolean> = {};
  if (p.character_use !== undefined) set['permission.character_use'] = p.character_use;
  if (p.thread_share !== undefined) set['permission.thread_share'] = p.thread_share;
  return set;
};

export async function updatePermission(
  uid: string,
  storyId: string,
  p: Partial<StoryPermission>,
): Promise<StoryPermission> {
  await ownStory(uid, storyId);
  const updated = await Story.findOneAndUpdate(
    { story_id: storyId, uid },
    { $set: permissionSet(p) },
    { new: true, timestamps: false },
  ).lean<StoryRecord>();
  return updated?.permission ?? { character_use: true, thread_share: true };
}

/** All or nothing: one story that is not the caller's refuses the whole batch. */
export async function batchUpdatePermission(
  uid: string,
  storyIds: string[],
  p: Partial<StoryPermission>,
): Promise<number> {
  const ids = [...new Set(storyIds)];
  const owned = await Story.countDocuments({
    uid,
    story_id: mongoose.trusted({ $in: ids }),
    deleted_at: null,
  });
  if (owned !== ids.length) throw notOwner();
  const res = await Story.updateMany(
    { uid, story_id: mongoose.trusted({ $in: ids }) },
    { $set: permissionSet(p) },
    { timestamps: false },
  );
  return res.modifiedCount;
}

/** Account deletion: every story, version and review job of the user. */
export async function removeUserStories(uid: string): Promise<void> {
  await ReviewJob.deleteMany({ uid });
  await StoryVersion.deleteMany({ uid });
  await Story.deleteMany({ uid });
}
