import type { Document } from 'bson';
import { fail } from '../errors';
import { compileFilter } from '../query/matcher';
import { isPlainObject, type Doc } from '../query/values';
import type { Collection } from '../storage/collection';
import type { CommandContext } from './context';

const LEVELS = ['off', 'strict', 'moderate'];
const ACTIONS = ['error', 'warn'];

/** Checks the validation options of `create` and `collMod` (the validator must be a valid query). */
export function checkValidationOptions(options: Document): void {
  if (options.validator !== undefined) {
    if (!isPlainObject(options.validator)) fail('TypeMismatch', "'validator' must be an object");
    for (const op of ['$where', '$near', '$nearSphere', '$text']) {
      if (op in options.validator) fail('QueryFeatureNotAllowed', `${op} is not allowed in collection validators`);
    }
    compileFilter(options.validator);
  }
  if (options.validationLevel !== undefined && !LEVELS.includes(String(options.validationLevel))) {
    fail('BadValue', `Enumeration value '${String(options.validationLevel)}' for field 'validationLevel' is not a valid value.`);
  }
  if (options.validationAction !== undefined && !ACTIONS.includes(String(options.validationAction))) {
    fail('BadValue', `Enumeration value '${String(options.validationAction)}' for field 'validationAction' is not a valid value.`);
  }
}

/** Why a document fails the validator: each top-level clause it does not satisfy. */
function failureDetails(validator: Doc, doc: Doc): Document {
  const clauses = Object.entries(validator).map(([k, v]) => ({ [k]: v }));
  const failing = clauses.map((c, index) => ({ index, clause: c })).filter(({ clause }) => !compileFilter(clause)(doc));
  const explain = (clause: Doc): Document => {
    const [field, cond] = Object.entries(clause)[0]!;
    const operatorName = field.startsWith('$') ? field : isPlainObject(cond) && Object.keys(cond)[0]?.startsWith('$') ? Object.keys(cond)[0]! : '$eq';
    return { operatorName, specifiedAs: clause, reason: 'the document does not satisfy this clause' };
  };
  if (clauses.length === 1) return explain(clauses[0]!);
  return { operatorName: '$and', clausesNotSatisfied: failing.map(({ index, clause }) => ({ index, details: explain(clause) })) };
}

/**
 * Applies the collection's validator to a document about to be stored (`old` is the stored version for an update).
 * With validationLevel `moderate`, updates of documents that were already invalid are let through; `warn` logs
 * instead of refusing; `bypassDocumentValidation` skips the check.
 */
export function validateDocument(ctx: CommandContext, coll: Collection, doc: Doc, old: Doc | undefined, bypass: unknown): void {
  const { validator, validationLevel = 'strict', validationAction = 'error' } = coll.options;
  if (!isPlainObject(validator) || Object.keys(validator).length === 0 || validationLevel === 'off' || bypass === true) return;
  const test = compileFilter(validator);
  if (test(doc)) return;
  if (validationLevel === 'moderate' && old !== undefined && !test(old)) return;
  const errInfo = { failingDocumentId: doc._id, details: failureDetails(validator, doc) };
  if (validationAction === 'warn') {
    ctx.logger.warn(`document ${String(doc._id)} in ${coll.ns} fails the collection's validator`);
    return;
  }
  fail('DocumentValidationFailure', 'Document failed validation', { errInfo });
}
