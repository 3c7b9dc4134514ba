import mongoose from 'mongoose';
import { UserIdentity, UserRole } from 'shared-kit';
import type { UiLanguage } from '../../lib/language';
import { newNumericId } from '../../lib/ids';
import { User, type IdentityProvider, type UserDoc, type UserFields } from './user.model';

export type { UserDoc } from './user.model';

const DUPLICATE_KEY = 11000;
const CREATE_ATTEMPTS = 5;

function isDuplicateKey(err: unknown, field?: string): boolean {
  if (typeof err !== 'object' || err === null || (err as { code?: unknown }).code !== DUPLICATE_KEY) return false;
  if (!field) return true;
  const pattern = (err as { keyPattern?: Record<string, unknown> }).keyPattern;
  return pattern ? Object.keys(pattern).some((k) => k === field || k.startsWith(`${field}.`)) : false;
}

export interface NewUser {
  identity: UserFields['identity'];
  nickname?: string;
  phone?: string;
  roles?: string[];
  identities?: Array<{ provider: IdentityProvider; subject: string; email?: string }>;
  avatar?: string;
  username?: string;
  /** The language the default nickname is written in (the UI's at sign-up); English when not given. */
  language?: UiLanguage;
}

/** The word before the uid's digits in a default nickname, per language. */
const NICKNAME_WORD: Record<UiLanguage, { user: string; guest: string }> = {
  en: { user: 'User ', guest: 'Guest ' },
  zh: { user: '用户', guest: '游客' },
};

/** A default display name until the user picks one: "User" ("用户") and the uid's last six digits. */
function defaultNickname(uid: string, language: UiLanguage = 'en', kind: 'user' | 'guest' = 'user'): string {
  return `${NICKNAME_WORD[language][kind]}${uid.slice(-6)}`;
}

/**
 * Creates an account with fresh ids, retrying on an id collision. A duplicate phone, username or identity is
 * not retried: it means the account already exists and the caller decides.
 */
export async function createUser(input: NewUser, now: number = Date.now()): Promise<UserDoc> {
  await User.init();
  for (let attempt = 1; ; attempt += 1) {
    const uid = newNumericId(now);
    try {
      return await User.create({
        uid,
        biz_uid: newNumericId(now),
        identity: input.identity,
        nickname: input.nickname ?? defaultNickname(uid, input.language),
        phone: input.phone,
        roles: input.roles ?? [UserRole.User],
        avatar: input.avatar ?? '',
        username: input.username,
        username_key: input.username?.toLowerCase(),
        identities: (input.identities ?? []).map((i) => ({ ...i, linked_at: new Date(now) })),
      });
    } catch (err) {
      const idClash = isDuplicateKey(err, 'uid') || isDuplicateKey(err, 'biz_uid');
      if (!idClash || attempt >= CREATE_ATTEMPTS) throw err;
    }
  }
}

export async function findByUid(uid: string): Promise<UserDoc | null> {
  return User.findOne({ uid });
}

/** The account for a phone number, created on first sign-in. Concurrent first sign-ins converge on one account. */
export async function findOrCreateByPhone(
  phone: string,
  now: number = Date.now(),
  language: UiLanguage = 'en',
): Promise<{ user: UserDoc; created: boolean }> {
  const existing = await User.findOne({ phone });
  if (existing) return { user: existing, created: false };
  try {
    return { user: await createUser({ identity: UserIdentity.User, phone, language }, now), created: true };
  } catch (err) {
    if (!isDuplicateKey(err, 'phone')) throw err;
    const raced = await User.findOne({ phone });
    if (!raced) throw err;
    return { user: raced, created: false };
  }
}

/** A Tour-identity account for a visitor who has not signed in. */
export async function createGuest(now: number = Date.now(), language: UiLanguage = 'en'): Promise<UserDoc> {
  const user = await createUser({ identity: UserIdentity.Tour }, now);
  user.nickname = defaultNickname(user.uid, language, 'guest');
  await user.save();
  return user;
}

export interface IdentityInput {
  provider: IdentityProvider;
  subject: string;
  email?: string;
  name?: string;
  picture?: string;
  /** The language of the default nickname when the provider gives no name. */
  language?: UiLanguage;
}

const NICKNAME_FROM_PROVIDER_MAX = 30;

/**
 * The account linked to an OpenID / OAuth subject, created on first sign-in with the provider's name and
 * picture as a starting profile. Accounts are never merged by e-mail: an address is not proof of ownership
 * across providers.
 */
export async function findOrCreateByIdentity(input: IdentityInput, now: number = Date.now()): Promise<UserDoc> {
  if (typeof input.subject !== 'string' || input.subject === '') throw new Error('identity subject must be a non-empty string');
  // Our own operator, so it is marked trusted: the global sanitizeFilter would otherwise turn it into a literal match.
  const match = { identities: mongoose.trusted({ $elemMatch: { provider: input.provider, subject: input.subject } }) };
  const existing = await User.findOne(match);
  if (existing) return existing;
  const name = input.name?.trim().slice(0, NICKNAME_FROM_PROVIDER_MAX);
  try {
    return await createUser(
      {
        identity: UserIdentity.User,
        nickname: name && name.length >= 2 ? name : undefined,
        language: input.language,
        avatar: input.picture && /^https:\/\//.test(input.picture) ? input.picture : undefined,
        identities: [{ provider: input.provider, subject: input.subject, email: input.email }],
      },
      now,
    );
  } catch (err) {
    if (!isDuplicateKey(err, 'identities')) throw err;
    const raced = await User.findOne(match);
    if (!raced) throw err;
    return raced;
  }
}

export { isDuplicateKey };
