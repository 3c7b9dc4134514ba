import {
  ErrorCode,
  StoryStatus,
  type StoryContent,
  type StoryReviewResult,
} from 'shared-kit';
import mongoose from 'mongoose';
import { AppError } from '../../lib/errors';
import { Story, storyById, versionById } from '../stories';
import { StoryVersion, type StoryVersionRecord } from '../stories';
import { applyVerdict, resultFromReasons, type Decision, type FieldReason } from '../review';
import { operationUpdate, ReviewClaim, writeAudit, type OperateInput } from '../staff';

/** How long a claim keeps other operators off a story. */
export const CLAIM_MS = 10 * 60 * 1000;

/** Where a story sits in the queue: waiting for the automated review, or flagged by it (Failed / Unqualified). */
const QUEUED = [StoryStatus.ToVerify, StoryStatus.Failed, StoryStatus.Unqualified] as number[];

/** The version a queued story is judged on: the one waiting for review, else the one the automation flagged. */
function judgedVersion(story: { pending_version_id?: string | null; reviewed_version_id?: string | null }): string | null {
  return story.pending_version_id ?? story.reviewed_version_id ?? null;
}

/** Stories in ToVerify or flagged by the automated review, oldest first, with their claim if one is held. */
export async function reviewQueue(now: number, count: number) {
  const stories = await Story.find({ status: mongoose.trusted({ $in: QUEUED }), deleted_at: null })
    .sort({ updated_at: 1 })
    .limit(count * 2)
    .lean();
  const claims = await ReviewClaim.find({ story_id: mongoose.trusted({ $in: stories.map((s) => s.story_id) }) }).lean();
  const byStory = new Map(claims.map((c) => [c.story_id, c]));
  const held = new Map(claims.filter((c) => c.locked_until.getTime() > now).map((c) => [c.story_id, c]));
  // A version an operator already decided is done: only a new publish brings the story back.
  const open = stories.filter((s) => {
    const v = judgedVersion(s);
    return v === null || byStory.get(s.story_id)?.decided_version_id !== v;
  });
  const versionIds = open.map((s) => judgedVersion(s)).filter((v): v is string => v !== null);
  const versions = await StoryVersion.find({ version_id: mongoose.trusted({ $in: versionIds }) }).lean<StoryVersionRecord[]>();
  const byId = new Map(versions.map((v) => [v.version_id, v]));
  return {
    list: open.slice(0, count).map((s) => {
      const versionId = judgedVersion(s);
      const v = versionId ? byId.get(versionId) : undefined;
      const claim = held.get(s.story_id);
      return {
        story_id: s.story_id,
        uid: s.uid,
        version_id: versionId ?? '',
        story_name: v?.content.story_name ?? s.story_name,
        status: s.status,
        review_result: (v?.review_result ?? null) as StoryReviewResult | null,
        review_notes: v?.review_notes ?? [],
        claimed_by: claim?.operator_uid ?? null,
        locked_until: claim?.locked_until.toISOString() ?? null,
        updated_at: (s as { updated_at?: Date }).updated_at?.toISOString() ?? '',
      };
    }),
  };
}

let indexes: Promise<unknown> | null = null;

/**
 * Locks a story for `CLAIM_MS`. The write matches only a free or expired lock, or one the caller already holds;
 * otherwise the upsert collides with the held lock on the unique story id, so two operators (in any process) never
 * both hold it.
 */
