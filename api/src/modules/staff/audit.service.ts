import mongoose from 'mongoose';
import { AuditEntry } from './audit.model';

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
