import { ReportCase, type ReportCaseRecord } from './report.model';

/** A queue item as the console reads it. */
export function presentCase(c: ReportCaseRecord) {
  const reasons = Object.entries(c.reasons ?? {})
    .filter(([, n]) => typeof n === 'number' && n > 0)
    .map(([reason, n]) => ({ reason, count: n }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  return {
    case_id: c.case_id,
    target_type: c.target_type,
    target_id: c.target_id,
    target_name: c.target_name ?? '',
    owner_uid: c.owner_uid ?? '',
    story_id: c.story_id ?? '',
    count: c.count ?? 0,
    reasons,
    status: c.status,
    first_at: c.first_at.toISOString(),
    last_at: c.last_at.toISOString(),
    resolution: c.resolution
      ? {
          action: c.resolution.action,
          operator_uid: c.resolution.operator_uid,
          note: c.resolution.note ?? '',
          at: c.resolution.at.toISOString(),
          sanction: c.resolution.sanction ?? '',
        }
      : null,
  };
}

/** The queue items about an account's content or the account itself, newest report first (the console's account page). */
export async function reportsAgainst(uid: string, count = 50) {
  const rows = await ReportCase.find({ owner_uid: uid }).sort({ last_at: -1 }).limit(count).lean<ReportCaseRecord[]>();
  return rows.map(presentCase);
}
