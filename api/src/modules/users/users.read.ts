import mongoose from 'mongoose';
import { UserIdentity } from 'shared-kit';
import type { UserFields } from './user.fields';
import { User } from './user.model';

/**
 * Users by uid in one query, with only the fields asked for (`uid` always comes back): the one way other modules
 * read accounts they show or check (creators on cards, people in lists, appellants, authors). Unknown and deleted
 * accounts are left out of the map; empty uids are ignored.
 */
export async function usersByUid<K extends keyof UserFields>(
  uids: Iterable<string>,
  fields: readonly K[],
): Promise<Map<string, Pick<UserFields, K | 'uid'>>> {
  const unique = [...new Set(uids)].filter((u) => u !== '');
  if (unique.length === 0) return new Map();
  const projection = Object.fromEntries([...fields, 'uid'].map((f) => [f, 1]));
  const rows = await User.find({ uid: mongoose.trusted({ $in: unique }) }, projection).lean<Array<Pick<UserFields, K | 'uid'>>>();
  return new Map(rows.map((u) => [u.uid, u]));
}

/**
 * One account by uid in one query: the whole record, or only the fields asked for (nothing else comes back). With
 * `identity`, only an account of that identity. Null when there is none.
 */
export function userByUid(
  uid: string,
  fields?: undefined,
  lookup?: { identity?: string },
): Promise<(UserFields & { _id: mongoose.Types.ObjectId }) | null>;
export function userByUid<K extends keyof UserFields>(
  uid: string,
  fields: readonly K[],
  lookup?: { identity?: string },
): Promise<Pick<UserFields, K> | null>;
export async function userByUid(
  uid: string,
  fields?: readonly (keyof UserFields)[],
  lookup?: { identity?: string },
): Promise<Partial<UserFields> | null> {
  const projection = fields ? Object.fromEntries(fields.map((f) => [f, 1])) : undefined;
  const filter = lookup?.identity !== undefined ? { uid, identity: lookup.identity } : { uid };
  return User.findOne(filter, projection).lean<Partial<UserFields>>();
}

/** Whether an account with this uid exists. */
export async function userExists(uid: string): Promise<boolean> {
  return (await User.exists({ uid })) !== null;
}

/** The account holding a username (compared case-insensitively), with only the fields asked for, or null. */
export async function userByUsername<K extends keyof UserFields>(
  username: string,
  fields: readonly K[],
): Promise<Pick<UserFields, K> | null> {
  const projection = Object.fromEntries(fields.map((f) => [f, 1]));
  return User.findOne({ username_key: username.toLowerCase() }, projection).lean<Pick<UserFields, K>>();
}

/**
 * The signed-in account (identity User) named by its uid or its User ID (username, any case), with only the fields
 * asked for, or null: how operators name an account in the console.
 */
export async function accountNamed<K extends keyof UserFields>(who: string, fields: readonly K[]): Promise<Pick<UserFields, K> | null> {
  const projection = Object.fromEntries(fields.map((f) => [f, 1]));
  return User.findOne(
    { identity: UserIdentity.User, $or: [{ uid: who }, { username_key: who.toLowerCase() }] },
    projection,
  ).lean<Pick<UserFields, K>>();
}
