import {
  unwrap,
  type BadReason,
  type DialogueFeedbackResult,
  type DialogueStatusList,
  type Envelope,
  type FeedbackAttitude,
} from 'shared-kit';
import { apiClient } from '../api/client';

// The player's own marks on the AI's replies in play (docs/api.md, Likes and feedback).

const D = '/interact/dialogue';

export function likeReply(dialogueId: string, like: boolean): Promise<{ dialogue_id: string; liked: boolean; remark: string }> {
  return unwrap(apiClient.post<Envelope<{ dialogue_id: string; liked: boolean; remark: string }>>(`${D}/like`, { dialogue_id: dialogueId, like }, { silent: true }));
}

/** A remark on a reply (at most `COMMUNITY_LIMITS.remark`); it likes the reply. '' clears it. */
export function sendReplyRemark(dialogueId: string, remark: string): Promise<{ dialogue_id: string; liked: boolean; remark: string }> {
  return unwrap(
    apiClient.post<Envelope<{ dialogue_id: string; liked: boolean; remark: string }>>(`${D}/like_remark`, { dialogue_id: dialogueId, remark }, { silent: true }),
  );
}

export interface FeedbackDraft {
  attitude: FeedbackAttitude;
  bad_reasons: BadReason[];
  content: string;
}

export function sendReplyFeedback(dialogueId: string, draft: FeedbackDraft): Promise<DialogueFeedbackResult> {
  return unwrap(apiClient.post<Envelope<DialogueFeedbackResult>>(`${D}/feedback`, { dialogue_id: dialogueId, ...draft }, { silent: true }));
}

/** The viewer's like, remark and feedback on these replies (at most 100 ids). */
export function replyStatus(dialogueIds: string[]): Promise<DialogueStatusList> {
  return unwrap(apiClient.get<Envelope<DialogueStatusList>>(`${D}/status`, { params: { dialogue_ids: dialogueIds.join(',') }, silent: true }));
}
