import { ErrorCode } from 'shared-kit';
import { ReportStatus, type ReportTarget } from 'shared-kit/areas';
import { AppError } from '../../lib/errors';
import { sequentialId } from '../../lib/keys';
import { isDuplicateKey } from '../users';
import { Report, ReportCase, type ReportRecord } from './report.model';
import { reportableTarget } from './report.targets';

export interface ReportInput {
  target_id: string;
  reason: string;
  content: string[];
  details: string;
}

/**
 * Files a report: the target must be one the reporter can see and not their own (1050003 `own`); one open report per
 * person and target (1050004 `already_reported`). It joins the target's open queue item (made on the first report),
 * which counts the open reports and their reasons.
 */
export async function createReport(reporterUid: string, type: ReportTarget, input: ReportInput, now: number) {
  const target = await reportableTarget(type, input.target_id, reporterUid);
  if (target.owner_uid === reporterUid) {
    throw new AppError(ErrorCode.IllegalOperation, 'You cannot report your own content', { data: { reason: 'own' } });
  }
  const openKey = `${reporterUid}|${type}|${input.target_id}`;
  const already = () => new AppError(ErrorCode.DuplicateOperation, 'You have already reported this', { data: { reason: 'already_reported' } });
  if (await Report.exists({ open_key: openKey })) throw already();

  const at = new Date(now);
  const caseKey = `${type}|${input.target_id}`;
  let caseId = '';
  for (let attempt = 0; attempt < 3 && !caseId; attempt += 1) {
    try {
      const c = await ReportCase.findOneAndUpdate(
        { open_key: caseKey },
        {
          $inc: { count: 1, [`reasons.${input.reason}`]: 1 },
          $set: { last_at: at, target_name: target.name, owner_uid: target.owner_uid, story_id: target.story_id },
          $setOnInsert: { case_id: sequentialId(now), target_type: type, target_id: input.target_id, status: ReportStatus.Open, first_at: at },
        },
        { upsert: true, new: true, setDefaultsOnInsert: false },
      ).lean<{ case_id: string }>();
      caseId = c!.case_id;
    } catch (err) {
      // Two first reports at once: one upsert wins the unique open key, the other joins it on the next try.
      if (!isDuplicateKey(err)) throw err;
    }
  }
  if (!caseId) throw new AppError(ErrorCode.ConcurrentOperation);

  const reportId = sequentialId(now);
  try {
    await Report.create({
      report_id: reportId,
      reporter_uid: reporterUid,
      target_type: type,
      target_id: input.target_id,
      target_name: target.name,
      case_id: caseId,
      reason: input.reason,
      content: input.content,
      details: input.details,
      open_key: openKey,
      created_at: at,
    });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    // The same person's report raced this one: take back the count it added.
    await ReportCase.updateOne({ case_id: caseId }, { $inc: { count: -1, [`reasons.${input.reason}`]: -1 } });
    throw already();
  }
  return { report_id: reportId, status: ReportStatus.Open };
}

function presentMine(r: ReportRecord) {
  return {
    report_id: r.report_id,
    target_type: r.target_type,
    target_id: r.target_id,
    target_name: r.target_name ?? '',
    reason: r.reason,
    content: [...(r.content ?? [])],
    details: r.details ?? '',
    status: r.status,
    outcome: r.outcome ?? '',
    created_at: r.created_at.toISOString(),
    resolved_at: r.resolved_at ? r.resolved_at.toISOString() : null,
  };
}

/** `story_list`: the caller's reports, newest first, with their status and, once resolved, the outcome. */
export async function myReports(uid: string, offset: number, count: number) {
  const rows = await Report.find({ reporter_uid: uid })
    .sort({ created_at: -1, report_id: -1 })
    .skip(offset)
    .limit(count + 1)
    .lean<ReportRecord[]>();
  const page = rows.slice(0, count);
  return { list: page.map(presentMine), has_more: rows.length > count, next_offset: offset + page.length };
}
