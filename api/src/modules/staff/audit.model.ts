import mongoose from 'mongoose';

/**
 * One operator action (append-only: the ops module only ever inserts here). Who, what, on which target, the state
 * before and after, the reason given, and when.
 */
const auditSchema = new mongoose.Schema(
  {
    operator_uid: { type: String, required: true, index: true },
    action: { type: String, required: true, index: true },
    target_type: { type: String, required: true },
    target_id: { type: String, required: true, index: true },
    before: { type: mongoose.Schema.Types.Mixed, default: null },
    after: { type: mongoose.Schema.Types.Mixed, default: null },
    reason: { type: String, default: '' },
    at: { type: Date, required: true, index: true },
  },
  { collection: 'ops_audit', minimize: false, versionKey: false },
);
auditSchema.index({ at: -1, _id: -1 });
/** The dashboard's decisions per operator: one action over the last days. */
auditSchema.index({ action: 1, at: 1 });

export const AuditEntry = mongoose.model('AuditEntry', auditSchema);

/** The lock an operator holds on a story under review; one document per story, taken by a conditional write. */
const claimSchema = new mongoose.Schema(
  {
    story_id: { type: String, required: true, unique: true },
    operator_uid: { type: String, required: true },
    locked_until: { type: Date, required: true },
    /** The version an operator last decided on: the story leaves the queue until a new version is published. */
    decided_version_id: { type: String, default: null },
  },
  { collection: 'ops_review_claims', versionKey: false },
);

export const ReviewClaim = mongoose.model('ReviewClaim', claimSchema);
