import type { Document } from 'bson';
import { fail } from '../errors';
import { projectDocs } from '../query/positional';
import { isPlainObject, type Doc } from '../query/values';
import { findDocs } from '../storage/planner';
import type { CommandHandler } from './context';
import { queryScope } from './scope';
import { collectionName, updateDocuments } from './write';
import { commitWrites } from './durability';

const findAndModify: CommandHandler = async (cmd, ctx) => {
  const name = collectionName(cmd, cmd.findAndModify !== undefined ? 'findAndModify' : 'findandmodify');
  const query = (isPlainObject(cmd.query) ? cmd.query : {}) as Doc;
  const sort = isPlainObject(cmd.sort) ? cmd.sort : undefined;
  const projection = isPlainObject(cmd.fields) ? cmd.fields : undefined;
  const remove = cmd.remove === true;
  if (remove && cmd.update !== undefined) fail('FailedToParse', 'Cannot specify both an update and remove=true');
  if (!remove && cmd.update === undefined) fail('FailedToParse', 'Either an update or remove=true must be specified');
  if (remove && cmd.upsert === true) fail('FailedToParse', 'Cannot specify both upsert=true and remove=true');
  const project = (doc: Doc | undefined): Doc | null => (doc ? (projectDocs([doc], projection, query)[0] ?? null) : null);

  const coll = remove ? ctx.engine.getCollection(ctx.db, name) : ctx.engine.collection(ctx.db, name);
  if (coll?.isView) fail('CommandNotSupportedOnView', `Namespace ${coll.ns} is a view, not a collection`);
  const scope = queryScope(cmd.collation, coll, cmd.let);
  const target = coll ? findDocs(coll, query, { sort, limit: 1, scope })[0] : undefined;
  const rid = target && coll ? coll.ridForId(target._id) : undefined;

  if (remove) {
    if (coll && rid !== undefined) ctx.engine.remove(coll, rid);
    await commitWrites(cmd, ctx);
    return { lastErrorObject: { n: target ? 1 : 0 }, value: project(target), ok: 1 };
  }
  const result = updateDocuments(
    coll!,
    ctx,
    { q: query, u: cmd.update as Doc | Doc[], upsert: cmd.upsert === true, arrayFilters: cmd.arrayFilters as Doc[] | undefined, scope, bypass: cmd.bypassDocumentValidation },
    rid === undefined ? [] : [rid],
  );
  await commitWrites(cmd, ctx);
  const lastErrorObject: Document = { n: result.upsertedId !== undefined ? 1 : result.matched, updatedExisting: result.matched > 0 };
  if (result.upsertedId !== undefined) lastErrorObject.upserted = result.upsertedId;
  const value = cmd.new === true ? result.after[0] : result.before[0];
  return { lastErrorObject, value: project(value), ok: 1 };
};

export const findAndModifyCommands: Record<string, CommandHandler> = { findAndModify, findandmodify: findAndModify };
