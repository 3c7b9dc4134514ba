import { ErrorCode, NoticeKind, OperationStoryStatus, SANCTION_DAYS, SanctionKind, TemplateStatus } from 'shared-kit';
import { ReportAction, ReportStatus } from 'shared-kit/areas';
import { AppError } from '../../lib/errors';
import { Comment, type CommentRecord } from '../comment';
import { takeDownComment } from '../comment';
import { notify } from '../notice';
import { writeAudit } from '../staff';
import { operateStory } from '../staff';
import { giveSanction } from '../sanction';
import { Template } from '../template';
import { removeCollection } from '../collection';
import { removeThread } from '../thread';
import { presentCase, Report, ReportCase, targetView, type ReportCaseRecord, type ReportRecord } from '../report';

export type QueueSort = 'count' | 'newest';

/** Open items (or resolved ones), most reported first or newest report first, by offset. */
export async function reportQueue(status: ReportStatus, sort: QueueSort, offset: number, count: number) {
  const order = sort === 'count' ? { count: -1, last_at: -1, case_id: -1 } : { last_at: -1, case_id: -1 };
  const rows = await ReportCase.find({ status })
    .sort(order as Record<string, 1 | -1>)
    .skip(offset)
    .limit(count + 1)
    .lean<ReportCaseRecord[]>();
  const page = rows.slice(0, count);
  return { list: page.map(presentCase), has_more: rows.length > count, next_offset: offset + page.length };
}

async function findCase(caseId: string): Promise<ReportCaseRecord> {
  const c = await ReportCase.findOne({ case_id: caseId }).lean<ReportCaseRecord>();
  if (!c) throw new AppError(ErrorCode.RecordNotFound, 'No such report item');
  return c;
}

/** One item: the target as a player sees it now, and every report in it, newest first. */
export async function reportCase(caseId: string) {
  const c = await findCase(caseId);
  const [target, reports] = await Promise.all([
    targetView(c.target_type, c.target_id),
    Report.find({ case_id: caseId }).sort({ created_at: -1 }).limit(200).lean<ReportRecord[]>(),
  ]);
  return {
    case: presentCase(c),
    target,
    reports: reports.map((r) => ({
      report_id: r.report_id,
      reporter_uid: r.reporter_uid,
      reason: r.reason,
      content: [...(r.content ?? [])],
      details: r.details ?? '',
      created_at: r.created_at.toISOString(),
    })),
  };
}

export interface ResolveInput {
  case_id: string;
  action: ReportAction;
  note: string;
  /** With action Sanction: a warning (the default) or a ban and its length in days. */
  sanction?: { kind: SanctionKind; days: number };
}

/** What can be taken down by a report's resolution (topics have no module yet; a person is sanctioned). */
const REMOVABLE = new Set(['story', 'comment', 'template', 'collection', 'thread']);

/**
 * Resolves an open item once (a second operator racing gets 1050002): takes the content down (a story goes offline,
 * BreakUp; a comment Offline), or sanctions its author through the console's sanctions (a warning, a creation ban or
 * a login ban, which the author is told of in their inbox), or does nothing. Every report in it is resolved, each
 * reporter gets the result in their inbox, and the decision is audited.
 */
