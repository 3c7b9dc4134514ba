import mongoose from 'mongoose';
import { AppealStatus, BanStatus, SanctionKind } from 'shared-kit';

const appealSchema = new mongoose.Schema(
  {
    status: { type: String, enum: Object.values(AppealStatus), default: AppealStatus.None },
    text: { type: String, default: '' },
    at: { type: Date, default: null },
    decided_at: { type: Date, default: null },
    decided_by: { type: String, default: '' },
    reason: { type: String, default: '' },
  },
  { _id: false },
);

/**
 * One sanction an operator gave an account (spec section 4): a warning, or a creation or login ban with its end date.
 * The account's `ban` (users) is derived from its sanctions in force after every change here (sanction.service.ts).
 * A ban ends by itself when `ends_at` passes (read as over from then on, no timer), or early when lifted.
 */
const sanctionSchema = new mongoose.Schema(
  {
    sanction_id: { type: String, required: true, unique: true },
    uid: { type: String, required: true },
    kind: { type: String, enum: Object.values(SanctionKind), required: true },
    days: { type: Number, required: true },
    reason: { type: String, required: true },
    operator_uid: { type: String, required: true },
    created_at: { type: Date, required: true },
    ends_at: { type: Date, default: null },
    /** Banned, then Appealing while an appeal waits, AppealFail once it is not approved; PreBan for a warning. */
    status: { type: String, enum: Object.values(BanStatus), required: true },
    lifted_at: { type: Date, default: null },
    lifted_by: { type: String, default: '' },
    lift_reason: { type: String, default: '' },
    appeal: { type: appealSchema, default: () => ({}) },
  },
  { collection: 'sanctions', versionKey: false, minimize: false },
);
sanctionSchema.index({ uid: 1, created_at: -1 });
sanctionSchema.index({ 'appeal.status': 1, 'appeal.at': 1 });
/** The dashboard's appeal queue over the last days. */
sanctionSchema.index({ 'appeal.at': 1 });
sanctionSchema.index({ 'appeal.decided_at': 1 });

export const Sanction = mongoose.model('Sanction', sanctionSchema);

export interface SanctionRecord {
  sanction_id: string;
  uid: string;
  kind: SanctionKind;
  days: number;
  reason: string;
  operator_uid: string;
  created_at: Date;
  ends_at: Date | null;
  status: BanStatus;
  lifted_at: Date | null;
  lifted_by: string;
  lift_reason: string;
  appeal: {
    status: AppealStatus;
    text: string;
    at: Date | null;
    decided_at: Date | null;
    decided_by: string;
    reason: string;
  };
}
