import mongoose from 'mongoose';
import { REPORT_TARGETS, ReportStatus } from 'shared-kit/areas';

/**
 * One person's report of one target. `open_key` (reporter|type|target) is set only while the report is open, and is
 * unique: one open report per person per target, enforced by the database in any number of processes.
 */
const reportSchema = new mongoose.Schema(
  {
    report_id: { type: String, required: true, unique: true },
    reporter_uid: { type: String, required: true },
    target_type: { type: String, enum: REPORT_TARGETS, required: true },
    target_id: { type: String, required: true },
    target_name: { type: String, default: '' },
    case_id: { type: String, required: true },
    reason: { type: String, required: true },
    content: { type: [String], default: [] },
    details: { type: String, default: '' },
    status: { type: String, enum: Object.values(ReportStatus), default: ReportStatus.Open },
    outcome: { type: String, default: '' },
    open_key: { type: String },
    created_at: { type: Date, required: true },
    resolved_at: { type: Date, default: null },
  },
  { collection: 'reports', versionKey: false, minimize: false },
);
reportSchema.index({ open_key: 1 }, { unique: true, sparse: true });
reportSchema.index({ reporter_uid: 1, created_at: -1 });
reportSchema.index({ case_id: 1, status: 1 });
/** The dashboard's reports by reason over the last days. */
reportSchema.index({ created_at: 1 });
export const Report = mongoose.model('Report', reportSchema);

export interface ReportRecord {
  report_id: string;
  reporter_uid: string;
  target_type: string;
  target_id: string;
  target_name: string;
  case_id: string;
  reason: string;
  content: string[];
  details: string;
  status: string;
  outcome: string;
  created_at: Date;
  resolved_at: Date | null;
}

/**
 * The operators' queue item: every open report on one target, counted. `open_key` (type|target) is set while the
 * item is open and unique, so concurrent reports on a target land in the same item; a resolved item keeps its
 * history and a later report opens a new one.
 */
const caseSchema = new mongoose.Schema(
  {
    case_id: { type: String, required: true, unique: true },
    target_type: { type: String, required: true },
    target_id: { type: String, required: true },
    target_name: { type: String, default: '' },
    owner_uid: { type: String, default: '' },
    story_id: { type: String, default: '' },
    count: { type: Number },
    /** Open reports per reason (no defaults: an upsert increments both). */
    reasons: { type: mongoose.Schema.Types.Mixed },
    status: { type: String, enum: Object.values(ReportStatus), default: ReportStatus.Open },
    open_key: { type: String },
    first_at: { type: Date, required: true },
    last_at: { type: Date, required: true },
    resolution: {
      type: new mongoose.Schema(
        { action: String, operator_uid: String, note: String, at: Date, sanction: { type: String, default: '' } },
        { _id: false },
      ),
      default: null,
    },
  },
  { collection: 'report_cases', versionKey: false, minimize: false },
);
caseSchema.index({ open_key: 1 }, { unique: true, sparse: true });
caseSchema.index({ status: 1, count: -1, last_at: -1 });
caseSchema.index({ status: 1, last_at: -1 });
/** The dashboard's queue over the last days: items that came in or were resolved since a date. */
caseSchema.index({ first_at: 1 });
/** The console's account page: what was reported of one account. */
caseSchema.index({ owner_uid: 1, last_at: -1 });
caseSchema.index({ 'resolution.at': 1 });
export const ReportCase = mongoose.model('ReportCase', caseSchema);

export interface ReportCaseRecord {
  case_id: string;
  target_type: string;
  target_id: string;
  target_name: string;
  owner_uid: string;
  story_id: string;
  count: number;
  reasons: Record<string, number>;
  status: string;
  first_at: Date;
  last_at: Date;
  resolution: { action: string; operator_uid: string; note: string; at: Date; sanction?: string } | null;
}
