import mongoose from 'mongoose';
import { reportsAgainst } from '../report';
import {
  AppealStatus,
  BanStatus,
  ErrorCode,
  NoticeKind,
  SANCTION_DAYS,
  SanctionKind,
  UserIdentity,
  type OpsUserRow,
  type Sanction as SanctionView,
} from 'shared-kit';
import { AppError } from '../../lib/errors';
import { Story } from '../stories';
import { notify } from '../notice';
import { writeAudit } from '../staff';
import { effectiveBanStatus } from '../../lib/ban';
import { sequentialId } from '../../lib/keys';
import { User, userByUid, usersByUid } from '../users';
import { Sanction, type SanctionRecord } from './sanction.model';

const DAY_MS = 24 * 60 * 60 * 1000;

type UserLike = {
  uid: string;
  nickname: string;
  username?: string | null;
  phone?: string | null;
  avatar?: string | null;
  roles: string[];
  ban?: { status?: string | null; login_until?: Date | null; creation_until?: Date | null; reason?: string | null } | null;
  created_at?: Date;
};

/** A ban in force at `now`: not lifted and not past its end date. A warning stands until lifted. */
export function inForce(s: Pick<SanctionRecord, 'kind' | 'lifted_at' | 'ends_at'>, now: number): boolean {
  if (s.lifted_at) return false;
  if (s.kind === SanctionKind.Warning) return true;
  return !!s.ends_at && s.ends_at.getTime() > now;
}

/** A sanction's state as read at `now`: a ban past its date or lifted reads Normal, whatever was stored. */
function statusAt(s: SanctionRecord, now: number): BanStatus {
  return inForce(s, now) ? s.status : BanStatus.Normal;
}

export function presentSanction(s: SanctionRecord, now: number): SanctionView {
  const active = inForce(s, now);
  return {
    sanction_id: s.sanction_id,
    uid: s.uid,
    kind: s.kind,
    days: s.days,
    reason: s.reason,
    operator_uid: s.operator_uid,
    created_at: s.created_at.toISOString(),
    ends_at: s.ends_at?.toISOString() ?? null,
    status: statusAt(s, now),
    active,
    lifted_at: s.lifted_at?.toISOString() ?? null,
    lifted_by: s.lifted_by ?? '',
    lift_reason: s.lift_reason ?? '',
    appeal: {
      status: s.appeal?.status ?? AppealStatus.None,
      text: s.appeal?.text ?? '',
      at: s.appeal?.at?.toISOString() ?? null,
      decided_at: s.appeal?.decided_at?.toISOString() ?? null,
      decided_by: s.appeal?.decided_by ?? '',
      reason: s.appeal?.reason ?? '',
    },
    can_appeal: active && s.kind !== SanctionKind.Warning && (s.appeal?.status ?? AppealStatus.None) === AppealStatus.None,
  };
}

export function presentUserRow(u: UserLike, now: number): OpsUserRow {
  const until = (d: Date | null | undefined) => (d && d.getTime() > now ? d.toISOString() : null);
  return {
    uid: u.uid,
    nickname: u.nickname,
    username: u.username ?? '',
    phone: u.phone ?? null,
    avatar: u.avatar ?? '',
    roles: [...u.roles],
    ban_status: effectiveBanStatus(u, now),
    login_until: until(u.ban?.login_until),
    creation_until: until(u.ban?.creation_until),
    created_at: u.created_at?.toISOString() ?? null,
  };
}

const latest = (a: Date | null, b: Date | null): Date | null => (!a ? b : !b ? a : a > b ? a : b);

/**
 * Writes the account's `ban` from its sanctions in force: the latest end date of each kind of ban, and the state of
 * the newest ban in force (Banned, Appealing, AppealFail), else PreBan while a warning stands, else Normal. The
 * write goes through the users model, so every api process drops its cached copy of the account at once.
 */
