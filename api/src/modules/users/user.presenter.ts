import { UserIdentity, type AccountSettings, type SelfUser } from 'shared-kit';
import type { UserDoc } from './user.model';

/** "+1******0100": enough to recognise one's own number, not enough to read someone else's. */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  return phone.length <= 6 ? '*'.repeat(phone.length) : `${phone.slice(0, 2)}${'*'.repeat(phone.length - 6)}${phone.slice(-4)}`;
}

/** The signed-in user's own view of the account. */
export function presentUser(user: UserDoc): SelfUser {
  return {
    uid: user.uid,
    biz_uid: user.biz_uid,
    nickname: user.nickname,
    username: user.username ?? '',
    avatar: user.avatar ?? '',
    gender: user.gender,
    roles: [...user.roles],
    identity: user.identity,
    status: user.status,
    teen_mode: user.teen_mode,
    is_adult: user.is_adult ?? null,
    agreed_terms: !!user.agreed_terms_at,
    need_confirm: user.identity === UserIdentity.User && (user.is_adult === null || user.is_adult === undefined || !user.agreed_terms_at),
    phone: maskPhone(user.phone),
    ban: {
      status: user.ban?.status ?? 'Normal',
      login_until: user.ban?.login_until?.toISOString() ?? null,
      creation_until: user.ban?.creation_until?.toISOString() ?? null,
    },
    guest_turns: user.guest_turns,
    created_at: (user as unknown as { created_at?: Date }).created_at?.toISOString() ?? null,
    vip_until: user.vip_until?.toISOString() ?? null,
  };
}

export function presentSettings(user: UserDoc): AccountSettings {
  const s = user.settings;
  return {
    notifications: {
      comments: s?.notify_comments ?? true,
      likes: s?.notify_likes ?? true,
      follows: s?.notify_follows ?? true,
      system: s?.notify_system ?? true,
    },
    language: s?.language ?? 'en',
    theme: s?.theme ?? 'system',
    third_party_data_sharing: s?.third_party_data_sharing ?? false,
  };
}

/** Another user as a list row (blocked list). */
export function presentUserBrief(user: Pick<UserDoc, 'uid' | 'nickname' | 'username' | 'avatar'>) {
  return { uid: user.uid, nickname: user.nickname, username: user.username ?? '', avatar: user.avatar ?? '' };
}
