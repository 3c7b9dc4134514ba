import mongoose from 'mongoose';
import { ErrorCode, NoticeKind, type FeedbackItem, type OpsFeedbackItem } from 'shared-kit';
import { FEEDBACK_LIMITS, FeedbackStatus } from 'shared-kit/areas';
import { AppError, paramError } from '../../lib/errors';
import { sequentialId } from '../../lib/keys';
import { findMedia } from '../media';
import { notify } from '../notice';
import { usersByUid } from '../users';
import { Feedback, type FeedbackRecord } from './feedback.model';

/** Where the sender reads their feedback and its answers (the account's settings). */
export const FEEDBACK_PAGE = '/account/feedback';

function present(r: FeedbackRecord): FeedbackItem {
  return {
    feedback_id: r.feedback_id,
    text: r.text,
    screenshot_url: r.screenshot_id ? `/api/media/${r.screenshot_id}` : '',
    app_version: r.app_version,
    device: r.device,
    status: r.status,
    answers: r.answers.map((a) => ({ text: a.text, created_at: a.created_at.toISOString() })),
    created_at: r.created_at.toISOString(),
    closed_at: r.closed_at?.toISOString() ?? null,
  };
}

export interface SubmitInput {
  text: string;
  screenshot_id?: string;
  app_version: string;
  device: string;
}

/**
 * Sends feedback to the team. The screenshot must be a picture the sender uploaded for a screenshot (the upload's
 * own checks ran then): otherwise 1009 naming `screenshot_id`. More than FEEDBACK_LIMITS.perDay in a day: 1021002.
 */
export async function submitFeedback(uid: string, input: SubmitInput, now: number): Promise<FeedbackItem> {
  if (input.screenshot_id) {
    const media = await findMedia(input.screenshot_id);
    if (!media || media.meta.owner !== uid || media.meta.use !== 'screenshot') {
      throw paramError([{ path: 'screenshot_id', message: 'must be a screenshot you uploaded' }]);
    }
  }
  const today = await Feedback.countDocuments({ uid, created_at: mongoose.trusted({ $gte: new Date(now - 86_400_000) }) });
  if (today >= FEEDBACK_LIMITS.perDay) {
    throw new AppError(ErrorCode.TooManyToday, `You can send ${FEEDBACK_LIMITS.perDay} feedback a day: try again tomorrow`);
  }
  const made = await Feedback.create({
    feedback_id: sequentialId(now),
    uid,
    text: input.text,
    screenshot_id: input.screenshot_id ?? '',
    app_version: input.app_version,
    device: input.device,
    created_at: new Date(now),
  });
  return present(made.toObject() as unknown as FeedbackRecord);
}

function page<T>(rows: T[], offset: number, count: number) {
  return { list: rows.slice(0, count), has_more: rows.length > count, next_offset: offset + Math.min(rows.length, count) };
}

/** The sender's own feedback, newest first, with the team's answers. */
export async function myFeedback(uid: string, offset: number, count: number) {
  const rows = await Feedback.find({ uid }).sort({ created_at: -1 }).skip(offset).limit(count + 1).lean<FeedbackRecord[]>();
  const p = page(rows, offset, count);
  return { ...p, list: p.list.map(present) };
}

async function presentForOps(rows: FeedbackRecord[]): Promise<OpsFeedbackItem[]> {
  const people = await usersByUid(rows.map((r) => r.uid), ['nickname']);
  return rows.map((r) => ({ ...present(r), uid: r.uid, nickname: people.get(r.uid)?.nickname ?? '' }));
}

/** The console's queue: by status (absent: open and answered), oldest first. */
export async function opsFeedbackList(status: FeedbackStatus | undefined, offset: number, count: number) {
  const filter = status ? { status } : { status: mongoose.trusted({ $in: [FeedbackStatus.Open, FeedbackStatus.Answered] }) };
  const rows = await Feedback.find(filter).sort({ created_at: 1 }).skip(offset).limit(count + 1).lean<FeedbackRecord[]>();
  const p = page(rows, offset, count);
  return { ...p, list: await presentForOps(p.list) };
}

async function one(feedbackId: string): Promise<FeedbackRecord> {
  const r = await Feedback.findOne({ feedback_id: feedbackId }).lean<FeedbackRecord>();
  if (!r) throw new AppError(ErrorCode.RecordNotFound, 'No such feedback');
  return r;
}

/**
 * An operator answers: the answer is kept with the feedback (Answered) and reaches the sender's inbox. A closed
 * feedback takes no answer (1050003); unknown 1050001.
 */
export async function answerFeedback(operatorUid: string, feedbackId: string, answer: string, now: number): Promise<OpsFeedbackItem> {
  await one(feedbackId);
  const at = new Date(now);
  const updated = await Feedback.findOneAndUpdate(
    { feedback_id: feedbackId, status: mongoose.trusted({ $ne: FeedbackStatus.Closed }) },
    { $set: { status: FeedbackStatus.Answered }, $push: { answers: { text: answer, operator_uid: operatorUid, created_at: at } } },
    { new: true },
  ).lean<FeedbackRecord>();
  if (!updated) throw new AppError(ErrorCode.IllegalOperation, 'This feedback is closed', { data: { reason: 'closed' } });
  await notify({ uid: updated.uid, kind: NoticeKind.FeedbackAnswer, actor_uid: '', title: updated.text.slice(0, 60), text: answer, link: FEEDBACK_PAGE });
  const [shown] = await presentForOps([updated]);
  return shown!;
}

/** An operator closes a feedback (answered or not); closing again changes nothing. */
export async function closeFeedback(feedbackId: string, now: number): Promise<OpsFeedbackItem> {
  await one(feedbackId);
  await Feedback.updateOne({ feedback_id: feedbackId, status: mongoose.trusted({ $ne: FeedbackStatus.Closed }) }, { $set: { status: FeedbackStatus.Closed, closed_at: new Date(now) } });
  const [shown] = await presentForOps([await one(feedbackId)]);
  return shown!;
}
