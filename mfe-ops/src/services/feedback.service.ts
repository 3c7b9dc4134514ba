import { unwrap, type Envelope, type OpsFeedbackItem } from 'shared-kit';
import { type FeedbackStatus } from 'shared-kit/areas';
import { apiClient } from '../api/client';

export interface OpsFeedbackPage {
  list: OpsFeedbackItem[];
  has_more: boolean;
  next_offset: number;
}

/** The feedback queue: by status (absent: open and answered), oldest first. */
export function fetchFeedback(status: FeedbackStatus | '', offset = 0): Promise<OpsFeedbackPage> {
  return unwrap(apiClient.get<Envelope<OpsFeedbackPage>>('/ops/feedback/list', { params: { offset, count: 20, ...(status ? { status } : {}) } }));
}

/** Answers a feedback: the answer reaches its sender's inbox. */
export function answerFeedback(feedbackId: string, answer: string): Promise<OpsFeedbackItem> {
  return unwrap(apiClient.post<Envelope<OpsFeedbackItem>>('/ops/feedback/answer', { feedback_id: feedbackId, answer }));
}

export function closeFeedback(feedbackId: string): Promise<OpsFeedbackItem> {
  return unwrap(apiClient.post<Envelope<OpsFeedbackItem>>('/ops/feedback/close', { feedback_id: feedbackId }));
}
