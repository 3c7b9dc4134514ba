import mongoose from 'mongoose';
import { NoticeKind } from 'shared-kit';
import { liveStoryViews } from '../stories';
import type { EventBus } from '../../realtime/events';
import { newestById, pageRange, sequentialId, sortKey } from '../../lib/keys';
import { nobody, peopleOf } from '../users';
import { Notice, type NoticeReceipt, type NoticeRecord } from './notice.model';

let bus: EventBus | null = null;

/** The bus the inbox announces new notices on (the realtime module pushes them to the recipient's sockets). */
export function useNoticeBus(events: EventBus): void {
  bus = events;
}

export interface NewNotice {
  uid: string;
  kind: NoticeKind;
  actor_uid: string;
  story_id?: string;
  story_name?: string;
  comment_id?: string;
  text?: string;
  until?: Date | null;
  title?: string;
  link?: string;
  receipt?: NoticeReceipt;
}

/** Writes a notice to the recipient's inbox and announces it, so their unread dot lights at once. */
export async function notify(n: NewNotice): Promise<void> {
  const now = new Date();
  const notice_id = sequentialId(now.getTime());
  await Notice.create({
    notice_id,
    uid: n.uid,
    kind: n.kind,
    actor_uid: n.actor_uid,
    story_id: n.story_id ?? '',
    story_name: n.story_name ?? '',
    comment_id: n.comment_id ?? '',
    // A preview of someone's words; a moderation notice (no actor) keeps its reasons whole.
    text: (n.text ?? '').slice(0, n.actor_uid ? 200 : 1000),
    until: n.until ?? null,
    title: n.title ?? '',
    link: n.link ?? '',
    ...(n.receipt ? { receipt: n.receipt } : {}),
    list_key: sortKey(n.uid, newestById(notice_id)),
    created_at: now,
  });
  const unread = await Notice.countDocuments({ uid: n.uid, read: false });
  bus?.emit('notice.created', { uid: n.uid, notice_id, kind: n.kind, unread });
}

/**
 * Writes many system notices (no actor) at once, one insert for all, and announces each with its recipient's unread
 * count (one count for all): for jobs that tell many people (the weekly report).
 */
export async function notifyMany(list: Omit<NewNotice, 'actor_uid'>[]): Promise<void> {
  if (list.length === 0) return;
  const now = new Date();
  const rows = list.map((n) => {
    const notice_id = sequentialId(now.getTime());
    return {
      notice_id,
      uid: n.uid,
      kind: n.kind,
      actor_uid: '',
      story_id: n.story_id ?? '',
      story_name: n.story_name ?? '',
      comment_id: '',
      text: (n.text ?? '').slice(0, 1000),
      until: n.until ?? null,
      title: n.title ?? '',
      link: n.link ?? '',
      read: false,
      list_key: sortKey(n.uid, newestById(notice_id)),
      created_at: now,
    };
  });
  await Notice.insertMany(rows, { ordered: false });
  const unreadRows = await Notice.find({ uid: mongoose.trusted({ $in: [...new Set(list.map((n) => n.uid))] }), read: false }, { uid: 1, _id: 0 }).lean<{ uid: string }[]>();
  const unread = new Map<string, number>();
  for (const r of unreadRows) unread.set(r.uid, (unread.get(r.uid) ?? 0) + 1);
  for (const r of rows) bus?.emit('notice.created', { uid: r.uid, notice_id: r.notice_id, kind: r.kind, unread: unread.get(r.uid) ?? 1 });
}

/** Notices about the recipient's own version of a story (its review, its appeal): they name that version. */
const OWN_VERSION_KINDS: ReadonlySet<NoticeKind> = new Set([NoticeKind.ReviewPassed, NoticeKind.ReviewFailed, NoticeKind.AppealApproved, NoticeKind.AppealRejected]);

/**
 * The story name each notice shows, read now from the story's live (reviewed) version, so that a creator's later
 * rename shows only once it passed review. A story no longer shown to others keeps the name stored with the notice
 * (itself read from the live version when the notice was written).
 */
async function storyNames(uid: string, page: NoticeRecord[]): Promise<Map<string, string>> {
  const named = page.filter((r) => r.story_id && !OWN_VERSION_KINDS.has(r.kind));
  const views = await liveStoryViews(named.map((r) => r.story_id), uid);
  return new Map(named.flatMap((r) => {
    const view = views.get(r.story_id);
    return view ? [[r.notice_id, view.story_name] as const] : [];
  }));
}

export async function noticeList(uid: string, cursor: string | undefined, count: number) {
  const rows = await Notice.find({ uid, list_key: mongoose.trusted(pageRange(uid, cursor)) })
    .sort({ list_key: 1 })
    .limit(count + 1)
    .lean<NoticeRecord[]>();
  const page = rows.slice(0, count);
  const [people, names] = await Promise.all([peopleOf(page.map((r) => r.actor_uid)), storyNames(uid, page)]);
  const hasMore = rows.length > count;
  return {
    list: page.map((r) => ({
      notice_id: r.notice_id,
      kind: r.kind,
      actor: r.actor_uid ? (people.get(r.actor_uid) ?? nobody(r.actor_uid)) : null,
      story_id: r.story_id,
      story_name: names.get(r.notice_id) ?? r.story_name,
      comment_id: r.comment_id,
      text: r.text,
      until: r.until?.toISOString() ?? null,
      title: r.title ?? '',
      link: r.link ?? '',
      read: r.read,
      created_at: r.created_at?.toISOString() ?? null,
      ...(r.receipt ? { receipt: r.receipt } : {}),
    })),
    has_more: hasMore,
    cursor: hasMore ? page[page.length - 1]!.list_key : '',
    unread: await Notice.countDocuments({ uid, read: false }),
  };
}

/** Marks the given notices (or all) read; answers what is left unread. */
export async function markRead(uid: string, ids: string[] | undefined) {
  const filter = ids && ids.length > 0 ? { uid, notice_id: mongoose.trusted({ $in: ids }) } : { uid };
  await Notice.updateMany({ ...filter, read: false }, { $set: { read: true } });
  return { unread: await Notice.countDocuments({ uid, read: false }) };
}

export async function unreadCount(uid: string) {
  return { unread: await Notice.countDocuments({ uid, read: false }) };
}
