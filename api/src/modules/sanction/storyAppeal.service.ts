import { AppealStatus, ErrorCode, NoticeKind, StoryStatus, type StoryAppeal, type StoryAppealState } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { storyById, versionById, type StoryRecord } from '../stories';
import { sequentialId } from '../../lib/keys';
import { notify } from '../notice';
import { AuditEntry, ReviewClaim } from '../staff';
import { writeAudit } from '../staff';
import { applyVerdict, resultFromReasons } from '../review';
import { userByUid, usersByUid } from '../users';
import { reasonsOf } from '../review';
import { presentUserRow } from './sanction.service';
import { StoryAppealModel, type StoryAppealRecord } from './storyAppeal.model';

const REJECTED = [StoryStatus.Failed, StoryStatus.Unqualified] as number[];

export function presentStoryAppeal(a: StoryAppealRecord): StoryAppeal {
  return {
    appeal_id: a.appeal_id,
    kind: 'Story',
    story_id: a.story_id,
    version_id: a.version_id,
    uid: a.uid,
    story_name: a.story_name,
    text: a.text,
    reasons: [...(a.reasons ?? [])],
    status: a.status,
    at: a.at.toISOString(),
    decided_at: a.decided_at?.toISOString() ?? null,
    decided_by: a.decided_by ?? '',
    reason: a.reason ?? '',
  };
}

async function ownStory(uid: string, storyId: string): Promise<StoryRecord> {
  const story = await storyById(storyId, undefined, { uid, notDeleted: true });
  if (!story) throw new AppError(ErrorCode.RecordNotFound, 'No such story');
  return story;
}

/** The version an operator rejected, when the story still stands as judged (not edited since): else null. */
async function judged(story: StoryRecord): Promise<string | null> {
  const v = story.reviewed_version_id;
  if (!v || v !== story.version_id || story.pending_version_id) return null;
  return v;
}

/**
 * The appeal of the story's judged version while its content is unedited (none once edited), and whether the
 * creator may still appeal: rejected by an operator, unedited, never appealed.
 */
export async function storyAppealState(uid: string, storyId: string): Promise<StoryAppealState> {
  const story = await ownStory(uid, storyId);
  const version = await judged(story);
  const appeal = version ? await StoryAppealModel.findOne({ story_id: storyId, version_id: version }).lean<StoryAppealRecord>() : null;
  const byOperator =
    !!version && REJECTED.includes(story.status) && !!(await ReviewClaim.exists({ story_id: storyId, decided_version_id: version }));
  return {
    story_id: storyId,
    can_appeal: byOperator && !appeal,
    appeal: appeal && appeal.status !== AppealStatus.Cancelled ? presentStoryAppeal(appeal) : null,
  };
}

/**
 * The creator's one appeal of the version an operator rejected. Refused: another's or no story (1050001), a story
 * not rejected by an operator (1050003, reason `not_rejected`), edited since the rejection (1050003, `edited`), a
 * version appealed already (1050004, `appealed`).
 */
export async function appealStory(uid: string, storyId: string, text: string, now: number): Promise<StoryAppeal> {
  const story = await ownStory(uid, storyId);
  const v = story.reviewed_version_id;
  if (v && (await StoryAppealModel.exists({ story_id: storyId, version_id: v }))) {
    throw new AppError(ErrorCode.DuplicateOperation, 'This story has been appealed already', { data: { reason: 'appealed' } });
  }
  const version = v ? await versionById(v) : null;
  const byOperator = !!version && REJECTED.includes(version.status) && !!(await ReviewClaim.exists({ story_id: storyId, decided_version_id: v }));
  if (!byOperator) {
    throw new AppError(ErrorCode.IllegalOperation, 'Only a story an operator rejected can be appealed', { data: { reason: 'not_rejected' } });
  }
  if (!(await judged(story)) || !REJECTED.includes(story.status)) {
    throw new AppError(ErrorCode.IllegalOperation, 'The story was edited since it was rejected: publish it again instead', {
      data: { reason: 'edited' },
    });
  }
  try {
    const created = await StoryAppealModel.create({
      appeal_id: sequentialId(now),
      story_id: storyId,
      version_id: v!,
      uid,
      story_name: version?.content.story_name ?? story.story_name,
      text,
      reasons: reasonsOf(version?.review_result),
      status: AppealStatus.Pending,
      at: new Date(now),
    });
    return presentStoryAppeal(created.toObject() as unknown as StoryAppealRecord);
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    throw new AppError(ErrorCode.DuplicateOperation, 'This story has been appealed already', { data: { reason: 'appealed' } });
  }
}

/** Story appeals waiting for an operator, oldest first, with their creator. */
export async function storyAppealQueue(now: number, count: number) {
  const rows = await StoryAppealModel.find({ status: AppealStatus.Pending }).sort({ at: 1, _id: 1 }).limit(count).lean<StoryAppealRecord[]>();
  const byUid = await usersByUid(
    rows.map((r) => r.uid),
    ['nickname', 'username', 'phone', 'avatar', 'roles', 'ban', 'created_at'],
  );
  return rows.map((r) => {
    const u = byUid.get(r.uid);
    return { ...presentStoryAppeal(r), user: u ? presentUserRow(u, now) : null };
  });
}

/**
 * Approves a story appeal (the judged version becomes Passed and live, as a Passed review decision makes it) or
 * turns it down (the story stays rejected; it cannot be appealed again). Audited as `appeal.decide`; the creator is
 * told in the inbox. An appeal not waiting (decided, or cancelled by an edit): 1050003.
 */
