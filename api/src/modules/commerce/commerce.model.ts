import mongoose from 'mongoose';
import { OrderStatus, TradeType } from 'shared-kit/areas';

const orderSchema = new mongoose.Schema(
  {
    order_no: { type: String, required: true, unique: true },
    uid: { type: String, required: true },
    goods_id: { type: String, required: true },
    trade_type: { type: String, enum: Object.values(TradeType), required: true },
    status: { type: String, enum: Object.values(OrderStatus), required: true },
    /** '' for a grant. */
    currency: { type: String, default: '' },
    /** Integer, in the currency's minor unit. */
    amount: { type: Number, required: true },
    provider: { type: String, required: true },
    checkout_id: { type: String, default: '' },
    checkout_url: { type: String, default: '' },
    subscription_id: { type: String, default: '' },
    /** A renewal's invoice at the provider: one order per invoice however often its event comes. */
    invoice_id: { type: String },
    /** The provider's payment (a payment intent), for refunds. */
    payment_ref: { type: String, default: '' },
    /** `uid:goods_id` while the order is Open: one open order per plan and account (unique, sparse). */
    open_slot: { type: String },
    period_end: { type: Date, default: null },
    paid_at: { type: Date, default: null },
    refunded_at: { type: Date, default: null },
    /** The operator and reason of a grant or refund. */
    note: { type: String, default: '' },
    /** Receipts sent before the inbox kept one per order and event itself (no longer written; kept for old rows). */
    receipts: { type: [String], default: undefined },
    created_at: { type: Date, required: true },
  },
  { collection: 'trade_orders' },
);
orderSchema.index({ open_slot: 1 }, { unique: true, sparse: true });
orderSchema.index({ invoice_id: 1 }, { unique: true, sparse: true });
orderSchema.index({ uid: 1, created_at: -1 });
orderSchema.index({ subscription_id: 1 });
// The membership's end: the latest period of a paid order.
orderSchema.index({ uid: 1, status: 1, period_end: -1 });
export const TradeOrderModel = mongoose.model('TradeOrder', orderSchema);
export type OrderRow = mongoose.InferSchemaType<typeof orderSchema>;

const membershipSchema = new mongoose.Schema(
  {
    uid: { type: String, required: true, unique: true },
    /** The latest end of a paid (not refunded) period or grant; a past date is an expired membership. */
    valid_until: { type: Date, default: null },
    auto_renew: { type: Boolean, default: false },
    subscription_id: { type: String, default: '' },
    goods_id: { type: String, default: '' },
    currency: { type: String, default: '' },
    payment_failed: { type: Boolean, default: false },
    /** The provider's time (ms) of the last subscription event applied: an older one arriving late changes nothing. */
    sub_event_at: { type: Number, default: 0 },
    /** Bumped by every write: a recomputation writes only over the revision it read (two processes, one user). */
    rev: { type: Number, default: 0 },
    updated_at: { type: Date },
  },
  { collection: 'memberships' },
);
membershipSchema.index({ subscription_id: 1 });
export const MembershipModel = mongoose.model('Membership', membershipSchema);
export type MembershipRow = mongoose.InferSchemaType<typeof membershipSchema>;

/** One row per provider event: its unique `_id` makes an event apply once across every api process. */
const webhookEventSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    provider: { type: String, required: true },
    /** claimed while a process applies it; applied once written. A claim older than a minute may be taken over. */
    state: { type: String, enum: ['claimed', 'applied'], required: true },
    claimed_at: { type: Date, required: true },
    applied_at: { type: Date, default: null },
  },
  { collection: 'commerce_events' },
);
export const WebhookEventModel = mongoose.model('CommerceEvent', webhookEventSchema);
