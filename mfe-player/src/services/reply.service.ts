import {
  unwrap,
  type DialogueFeedbackRequest,
  type DialogueFeedbackResult,
  type DialogueLikeRequest,
  type DialogueRemarkRequest,
  type DialogueStatusList,
  type DialogueStatusQuery,
  type Envelope,
  type FeedbackDraft,
} from 'shared-kit';
import { apiClient } from '../api/client';

// The player's own marks on the AI's replies in play (docs/api.md, Likes and feedback).

const D = '/interact/dialogue';

export function likeReply(dialogueId: string, like: boolean): Promise<{ dialogue_id: string; liked: boolean; remark: string }> {
  return unwrap(apiClient.post<Envelope<{ dialogue_id: string; liked: boolean; remark: string }>>(`${D}/like`, { dialogue_id: dialogueId, like } satisfies DialogueLikeRequest, { silent: true }));
}

/** A remark on a reply (at most `COMMUNITY_LIMITS.remark`); it likes the reply. '' clears it. */
export function sendReplyRemark(dialogueId: string, remark: string): Promise<{ dialogue_id: string; liked: boolean; remark: string }> {
  return unwrap(
    apiClient.post<Envelope<{ dialogue_id: string; liked: boolean; remark: string }>>(`${D}/like_remark`, { dialogue_id: dialogueId, remark } satisfies DialogueRemarkRequest, { silent: true }),
  );
}

export type { FeedbackDraft };

export function sendReplyFeedback(dialogueId: string, draft: FeedbackDraft): Promise<DialogueFeedbackResult> {
  return unwrap(apiClient.post<Envelope<DialogueFeedbackResult>>(`${D}/feedback`, { dialogue_id: dialogueId, ...draft } satisfies DialogueFeedbackRequest, { silent: true }));
}

/** The viewer's like, remark and feedback on these replies (at most 100 ids). */
export function replyStatus(dialogueIds: string[]): Promise<DialogueStatusList> {
  return unwrap(apiClient.get<Envelope<DialogueStatusList>>(`${D}/status`, { params: { dialogue_ids: dialogueIds.join(',') } satisfies DialogueStatusQuery, silent: true }));
}