export async function decideStoryAppeal(
  input: { story_id?: string; appeal_id?: string; decision: 'Approved' | 'Rejected'; reason: string },
  operatorUid: string,
  now: number,
): Promise<StoryAppeal> {
  const filter = input.appeal_id ? { appeal_id: input.appeal_id } : { story_id: input.story_id };
  const before = await StoryAppealModel.findOne({ ...filter, status: AppealStatus.Pending }).lean<StoryAppealRecord>();
  if (!before) {
    const any = await StoryAppealModel.exists(filter);
    if (!any) throw new AppError(ErrorCode.RecordNotFound, 'No such appeal');
    throw new AppError(ErrorCode.IllegalOperation, 'This appeal is not waiting for a decision');
  }
  const at = new Date(now);
  const approved = input.decision === 'Approved';
  if (approved) {
    const story = await storyById(before.story_id, undefined, { notDeleted: true });
    const version = await versionById(before.version_id);
    const made =
      story && version && story.version_id === before.version_id && REJECTED.includes(story.status)
        ? await applyVerdict(
            story,
            version,
            { status: StoryStatus.Passed, result: resultFromReasons(version.content, []), note: '', line: `operator ${operatorUid}: appeal approved` },
            at,
          )
        : null;
    if (!made) {
      await StoryAppealModel.updateOne({ appeal_id: before.appeal_id, status: AppealStatus.Pending }, { $set: { status: AppealStatus.Cancelled, decided_at: at } });
      throw new AppError(ErrorCode.IllegalOperation, 'The story changed since it was appealed', { data: { reason: 'changed' } });
    }
  }
  const updated = await StoryAppealModel.findOneAndUpdate(
    { appeal_id: before.appeal_id, status: AppealStatus.Pending },
    { $set: { status: approved ? AppealStatus.Approved : AppealStatus.Rejected, decided_at: at, decided_by: operatorUid, reason: input.reason } },
    { new: true },
  ).lean<StoryAppealRecord>();
  if (!updated) throw new AppError(ErrorCode.IllegalOperation, 'This appeal is not waiting for a decision');
  await writeAudit({
    operator_uid: operatorUid,
    action: 'appeal.decide',
    target_type: 'story',
    target_id: updated.story_id,
    before: { appeal_id: updated.appeal_id, version_id: updated.version_id, appeal: AppealStatus.Pending },
    after: { appeal_id: updated.appeal_id, version_id: updated.version_id, appeal: updated.status, ...(approved ? { status: StoryStatus.Passed } : {}) },
    reason: input.reason,
    at,
  });
  await notify({
    uid: updated.uid,
    kind: approved ? NoticeKind.AppealApproved : NoticeKind.AppealRejected,
    actor_uid: '',
    story_id: updated.story_id,
    story_name: updated.story_name,
    text: input.reason,
  });
  return presentStoryAppeal(updated);
}

/** What the audit log says of an operator's review decision: who decided, what, when, and the reasons given. */
interface DecisionEntry {
  operator_uid: string;
  after: { status?: number; reasons?: Array<{ field: string; reason: string }> } | null;
  reason?: string;
  at: Date;
}

/**
 * One version of a story as it was judged, read only (no claim): its content as players get it, the review result
 * (an operator's per-field reasons once one decided), the operator's decision from the audit log, the appeal of that
 * version if one was made, and whether the creator saved the story since. Unknown story or a version not of it:
 * 1050001.
 */
export async function storyVersionView(storyId: string, versionId: string, now: number) {
  const story = await storyById(storyId);
  const version = story ? await versionById(versionId, storyId) : null;
  if (!story || !version) throw new AppError(ErrorCode.RecordNotFound, 'No such story version');
  const [entry, appeal, owner] = await Promise.all([
    AuditEntry.findOne({ target_id: storyId, action: 'review.decide', 'after.version_id': versionId })
      .sort({ _id: -1 })
      .lean<DecisionEntry>(),
    StoryAppealModel.findOne({ story_id: storyId, version_id: versionId }).lean<StoryAppealRecord>(),
    userByUid(story.uid),
  ]);
  const operator = entry ? await userByUid(entry.operator_uid, ['nickname']) : null;
  const deleted = story.deleted_at !== null;
  return {
    story_id: storyId,
    version_id: versionId,
    uid: story.uid,
    user: owner ? presentUserRow(owner, now) : null,
    status: version.status,
    content: version.content,
    review_result: version.review_result ?? null,
    review_notes: [...(version.review_notes ?? [])],
    created_at: version.created_at.toISOString(),
    story: {
      status: story.status,
      version_id: story.version_id,
      live_version_id: story.live_version_id ?? null,
      deleted,
      updated_at: story.updated_at?.toISOString() ?? null,
    },
    /** The creator saved the story (draft or publish) after this version, or deleted it. */
    edited_since: deleted || story.version_id !== versionId,
    decision: entry
      ? {
          operator_uid: entry.operator_uid,
          operator_nickname: operator?.nickname ?? '',
          status: entry.after?.status ?? version.status,
          reasons: (entry.after?.reasons ?? []).map((r) => ({ field: r.field, reason: r.reason })),
          reason: entry.reason ?? '',
          at: entry.at.toISOString(),
        }
      : null,
    appeal: appeal ? presentStoryAppeal(appeal) : null,
  };
}