export async function claimStory(storyId: string, operatorUid: string, now: number) {
  indexes ??= ReviewClaim.init();
  await indexes;
  const story = await storyById(storyId, undefined, { notDeleted: true });
  const decided = await ReviewClaim.exists({ story_id: storyId, decided_version_id: judgedVersion(story ?? {}) ?? '' });
  if (!story || !QUEUED.includes(story.status) || decided) {
    throw new AppError(ErrorCode.RecordNotFound, 'The story is not waiting for review');
  }
  const until = new Date(now + CLAIM_MS);
  try {
    await ReviewClaim.findOneAndUpdate(
      { story_id: storyId, $or: [{ locked_until: mongoose.trusted({ $lte: new Date(now) }) }, { operator_uid: operatorUid }] },
      { $set: { operator_uid: operatorUid, locked_until: until } },
      { upsert: true },
    );
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    const other = await ReviewClaim.findOne({ story_id: storyId }).lean();
    throw new AppError(ErrorCode.BusinessError, 'Another operator is reviewing this story', {
      data: { reason: 'claimed', claimed_by: other?.operator_uid ?? null, locked_until: other?.locked_until.toISOString() ?? null },
    });
  }
  await writeAudit({
    operator_uid: operatorUid,
    action: 'review.claim',
    target_type: 'story',
    target_id: storyId,
    after: { locked_until: until.toISOString() },
    at: new Date(now),
  });
  const version = judgedVersion(story);
  const v = version ? await versionById(version) : null;
  return {
    story_id: storyId,
    version_id: version ?? '',
    status: story.status,
    locked_until: until.toISOString(),
    content: (v?.content ?? null) as StoryContent | null,
    review_result: v?.review_result ?? null,
    review_notes: v?.review_notes ?? [],
  };
}


export interface DecideInput {
  story_id: string;
  decision: 'Passed' | 'Failed' | 'Unqualified';
  reasons: FieldReason[];
  note: string;
  op_status?: OperateInput['op_status'];
  visibility?: OperateInput['visibility'];
}

const DECISION: Record<DecideInput['decision'], Decision> = {
  Passed: StoryStatus.Passed,
  Failed: StoryStatus.Failed,
  Unqualified: StoryStatus.Unqualified,
};

/**
 * The operator's verdict on the story they hold: Passed makes the judged version live; Failed and Unqualified give
 * the creator the per-field reasons, which the editor shows as the server's review results. Releases the claim.
 */
export async function decideStory(input: DecideInput, operatorUid: string, now: number) {
  const claim = await ReviewClaim.findOne({
    story_id: input.story_id,
    operator_uid: operatorUid,
    locked_until: mongoose.trusted({ $gt: new Date(now) }),
  }).lean();
  if (!claim) {
    throw new AppError(ErrorCode.BusinessError, 'Claim the story before deciding', { data: { reason: 'not_claimed' } });
  }
  const story = await storyById(input.story_id, undefined, { notDeleted: true });
  if (!story || !QUEUED.includes(story.status)) throw new AppError(ErrorCode.RecordNotFound, 'The story is not waiting for review');
  const versionId = judgedVersion(story);
  const version = versionId ? await versionById(versionId) : null;
  if (!version) throw new AppError(ErrorCode.RecordNotFound, 'The story has no version to review');
  const status = DECISION[input.decision];
  const passed = status === StoryStatus.Passed;
  if (passed && input.reasons.length > 0) {
    throw new AppError(ErrorCode.InvalidParam, 'A passed story has no field reasons');
  }
  if (!passed && input.reasons.length === 0) {
    throw new AppError(ErrorCode.InvalidParam, 'Give a reason for at least one field');
  }
  const result = resultFromReasons(version.content, input.reasons);
  const at = new Date(now);
  const operation =
    input.op_status !== undefined || input.visibility !== undefined
      ? operationUpdate(story as { op_status?: string | null; visibility?: string | null }, input)
      : null;
  const updated = await applyVerdict(story, version, { status, result, note: input.note, line: `operator ${operatorUid}: ${input.decision}`, operation }, at);
  if (!updated) {
    throw new AppError(ErrorCode.BusinessError, 'The story changed since it was claimed', { data: { reason: 'changed' } });
  }
  await ReviewClaim.updateOne(
    { story_id: story.story_id, operator_uid: operatorUid },
    { $set: { locked_until: at, decided_version_id: version.version_id } },
  );
  await writeAudit({
    operator_uid: operatorUid,
    action: 'review.decide',
    target_type: 'story',
    target_id: story.story_id,
    before: {
      status: story.status,
      version_id: version.version_id,
      review_result: version.review_result,
      ...(operation ? { op_status: (story as { op_status?: string }).op_status ?? null, visibility: (story as { visibility?: string }).visibility ?? null } : {}),
    },
    after: { status, version_id: version.version_id, reasons: input.reasons, ...operation?.after },
    reason: [input.note, ...input.reasons.map((r) => `${r.field}: ${r.reason}`)].filter(Boolean).join('; '),
    at,
  });
  return { story_id: story.story_id, uid: story.uid, version_id: version.version_id, status };
}
