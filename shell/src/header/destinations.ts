import { UserRole, type Platform, type SessionUser } from 'shared-kit';

export const HOME_PATH = '/editor';
export const FORBIDDEN_CREATE_PATH = '/editor/forbidden-create';
export const PLAY_PATH = '/play';
export const WORKS_PATH = '/editor/works';
export const OPS_PATH = '/ops';
export const LOGIN_PATH = '/login';
/** The account remote's pages (mfe-account's router, mounted at `/account/*`). */
export const PROFILE_PATH = '/account';
export const SETTINGS_PATH = '/account/settings';
export const BLOCKED_PATH = '/account/blocked';
export const DELETE_ACCOUNT_PATH = '/account/delete';
/** The people inbox (replies, likes, follows, pins). */
export const INBOX_PATH = '/account/inbox';

/** A place the header leads to; `label` is a key of the shell namespace. */
export interface Destination {
  key: 'play' | 'works' | 'ops' | 'profile' | 'settings' | 'blocked';
  to: string;
  label: string;
}

/**
 * The areas of the site: the player's feed for everyone; My Story for a signed-in creator; Moderation for an
 * operator. The editor and the console are desktop-only (spec §2 mobile rule), so a phone is not led to them.
 */
export function areaLinks(user: SessionUser | null, platform: Platform): Destination[] {
  const links: Destination[] = [{ key: 'play', to: PLAY_PATH, label: 'header.play' }];
  if (!user || platform === 'mobile') return links;
  if (!user.creation_forbidden) links.push({ key: 'works', to: WORKS_PATH, label: 'header.myStory' });
  if (user.roles.includes(UserRole.Operator)) links.push({ key: 'ops', to: OPS_PATH, label: 'header.moderation' });
  return links;
}

/** The signed-in account's own pages, served by the account remote. */
export const ACCOUNT_LINKS: readonly Destination[] = [
  { key: 'profile', to: PROFILE_PATH, label: 'header.profile' },
  { key: 'settings', to: SETTINGS_PATH, label: 'header.settings' },
  { key: 'blocked', to: BLOCKED_PATH, label: 'header.blocked' },
];
