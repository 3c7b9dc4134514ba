import mongoose from 'mongoose';
import { NoticeKind, UserIdentity, type opsMailRequestSchema, type opsPushRequestSchema } from 'shared-kit';
import type { z } from 'zod';
import type { EventBus } from '../../realtime/events';
import { newestById, sequentialId, sortKey } from '../../lib/keys';
import { Notice } from '../notice';
import { notify } from '../notice';
import { User } from '../users';
import { writeAudit } from '../staff';

/** Inbox rows written per insert when mail goes to everyone: the accounts are read and written a batch at a time. */
export const MAIL_BATCH = 500;

/** What `POST /api/ops/mail/send` validated (shared-kit's contract). */
export type SendInput = z.output<typeof opsMailRequestSchema>;

/** The signed-in accounts named by uid or User ID, and the names that match none. */
async function resolveUsers(named: string[]): Promise<{ uids: string[]; unknown: string[] }> {
  const keys = named.map((n) => n.toLowerCase());
  const rows = await User.find(
    { identity: UserIdentity.User, $or: [{ uid: mongoose.trusted({ $in: named }) }, { username_key: mongoose.trusted({ $in: keys }) }] },
    { uid: 1, username_key: 1 },
  ).lean<Array<{ uid: string; username_key?: string }>>();
  const found = new Set<string>();
  for (const r of rows) {
    found.add(r.uid);
    if (r.username_key) found.add(r.username_key);
  }
  return {
    uids: [...new Set(rows.map((r) => r.uid))],
    unknown: named.filter((n) => !found.has(n) && !found.has(n.toLowerCase())),
  };
}

function mailRow(uid: string, input: SendInput, mailId: string, at: Date) {
  const notice_id = sequentialId(Date.now());
  return {
    notice_id,
    uid,
    kind: NoticeKind.Mail,
    actor_uid: '',
    story_id: '',
    story_name: '',
    comment_id: mailId,
    text: input.text,
    title: input.title,
    link: input.link ?? '',
    until: null,
    read: false,
    list_key: sortKey(uid, newestById(notice_id)),
    created_at: at,
  };
}

/**
 * Mail from the operators to inboxes. To one account or a list: one notice each, announced to each recipient (the
 * unread dot with its count). To everyone: the accounts are read with a cursor and their notices inserted
 * `MAIL_BATCH` at a time, so no more than a batch is ever in memory, then one push tells every signed-in socket to
 * re-read its count. Each recipient gets a row of their own (rather than one shared row read by every inbox), so the
 * inbox stays one indexed read, read marks stay per person, and an account made later does not see older mail.
 */
export async function sendMail(input: SendInput, operatorUid: string, now: number, events: EventBus) {
  const at = new Date(now);
  const mailId = sequentialId(now);
  let sent = 0;
  let unknown: string[] = [];
  if (input.to === 'all') {
    let batch: ReturnType<typeof mailRow>[] = [];
    const cursor = User.find({ identity: UserIdentity.User }, { uid: 1 }).lean<{ uid: string }>().cursor({ batchSize: MAIL_BATCH });
    for await (const u of cursor) {
      batch.push(mailRow(u.uid, input, mailId, at));
      if (batch.length >= MAIL_BATCH) {
        await Notice.insertMany(batch, { ordered: false, lean: true });
        sent += batch.length;
        batch = [];
      }
    }
    if (batch.length > 0) {
      await Notice.insertMany(batch, { ordered: false, lean: true });
      sent += batch.length;
    }
    events.emit('mail.broadcast', { mail_id: mailId });
  } else {
    const resolved = await resolveUsers(input.users);
    unknown = resolved.unknown;
    for (const uid of resolved.uids) {
      await notify({ uid, kind: NoticeKind.Mail, actor_uid: '', comment_id: mailId, text: input.text, title: input.title, link: input.link ?? '' });
      sent += 1;
    }
  }
  await writeAudit({
    operator_uid: operatorUid,
    action: 'mail.send',
    target_type: 'mail',
    target_id: mailId,
    after: { to: input.to, users: input.users.slice(0, 100), sent, unknown, title: input.title, text: input.text, link: input.link ?? '' },
    reason: input.title,
    at,
  });
  return { mail_id: mailId, sent, unknown };
}

/**
 * A push to people online (nothing is stored for those offline): to every signed-in socket, or to the sockets of the
 * accounts named. It goes through the socket.io adapter, so sockets held by any api process receive it.
 */
export async function sendPush(input: z.output<typeof opsPushRequestSchema>, operatorUid: string, now: number, events: EventBus) {
  const at = new Date(now);
  const pushId = sequentialId(now);
  let accounts: number | null = null;
  let unknown: string[] = [];
  const push = { push_type: input.push_type, push_id: pushId, title: input.title, text: input.text, link: input.link ?? '' };
  if (input.to === 'all') {
    events.emit('push.sent', { uids: null, push });
  } else {
    const resolved = await resolveUsers(input.users);
    unknown = resolved.unknown;
    accounts = resolved.uids.length;
    events.emit('push.sent', { uids: resolved.uids, push });
  }
  await writeAudit({
    operator_uid: operatorUid,
    action: 'push.send',
    target_type: 'push',
    target_id: pushId,
    after: { to: input.to, users: input.users.slice(0, 100), accounts, unknown, push_type: input.push_type, title: input.title, text: input.text, link: input.link ?? '' },
    reason: input.title,
    at,
  });
  return { push_id: pushId, push_type: input.push_type, accounts, unknown };
}