export async function syncBan(uid: string, now: number) {
  const rows = await Sanction.find({ uid, lifted_at: null }).sort({ created_at: 1, _id: 1 }).lean<SanctionRecord[]>();
  const live = rows.filter((s) => inForce(s, now));
  let login: Date | null = null;
  let creation: Date | null = null;
  for (const s of live) {
    if (s.kind === SanctionKind.LoginBan) login = latest(login, s.ends_at);
    if (s.kind === SanctionKind.CreationBan) creation = latest(creation, s.ends_at);
  }
  const bans = live.filter((s) => s.kind !== SanctionKind.Warning);
  const newest = bans[bans.length - 1];
  const warned = live.some((s) => s.kind === SanctionKind.Warning);
  const ban = newest
    ? { status: newest.status, login_until: login, creation_until: creation, reason: newest.reason }
    : { status: warned ? BanStatus.PreBan : BanStatus.Normal, login_until: null, creation_until: null, reason: warned ? live[live.length - 1]!.reason : null };
  await User.updateOne({ uid }, { $set: { ban } });
  return ban;
}

export interface SanctionInput {
  uid: string;
  kind: SanctionKind;
  days: number;
  reason: string;
}

/**
 * Warns or bans an account. The write to the account bumps its sessions' revision, so every api process reads the
 * ban on the account's next request: a login-banned session gets 1015 with the end date, and is then ended.
 */
export async function giveSanction(input: SanctionInput, operatorUid: string, now: number): Promise<SanctionView> {
  const allowed = SANCTION_DAYS[input.kind] as readonly number[];
  if (!allowed.includes(input.days)) {
    throw new AppError(ErrorCode.InvalidParam, `A ${input.kind} lasts ${allowed.join(', ')} days`, {
      data: { field: 'days', allowed },
    });
  }
  if (input.uid === operatorUid) throw new AppError(ErrorCode.IllegalOperation, 'You cannot sanction your own account');
  const user = await userByUid(input.uid);
  if (!user || user.identity !== UserIdentity.User) throw new AppError(ErrorCode.RecordNotFound, 'No such account');
  const at = new Date(now);
  const warning = input.kind === SanctionKind.Warning;
  const created = await Sanction.create({
    sanction_id: sequentialId(now),
    uid: input.uid,
    kind: input.kind,
    days: input.days,
    reason: input.reason,
    operator_uid: operatorUid,
    created_at: at,
    ends_at: warning ? null : new Date(now + input.days * DAY_MS),
    status: warning ? BanStatus.PreBan : BanStatus.Banned,
  });
  const record = created.toObject() as unknown as SanctionRecord;
  const after = await syncBan(input.uid, now);
  await writeAudit({
    operator_uid: operatorUid,
    action: 'user.sanction',
    target_type: 'user',
    target_id: input.uid,
    before: banOf(user),
    after: { sanction_id: record.sanction_id, kind: input.kind, days: input.days, ends_at: record.ends_at?.toISOString() ?? null, ban: after },
    reason: input.reason,
    at,
  });
  await notify({ uid: input.uid, kind: NoticeKind.Sanction, actor_uid: '', text: input.reason, until: record.ends_at });
  return presentSanction(record, now);
}

function banOf(user: UserLike) {
  return {
    status: user.ban?.status ?? BanStatus.Normal,
    login_until: user.ban?.login_until?.toISOString() ?? null,
    creation_until: user.ban?.creation_until?.toISOString() ?? null,
  };
}

async function found(sanctionId: string): Promise<SanctionRecord> {
  const s = await Sanction.findOne({ sanction_id: sanctionId }).lean<SanctionRecord>();
  if (!s) throw new AppError(ErrorCode.RecordNotFound, 'No such sanction');
  return s;
}

