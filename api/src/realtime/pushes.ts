import { PushType } from 'shared-kit';
import type { DomainEvents } from './events';

/** What a socket receives on the `push` event; `push_type` tells the client how to read the rest. */
export interface Push {
  push_type: PushType;
  [field: string]: unknown;
}

/** Event-to-push translations: the only place that decides what a user is told about a domain event. */
export const PUSH_RULES: {
  [K in keyof DomainEvents]: (e: DomainEvents[K]) => { uid: string; push: Push };
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
};
