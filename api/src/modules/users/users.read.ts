import mongoose from 'mongoose';
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