/** Ends a sanction in force early. Lifting one that has ended or was lifted already: 1050003. */
export async function liftSanction(sanctionId: string, reason: string, operatorUid: string, now: number): Promise<SanctionView> {
  const before = await found(sanctionId);
  const at = new Date(now);
  const live = before.kind === SanctionKind.Warning ? {} : { ends_at: mongoose.trusted({ $gt: at }) };
  const lifted = await Sanction.findOneAndUpdate(
    { sanction_id: sanctionId, lifted_at: null, ...live },
    { $set: { lifted_at: at, lifted_by: operatorUid, lift_reason: reason, status: BanStatus.Normal } },
    { new: true },
  ).lean<SanctionRecord>();
  if (!lifted) throw new AppError(ErrorCode.IllegalOperation, 'This sanction is no longer in force');
  const ban = await syncBan(lifted.uid, now);
  await writeAudit({
    operator_uid: operatorUid,
    action: 'user.lift',
    target_type: 'user',
    target_id: lifted.uid,
    before: { sanction_id: sanctionId, kind: before.kind, status: before.status, ends_at: before.ends_at?.toISOString() ?? null },
    after: { sanction_id: sanctionId, status: BanStatus.Normal, ban },
    reason,
    at,
  });
  await notify({ uid: lifted.uid, kind: NoticeKind.SanctionLifted, actor_uid: '', text: reason });
  return presentSanction(lifted, now);
}

/** The user's own standing: what is in force now, the warnings that stand, and each one's appeal. */
export async function mySanctions(user: UserLike, now: number) {
  const rows = await Sanction.find({ uid: user.uid, lifted_at: null }).sort({ created_at: -1, _id: -1 }).limit(50).lean<SanctionRecord[]>();
  const row = presentUserRow(user, now);
  return {
    status: row.ban_status,
    login_until: row.login_until,
    creation_until: row.creation_until,
    list: rows.filter((s) => inForce(s, now)).map((s) => presentSanction(s, now)),
  };
}

/**
 * The user's one appeal of a ban in force, with a text. A second appeal (1050004), an appeal of a warning, of a ban
 * lifted or over (1050003) are refused.
 */
export async function appealSanction(uid: string, sanctionId: string, text: string, now: number): Promise<SanctionView> {
  const at = new Date(now);
  const updated = await Sanction.findOneAndUpdate(
    {
      sanction_id: sanctionId,
      uid,
      kind: mongoose.trusted({ $ne: SanctionKind.Warning }),
      lifted_at: null,
      ends_at: mongoose.trusted({ $gt: at }),
      'appeal.status': AppealStatus.None,
    },
    { $set: { status: BanStatus.Appealing, appeal: { status: AppealStatus.Pending, text, at, decided_at: null, decided_by: '', reason: '' } } },
    { new: true },
  ).lean<SanctionRecord>();
  if (!updated) {
    const s = await Sanction.findOne({ sanction_id: sanctionId, uid }).lean<SanctionRecord>();
    if (!s) throw new AppError(ErrorCode.RecordNotFound, 'No such sanction');
    if ((s.appeal?.status ?? AppealStatus.None) !== AppealStatus.None) {
      throw new AppError(ErrorCode.DuplicateOperation, 'This sanction has been appealed already', { data: { reason: 'appealed' } });
    }
    throw new AppError(ErrorCode.IllegalOperation, 'This sanction cannot be appealed', { data: { reason: 'not_in_force' } });
  }
  await syncBan(uid, now);
  return presentSanction(updated, now);
}

/** Appeals waiting for an operator, oldest first, for bans still in force, with their account. */
export async function appealQueue(now: number, count: number) {
  const rows = await Sanction.find({
    'appeal.status': AppealStatus.Pending,
    lifted_at: null,
    ends_at: mongoose.trusted({ $gt: new Date(now) }),
  })
    .sort({ 'appeal.at': 1, _id: 1 })
    .limit(count)
    .lean<SanctionRecord[]>();
  const byUid = await usersByUid(
    rows.map((r) => r.uid),
    ['nickname', 'username', 'phone', 'avatar', 'roles', 'ban', 'created_at'],
  );
  return {
    list: rows.map((r) => {
      const u = byUid.get(r.uid);
      return { ...presentSanction(r, now), user: u ? presentUserRow(u, now) : null };
    }),
  };
}

