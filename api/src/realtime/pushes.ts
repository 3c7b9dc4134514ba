import { ErrorCode, NoticeKind, PushType, ResourceLimit } from 'shared-kit';
import { OPS_PUSH_FLAG } from 'shared-kit/areas';
import type { DomainEvents } from './events';

/** The spec's code of each resource limit push (TTS, ASR and LLM reached or recovered). */
const RESOURCE_LIMIT_CODES: Partial<Record<ResourceLimit, number>> = {
  [ResourceLimit.TTSReached]: ErrorCode.TtsLimit,
  [ResourceLimit.TTSRecovered]: ErrorCode.TtsRecover,
  [ResourceLimit.ASRReached]: ErrorCode.AsrLimit,
  [ResourceLimit.ASRRecovered]: ErrorCode.AsrRecover,
  [ResourceLimit.LLMReached]: ErrorCode.LlmLimit,
  [ResourceLimit.LLMRecovered]: ErrorCode.LlmRecover,
};

/** What a socket receives on the `push` event; `push_type` tells the client how to read the rest. */
export interface Push {
  push_type: PushType;
  [field: string]: unknown;
}

/**
 * Who a push goes to: one person's sockets, several people's, every socket watching a story's page, or every
 * signed-in socket (`everyone`).
 */
export type PushTarget =
  | { uid: string; push: Push }
  | { uids: string[]; push: Push }
  | { story_id: string; push: Push }
  | { everyone: true; push: Push };

/** Event-to-push translations: the only place that decides what a user is told about a domain event. */
export const PUSH_RULES: {
  [K in keyof DomainEvents]: (e: DomainEvents[K]) => PushTarget;
} = {
  'story.reviewed': (e) => ({
    uid: e.uid,
    push: {
      push_type: PushType.StoryReview,
      story_id: e.story_id,
      version_id: e.version_id,
      status: e.status,
      passed: e.passed,
    },
  }),
  'bot.reviewed': (e) => ({
    uid: e.uid,
    push: { push_type: PushType.BotReview, story_id: e.story_id, passed: e.passed },
  }),
  'plan.progressed': (e) => ({
    uid: e.uid,
    push: {
      push_type: PushType.Plan,
      plan_push_msg: { story_id: e.story_id, plan_id: e.plan_id, status: e.status, percent: e.percent },
    },
  }),
  'notice.created': (e) => ({
    uid: e.uid,
    push: { push_type: PushType.InnerPush, notice_id: e.notice_id, kind: e.kind, unread: e.unread },
  }),
  'mail.broadcast': (e) => ({ everyone: true, push: { push_type: PushType.InnerPush, kind: NoticeKind.Mail, mail_id: e.mail_id } }),
  'push.sent': (e) => {
    const push = { ...e.push, [OPS_PUSH_FLAG]: true };
    return e.uids === null ? { everyone: true, push } : { uids: e.uids, push };
  },
  'story.stats_changed': (e) => ({
    story_id: e.story_id,
    push: {
      push_type: PushType.RefreshFeed,
      story_id: e.story_id,
      like_count: e.like_count,
      comment_count: e.comment_count,
      comment_id: e.comment_id,
    },
  }),
  'voice.progressed': (e) => ({
    uid: e.uid,
    push: { push_type: PushType.TaskProgress, task: 'ugc_voice', voice_id: e.voice_id, status: e.status, percent: e.percent, reason: e.reason },
  }),
  'video.progressed': (e) => ({
    uid: e.uid,
    push: { push_type: PushType.TaskProgress, task: 'video', task_id: e.task_id, status: e.status, percent: e.percent, error_code: e.error_code },
  }),
  'resource.limited': (e) => ({
    uid: e.uid,
    push: {
      push_type: PushType.ResourceLimit,
      resource_limit: e.limit,
      status_code: RESOURCE_LIMIT_CODES[e.limit] ?? ErrorCode.TtsLimit,
    },
  }),
  'anti_addiction.changed': (e) => ({
    uid: e.uid,
    push: { push_type: PushType.AntiAddiction, status_code: e.code, reopens_at: e.reopens_at, closes_at: e.closes_at, reason: e.reason },
  }),
};