export async function resolveCase(input: ResolveInput, operatorUid: string, now: number) {
  const c = await findCase(input.case_id);
  if (c.status !== ReportStatus.Open) throw new AppError(ErrorCode.DuplicateOperation, 'This item is already resolved', { data: { reason: 'resolved' } });
  if (input.action === ReportAction.Remove && !REMOVABLE.has(c.target_type)) {
    throw new AppError(ErrorCode.InvalidParam, `A ${c.target_type} cannot be removed from here`, { data: { field: 'action' } });
  }
  const sanction = input.action === ReportAction.Sanction ? (input.sanction ?? { kind: SanctionKind.Warning, days: 0 }) : null;
  if (sanction) {
    if (!c.owner_uid) throw new AppError(ErrorCode.InvalidParam, 'This target has no author to sanction', { data: { field: 'action' } });
    if (c.owner_uid === operatorUid) throw new AppError(ErrorCode.IllegalOperation, 'You cannot sanction your own account');
    const allowed = SANCTION_DAYS[sanction.kind] as readonly number[];
    if (!allowed.includes(sanction.days)) {
      throw new AppError(ErrorCode.InvalidParam, `A ${sanction.kind} lasts ${allowed.join(', ')} days`, { data: { field: 'sanction.days', allowed } });
    }
  }
  const at = new Date(now);
  const claimed = await ReportCase.findOneAndUpdate(
    { case_id: c.case_id, status: ReportStatus.Open },
    {
      $set: {
        status: ReportStatus.Resolved,
        resolution: { action: input.action, operator_uid: operatorUid, note: input.note, at, sanction: sanction?.kind ?? '' },
      },
      $unset: { open_key: 1 },
    },
    { new: true },
  ).lean<ReportCaseRecord>();
  if (!claimed) throw new AppError(ErrorCode.ConcurrentOperation, 'Another operator resolved this item');

  const reason = input.note || `reports: ${c.count}`;
  let sanctionId = '';
  if (input.action === ReportAction.Remove && c.target_type === 'story') {
    await operateStory({ story_id: c.target_id, op_status: OperationStoryStatus.BreakUp }, operatorUid, now, reason, 'report.remove').catch((err: unknown) => {
      // The story was deleted by its creator meanwhile: nothing left to take down.
      if (!(err instanceof AppError && err.code === ErrorCode.RecordNotFound)) throw err;
    });
  } else if (input.action === ReportAction.Remove && c.target_type === 'comment') {
    const comment = await Comment.findOne({ comment_id: c.target_id }).lean<CommentRecord>();
    if (comment) {
      await takeDownComment(comment, operatorUid);
      await writeAudit({
        operator_uid: operatorUid,
        action: 'report.remove',
        target_type: 'comment',
        target_id: c.target_id,
        before: { status: comment.status },
        after: { status: 'Offline' },
        reason,
        at,
      });
    }
  } else if (input.action === ReportAction.Remove && c.target_type === 'template') {
    const before = await Template.findOneAndUpdate({ template_id: c.target_id }, { $set: { status: TemplateStatus.Offline } }).lean<{ status: string }>();
    await writeAudit({
      operator_uid: operatorUid,
      action: 'report.remove',
      target_type: 'template',
      target_id: c.target_id,
      before: { status: before?.status ?? null },
      after: { status: TemplateStatus.Offline },
      reason,
      at,
    });
  } else if (input.action === ReportAction.Remove && c.target_type === 'collection') {
    // Taken down for others; the owner is told in the inbox (collection.review.ts).
    await removeCollection(c.target_id, operatorUid, reason, now);
  } else if (input.action === ReportAction.Remove && c.target_type === 'thread') {
    // Taken down for others; the owner is told in the inbox (thread.read.ts).
    await removeThread(c.target_id, operatorUid, reason, now);
  } else if (sanction) {
    const given = await giveSanction(
      { uid: c.owner_uid, kind: sanction.kind, days: sanction.days, reason: input.note || `Reported ${c.target_type}: ${c.target_name}`.trim() },
      operatorUid,
      now,
    );
    sanctionId = given.sanction_id;
  }

  const reports = await Report.find({ case_id: c.case_id, status: ReportStatus.Open }, { reporter_uid: 1 }).lean<Array<{ reporter_uid: string }>>();
  await Report.updateMany(
    { case_id: c.case_id, status: ReportStatus.Open },
    { $set: { status: ReportStatus.Resolved, outcome: input.action, resolved_at: at }, $unset: { open_key: 1 } },
  );
  const reporters = [...new Set(reports.map((r) => r.reporter_uid))];
  for (const uid of reporters) {
    await notify({ uid, kind: NoticeKind.ReportResult, actor_uid: '', story_id: c.story_id, story_name: c.target_name, text: input.action });
  }
  await writeAudit({
    operator_uid: operatorUid,
    action: 'report.resolve',
    target_type: c.target_type,
    target_id: c.target_id,
    before: { status: ReportStatus.Open, count: c.count, reasons: c.reasons },
    after: { status: ReportStatus.Resolved, action: input.action, sanction: sanction ?? null, sanction_id: sanctionId || null, reporters: reporters.length },
    reason: input.note,
    at,
  });
  return { case: presentCase(claimed), notified: reporters.length };
}
