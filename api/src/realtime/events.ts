import type { NoticeKind, PlanStatus, PushType, ResourceLimit, StoryStatus } from 'shared-kit';
import type { Logger } from '../lib/logger';

/**
 * Domain events, named `<entity>.<past-tense verb>`. Services emit them; the realtime module (and later jobs)
 * subscribe. Route handlers never push to sockets themselves.
 */
export interface DomainEvents {
  /** A story version finished the safety review. */
  'story.reviewed': { uid: string; story_id: string; version_id?: string; status: StoryStatus; passed: boolean };
  /** A bot (single-character story) finished the safety review. */
  'bot.reviewed': { uid: string; story_id: string; passed: boolean };
  /** A brainstorm generation plan moved on. */
  'plan.progressed': { uid: string; story_id: string; plan_id: string; status: PlanStatus; percent: number };
  /** A line reached someone's people inbox (a reply, like, follow or pin); `unread` counts their unread lines. */
  'notice.created': { uid: string; notice_id: string; kind: NoticeKind; unread: number };
  /** A story's like or visible-comment count moved; `comment_id` is a comment that just became visible, or ''. */
  'story.stats_changed': { story_id: string; like_count: number; comment_count: number; comment_id: string };
  /** Mail reached many inboxes at once (an operator's send to everyone): each signed-in socket re-reads its count. */
  'mail.broadcast': { mail_id: string };
  /** An operator's push to people online: every signed-in socket (`uids` null) or those accounts' sockets. */
  'push.sent': { uids: string[] | null; push: { push_type: PushType; push_id: string; title: string; text: string; link: string } };
  /** A custom voice's review job moved on: Reviewing with its percent, then Normal, or Reject with the reason. */
  'voice.progressed': { uid: string; voice_id: string; status: string; percent: number; reason: string };
  /** A play's video task moved on: Rendering with its percent, then Success, Fail (with the code) or Cancel. */
  'video.progressed': { uid: string; task_id: string; status: string; percent: number; error_code: number };
  /** A user reached a resource's daily limit, or has it again (TTS: spoken sentences). */
  'resource.limited': { uid: string; limit: ResourceLimit };
  /** Play time: the pre-warning before the end (closes_at), the end (reopens_at) or the reopening. */
  /** `reason`: what ends (or ended) play: the day's allowance or the allowed hours; null for the unban. */
  'anti_addiction.changed': { uid: string; code: number; reopens_at: string | null; closes_at: string | null; reason: 'allowance' | 'hours' | null };
}

export type DomainEventName = keyof DomainEvents;
type Listener<K extends DomainEventName> = (payload: DomainEvents[K]) => void | Promise<void>;

export interface EventBus {
  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void;
  /** Subscribes; returns the unsubscribe function. */
  on<K extends DomainEventName>(name: K, listener: Listener<K>): () => void;
}

/**
 * An in-process, typed event bus. A failing listener is logged and never breaks the emitter or the other
 * listeners: the event's producer has already done its work.
 */
export function createEventBus(logger: Logger): EventBus {
  const listeners = new Map<DomainEventName, Set<Listener<DomainEventName>>>();

  function report(name: DomainEventName, err: unknown): void {
    logger.error({ err, event: name }, 'event listener failed');
  }

  return {
    emit(name, payload) {
      for (const listener of listeners.get(name) ?? []) {
        try {
          const result = (listener as Listener<typeof name>)(payload);
          if (result instanceof Promise) result.catch((err: unknown) => report(name, err));
        } catch (err) {
          report(name, err);
        }
      }
    },
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
      }
      const stored = listener as Listener<DomainEventName>;
      set.add(stored);
      return () => {
        set.delete(stored);
      };
    },
  };
}
