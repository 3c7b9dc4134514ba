import mongoose from 'mongoose';
import { NoticeKind } from 'shared-kit';

/** One line of a person's inbox: someone replied, liked, followed or pinned; or a moderation notice (no actor). */
const noticeSchema = new mongoose.Schema(
  {
    notice_id: { type: String, required: true, unique: true },
    /** The recipient. */
    uid: { type: String, required: true },
    kind: { type: String, enum: Object.values(NoticeKind), required: true },
    actor_uid: { type: String, default: '' },
    story_id: { type: String, default: '' },
    story_name: { type: String, default: '' },
    comment_id: { type: String, default: '' },
    text: { type: String, default: '' },
    /** Sanction notices: the ban's end date. */
    until: { type: Date, default: null },
    /** Operators' mail: its title and a link into the app. */
    title: { type: String, default: '' },
    link: { type: String, default: '' },
    /** Receipt notices: the order it is for. */
    receipt: {
      type: new mongoose.Schema({ event: String, order_no: String, goods_id: String, amount: Number, currency: String }, { _id: false }),
      default: undefined,
    },
    read: { type: Boolean, default: false },
    /** The inbox, newest first (lib/keys.ts). */
    list_key: { type: String, required: true },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: false }, collection: 'notices' },
);
noticeSchema.index({ uid: 1, read: 1 });
noticeSchema.index({ uid: 1, list_key: 1 });
// A receipt is for one order and one event (paid, renewed, refunded): the inbox holds it once, however often its
// event is delivered and in however many processes.
noticeSchema.index({ 'receipt.order_no': 1, 'receipt.event': 1 }, { unique: true, partialFilterExpression: { 'receipt.order_no': { $exists: true } } });
export const Notice = mongoose.model('Notice', noticeSchema);

export interface NoticeReceipt {
  event: 'paid' | 'renewed' | 'refunded';
  order_no: string;
  goods_id: string;
  amount: number;
  currency: string;
}

export interface NoticeRecord {
  notice_id: string;
  uid: string;
  kind: NoticeKind;
  actor_uid: string;
  story_id: string;
  story_name: string;
  comment_id: string;
  text: string;
  until?: Date | null;
  title?: string;
  link?: string;
  receipt?: NoticeReceipt;
  read: boolean;
  list_key: string;
  created_at?: Date;
}