/**
 * Approves an appeal (the sanction is lifted) or turns it down (AppealFail: the ban stands until its date). The user
 * is told in the inbox either way. An appeal already decided, or of a ban that is over: 1050003.
 */
export async function decideAppeal(
  input: { sanction_id: string; decision: 'Approved' | 'Rejected'; reason: string },
  operatorUid: string,
  now: number,
): Promise<SanctionView> {
  const before = await found(input.sanction_id);
  const at = new Date(now);
  const approved = input.decision === 'Approved';
  const appeal = {
    ...before.appeal,
    status: approved ? AppealStatus.Approved : AppealStatus.Rejected,
    decided_at: at,
    decided_by: operatorUid,
    reason: input.reason,
  };
  const updated = await Sanction.findOneAndUpdate(
    { sanction_id: input.sanction_id, lifted_at: null, ends_at: mongoose.trusted({ $gt: at }), 'appeal.status': AppealStatus.Pending },
    {
      $set: approved
        ? { appeal, status: BanStatus.Normal, lifted_at: at, lifted_by: operatorUid, lift_reason: input.reason }
        : { appeal, status: BanStatus.AppealFail },
    },
    { new: true },
  ).lean<SanctionRecord>();
  if (!updated) throw new AppError(ErrorCode.IllegalOperation, 'This appeal is not waiting for a decision');
  const ban = await syncBan(updated.uid, now);
  await writeAudit({
    operator_uid: operatorUid,
    action: 'appeal.decide',
    target_type: 'user',
    target_id: updated.uid,
    before: { sanction_id: input.sanction_id, status: before.status, appeal: before.appeal?.status ?? AppealStatus.None },
    after: { sanction_id: input.sanction_id, status: updated.status, appeal: appeal.status, ban },
    reason: input.reason,
    at,
  });
  await notify({
    uid: updated.uid,
    kind: approved ? NoticeKind.AppealApproved : NoticeKind.AppealRejected,
    actor_uid: '',
    text: input.reason,
    until: approved ? null : updated.ends_at,
  });
  return presentSanction(updated, now);
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Accounts by User ID (uid or username), phone number, or nickname (case-insensitive, anywhere in it). */
export async function searchUsers(q: string, now: number, count: number) {
  const text = q.trim();
  const digits = text.replace(/[\s()-]/g, '');
  const or: Record<string, unknown>[] = [{ uid: text }, { username_key: text.toLowerCase() }, { nickname: new RegExp(escape(text), 'i') }];
  if (/^\+?\d{4,}$/.test(digits)) or.push({ phone: digits.startsWith('+') ? digits : `+${digits}` }, { phone: new RegExp(`${escape(digits.replace(/^\+/, ''))}$`) });
  const rows = await User.find({ identity: UserIdentity.User, $or: or })
    .sort({ _id: -1 })
    .limit(count)
    .lean<UserLike[]>();
  return { list: rows.map((u) => presentUserRow(u, now)) };
}

/** One account for the console: its standing, every sanction it had (newest first) and its stories. */
export async function userDetail(uid: string, now: number) {
  const user = await userByUid(uid);
  if (!user) throw new AppError(ErrorCode.RecordNotFound, 'No such account');
  const sanctions = await Sanction.find({ uid }).sort({ created_at: -1, _id: -1 }).limit(100).lean<SanctionRecord[]>();
  const stories = await Story.find({ uid, deleted_at: null })
    .sort({ updated_at: -1 })
    .limit(50)
    .lean<Array<{ story_id: string; story_name: string; status: number; updated_at?: Date }>>();
  const reports = await reportsAgainst(uid);
  return {
    user: presentUserRow(user, now),
    sanctions: sanctions.map((s) => presentSanction(s, now)),
    reports,
    stories: stories.map((s) => ({
      story_id: s.story_id,
      story_name: s.story_name,
      status: s.status,
      updated_at: s.updated_at?.toISOString() ?? null,
    })),
  };
}
