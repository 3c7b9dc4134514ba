import mongoose from 'mongoose';
import { Session } from './session.model';
import { keysFromFilter, QUERY_WRITES, USER_FIELDS } from './sessionCache';

/*
 * Every api process may keep an account in its session cache; what tells it the account changed, wherever the change
 * was made, is the `user_rev` of the session it reads on every request. Each write to users bumps `user_rev` on
 * every session of the accounts it reaches, once the write is done (so a process that reads the new revision reads
 * the new account too). A write whose reach is unknown bumps every session.
 */

type Reach = string[] | 'all';
const reachOf = new WeakMap<object, Reach>();

export async function bump(reach: Reach): Promise<void> {
  if (reach !== 'all' && reach.length === 0) return;
  const filter = reach === 'all' ? {} : { uid: mongoose.trusted({ $in: reach }) };
  await Session.updateMany(filter, { $inc: { user_rev: 1 } });
}

/** The uids a query write can reach: pinned by uid, or by _id (looked up before the write), or unknown. */
async function queryReach(query: mongoose.Query<unknown, unknown>): Promise<Reach> {
  const keys = keysFromFilter(query.getFilter(), USER_FIELDS);
  if (!keys) return 'all';
  const uids = keys.filter((k) => k.startsWith('u:')).map((k) => k.slice(2));
  const ids = keys.filter((k) => k.startsWith('uo:')).map((k) => k.slice(3));
  if (ids.length === 0) return uids;
  const found = await query.model
    .find({ _id: mongoose.trusted({ $in: ids }) }, { uid: 1 })
    .lean<Array<{ uid: string }>>();
  return [...uids, ...found.map((u) => u.uid)];
}

/** Installs the hooks on the users schema; call before the model is compiled. */
export function bumpSessionsOnUserWrites(schema: mongoose.Schema): void {
  schema.pre([...QUERY_WRITES], { document: false, query: true }, async function (this: mongoose.Query<unknown, unknown>) {
    reachOf.set(this, await queryReach(this));
  });
  const after = async (query: mongoose.Query<unknown, unknown>) => bump(reachOf.get(query) ?? 'all');
  schema.post([...QUERY_WRITES], { document: false, query: true }, async function (this: mongoose.Query<unknown, unknown>) {
    await after(this);
  });
  schema.post(
    [...QUERY_WRITES],
    { document: false, query: true, errorHandler: true },
    function (this: mongoose.Query<unknown, unknown>, err, _res, next) {
      after(this).then(() => next(err), () => next(err));
    },
  );
  for (const op of ['save', 'deleteOne'] as const) {
    schema.post(op, { document: true, query: false }, async function (this: mongoose.Document) {
      const uid: unknown = this.get('uid');
      await bump(typeof uid === 'string' ? [uid] : 'all');
    });
  }
  schema.post('bulkWrite', async () => bump('all'));
}
