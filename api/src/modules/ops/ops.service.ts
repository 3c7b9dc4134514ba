import {
  CharacterType,
  ErrorCode,
  invalidItem,
  StoryStatus,
  validItem,
  type ReviewItem,
  type StoryContent,
  type StoryReviewResult,
} from 'shared-kit';
import mongoose from 'mongoose';
import { AppError } from '../../lib/errors';
import { Story } from '../editor';
import { StoryVersion, type StoryVersionRecord } from '../editor';
import { AuditEntry, ReviewClaim } from './audit.model';
import { operationUpdate, type OperateInput } from './visibility';

/** How long a claim keeps other operators off a story. */
export const CLAIM_MS = 10 * 60 * 1000;

/** Where a story sits in the queue: waiting for the automated review, or flagged by it (Failed / Unqualified). */
const QUEUED = [StoryStatus.ToVerify, StoryStatus.Failed, StoryStatus.Unqualified] as number[];

export interface AuditInput {
  operator_uid: string;
  action: string;
  target_type: string;
  target_id: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
  at: Date;
}

export async function writeAudit(entry: AuditInput): Promise<void> {
  await AuditEntry.create({ before: null, after: null, reason: '', ...entry });
}

export interface AuditQuery {
  operator_uid?: string;
  action?: string;
  target_id?: string;
  q?: string;
  cursor?: string;
  count: number;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Newest first; filters combine. `q` matches the reason or the target. */
export async function searchAudit(query: AuditQuery) {
  const filter: Record<string, unknown> = {};
  if (query.operator_uid) filter.operator_uid = query.operator_uid;
  if (query.action) filter.action = query.action;
  if (query.target_id) filter.target_id = query.target_id;
  if (query.q) {
    const re = new RegExp(escape(query.q), 'i');
    filter.$or = [{ reason: re }, { target_id: re }];
  }
  if (query.cursor) filter._id = mongoose.trusted({ $lt: new mongoose.Types.ObjectId(query.cursor) });
  const rows = await AuditEntry.find(filter)
    .sort({ _id: -1 })
    .limit(query.count + 1)
    .lean();
  const page = rows.slice(0, query.count);
  return {
    list: page.map((r) => ({
      audit_id: String(r._id),
      operator_uid: r.operator_uid,
      action: r.action,
      target_type: r.target_type,
      target_id: r.target_id,
      before: (r.before ?? null) as unknown,
      after: (r.after ?? null) as unknown,
      reason: r.reason ?? '',
      at: r.at.toISOString(),
    })),
    has_more: rows.length > query.count,
    cursor: page.length > 0 ? String(page[page.length - 1]!._id) : '',
  };
}

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
  const story = await Story.findOne({ story_id: storyId, deleted_at: null }).lean();
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
  const v = version ? await StoryVersion.findOne({ version_id: version }).lean<StoryVersionRecord>() : null;
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

/** A field of the review result: `name`, `summary`, `prologue`, `introduction`, `player.character_name`,
 * `player.settings`, `characters.<id>.<name|settings|style|img>`, `nodes.<id>.<name|content|ending_content|img>`. */
export interface FieldReason {
  field: string;
  reason: string;
}

/** The review result an operator's decision gives: the named fields invalid with their reasons, the rest valid. */
export function resultFromReasons(content: StoryContent, reasons: FieldReason[]): StoryReviewResult {
  const map = new Map(reasons.map((r) => [r.field, r.reason]));
  const used = new Set<string>();
  const item = (field: string): ReviewItem => {
    const reason = map.get(field);
    if (reason === undefined) return validItem();
    used.add(field);
    return invalidItem(reason);
  };
  const result: StoryReviewResult = {
    characters: content.characters
      .filter((c) => c.type !== CharacterType.VoiceOver)
      .map((c) => ({
        character_id: c.character_id,
        img: item(`characters.${c.character_id}.img`),
        name: item(`characters.${c.character_id}.name`),
        settings: item(`characters.${c.character_id}.settings`),
        style: item(`characters.${c.character_id}.style`),
      })),
    nodes: content.nodes.map((n) => ({
      node_id: n.node_id,
      img: item(`nodes.${n.node_id}.img`),
      name: item(`nodes.${n.node_id}.name`),
      content: item(`nodes.${n.node_id}.content`),
      ending_content: item(`nodes.${n.node_id}.ending_content`),
    })),
    summary: item('summary'),
    name: item('name'),
    prologue: item('prologue'),
    introduction: item('introduction'),
    player: { character_name: item('player.character_name'), settings: item('player.settings') },
  };
  const unknown = reasons.filter((r) => !used.has(r.field)).map((r) => r.field);
  if (unknown.length > 0) {
    throw new AppError(ErrorCode.InvalidParam, `No such field in this story: ${unknown.join(', ')}`, {
      data: { fields: unknown },
    });
  }
  return result;
}

/**
 * Writes a verdict on the judged version, as a review decision does: Passed makes it live; Failed and Unqualified
 * give the creator the per-field reasons. Only while the story still waits on this version (an edit since
 * supersedes it): null then. Shared by the review decision and an approved story appeal.
 */
export async function applyVerdict(
  story: { story_id: string; status: number },
  version: StoryVersionRecord,
  v: { status: Decision; result: StoryReviewResult; note: string; line: string; operation?: ReturnType<typeof operationUpdate> | null },
  at: Date,
) {
  const passed = v.status === StoryStatus.Passed;
  const operation = v.operation ?? null;
  const updated = await Story.findOneAndUpdate(
    {
      story_id: story.story_id,
      deleted_at: null,
      status: story.status,
      $or: [{ pending_version_id: version.version_id }, { pending_version_id: null, reviewed_version_id: version.version_id }],
    },
    {
      $set: {
        status: v.status,
        review_result: v.result,
        reviewed_version_id: version.version_id,
        pending_version_id: null,
        unread: true,
        fail_msg: passed ? null : { code: 9001, msg: v.note || 'Content violation, edit and retry' },
        ...(passed ? { live_version_id: version.version_id } : {}),
        ...operation?.$set,
      },
      ...(operation && Object.keys(operation.$unset).length > 0 ? { $unset: operation.$unset } : {}),
    },
    { new: true },
  ).lean();
  if (!updated) return null;
  await StoryVersion.updateOne(
    { version_id: version.version_id },
    {
      $set: {
        status: v.status,
        review_result: v.result,
        review_notes: [...version.review_notes, v.line],
        reviewed_at: at,
        decided_at: at,
        queue_left_at: at,
      },
    },
  );
  return updated;
}

export type Decision = typeof StoryStatus.Passed | typeof StoryStatus.Failed | typeof StoryStatus.Unqualified;

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
  const story = await Story.findOne({ story_id: input.story_id, deleted_at: null }).lean();
  if (!story || !QUEUED.includes(story.status)) throw new AppError(ErrorCode.RecordNotFound, 'The story is not waiting for review');
  const versionId = judgedVersion(story);
  const version = versionId ? await StoryVersion.findOne({ version_id: versionId }).lean<StoryVersionRecord>() : null;
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
