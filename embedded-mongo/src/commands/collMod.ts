import type { Document } from 'bson';
import { fail } from '../errors';
import { parseCollation } from '../query/collation';
import { isNumeric, isPlainObject, toNumber } from '../query/values';
import type { CommandHandler } from './context';
import { checkValidationOptions } from './validation';
import { checkViewDefinition } from './views';

/** Options of `create` that MongoDB accepts for a view; any other is refused there. */
const VIEW_OPTIONS = new Set(['viewOn', 'pipeline', 'collation']);
const COLLECTION_OPTIONS = ['validator', 'validationLevel', 'validationAction', 'changeStreamPreAndPostImages'];

/** `changeStreamPreAndPostImages: { enabled: <bool> }` of create and collMod. */
function checkImagesOption(v: unknown): void {
  if (v === undefined) return;
  if (!isPlainObject(v) || typeof v.enabled !== 'boolean' || Object.keys(v).some((k) => k !== 'enabled')) {
    fail('TypeMismatch', "BSON field 'changeStreamPreAndPostImages' must be { enabled: <bool> }");
  }
}

/** The options `create` stores for a collection or a view, checked. */
export function createOptions(options: Document): Document {
  // A default collation is checked now rather than on the first query that would use it.
  parseCollation(options.collation);
  if (options.viewOn === undefined) {
    if (options.pipeline !== undefined) fail('BadValue', "'pipeline' requires 'viewOn' to also be specified");
    checkValidationOptions(options);
    checkImagesOption(options.changeStreamPreAndPostImages);
    return options;
  }
  for (const k of Object.keys(options)) if (!VIEW_OPTIONS.has(k)) fail('InvalidOptions', `option '${k}' is not supported when creating a view`);
  checkViewDefinition(options.viewOn, options.pipeline);
  return { viewOn: options.viewOn, pipeline: options.pipeline ?? [], ...(options.collation !== undefined ? { collation: options.collation } : {}) };
}

/** collMod: a collection's validator and validation settings, a view's definition, an index's TTL or hidden flag. */
export const collMod: CommandHandler = async (cmd, ctx) => {
  const name = cmd.collMod;
  if (typeof name !== 'string' || !name) fail('InvalidNamespace', 'collMod needs a collection name');
  const coll = ctx.engine.getCollection(ctx.db, name);
  if (!coll) fail('NamespaceNotFound', `ns does not exist: ${ctx.db}.${name}`);
  const { collMod: _name, $db, lsid, txnNumber, writeConcern, $clusterTime, $readPreference, comment, ...changes } = cmd;
  void _name; void $db; void lsid; void txnNumber; void writeConcern; void $clusterTime; void $readPreference; void comment;
  const reply: Document = {};
  const options: Document = { ...coll.options };
  // What changed, as a `modify` change event describes it (operationDescription).
  const description: Document = {};
  for (const [k, v] of Object.entries(changes)) {
    if (coll.isView ? k === 'viewOn' || k === 'pipeline' : COLLECTION_OPTIONS.includes(k)) {
      if (k === 'changeStreamPreAndPostImages') checkImagesOption(v);
      options[k] = v;
      description[k] = v;
    } else if (k === 'index' && !coll.isView) {
      if (!isPlainObject(v)) fail('TypeMismatch', "'index' must be an object");
      const index = typeof v.name === 'string' ? coll.indexes.get(v.name) : [...coll.indexes.values()].find((i) => JSON.stringify(i.spec.key) === JSON.stringify(v.keyPattern));
      if (!index) fail('IndexNotFound', `cannot find index ${JSON.stringify(v.name ?? v.keyPattern)} for ns ${coll.ns}`);
      const indexChanges: Document = {};
      if (v.expireAfterSeconds !== undefined) {
        if (!isNumeric(v.expireAfterSeconds) || toNumber(v.expireAfterSeconds) < 0) fail('BadValue', 'expireAfterSeconds must be a non-negative number');
        reply.expireAfterSeconds_old = index.spec.expireAfterSeconds;
        reply.expireAfterSeconds_new = toNumber(v.expireAfterSeconds);
        indexChanges.expireAfterSeconds = toNumber(v.expireAfterSeconds);
      }
      if (v.hidden !== undefined) {
        if (index.name === '_id_') fail('BadValue', 'cannot hide _id index');
        reply.hidden_old = index.spec.hidden === true;
        reply.hidden_new = v.hidden === true;
        indexChanges.hidden = v.hidden === true;
      }
      if (Object.keys(indexChanges).length === 0) fail('InvalidOptions', 'no expireAfterSeconds or hidden field');
      ctx.engine.modifyIndex(coll, index.name, indexChanges);
      description.index = { name: index.name, ...indexChanges };
    } else {
      fail(coll.isView ? 'InvalidOptions' : 'Location40415', `${coll.isView ? 'option not supported on a view' : 'BSON field \'collMod.' + k + '\' is an unknown field.'}: ${k}`);
    }
  }
  if (coll.isView) checkViewDefinition(options.viewOn, options.pipeline);
  else checkValidationOptions(options);
  ctx.engine.modifyCollection(coll, options, description);
  await ctx.engine.flush();
  return { ...reply, ok: 1 };
};
