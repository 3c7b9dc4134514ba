import { Long, Timestamp, type Document } from 'bson';
import { fail } from '../errors';
import { runPipeline } from '../query/pipeline';
import { cloneValue, identicalValues, isPlainObject, type Doc } from '../query/values';
import { updateDescription } from './updateDescription';
import type { ChangeEvent, ChangeLog } from '../storage/changes';
import type { Engine } from '../storage/engine';
import type { CommandContext } from './context';

/** What one `$changeStream` watches and how it renders its events. */
interface StreamSpec {
  db?: string;
  coll?: string;
  fullDocument: 'default' | 'updateLookup' | 'whenAvailable' | 'required';
  fullDocumentBeforeChange: 'off' | 'whenAvailable' | 'required';
  /** Also report create, createIndexes, dropIndexes and modify, with collectionUUID and operationDescription. */
  expanded: boolean;
  /** The stages after `$changeStream`, run on each batch of events. */
  pipeline: Doc[];
}

/** A change stream's server cursor: it never ends, and a getMore waits for events instead of returning at once. */
export class ChangeStreamCursor {
  lastUsed = Date.now();
  /** Set once the stream returned its `invalidate` event: the cursor is then closed. */
  invalidated = false;

  constructor(
    readonly ns: string,
    private readonly engine: Engine,
    private readonly spec: StreamSpec,
    /** Events up to this sequence number were read (or skipped). */
    private position: number,
  ) {}

  /** The events available now, at most `batchSize`, and the token to resume after them. */
  read(batchSize: number): { batch: Doc[]; postBatchResumeToken: Doc } {
    const changes = this.engine.changes;
    const batch: Doc[] = [];
    for (const event of changes.after(this.position)) {
      if (batch.length >= batchSize || this.invalidated) break;
      this.position = event.seq;
      if (!this.watches(event)) continue;
      const rendered = this.render(event);
      for (const out of runPipeline([rendered], this.spec.pipeline)) {
        if (!identicalValues(out._id, rendered._id)) {
          fail(
            'ChangeStreamFatalError',
            'Encountered an event whose _id field, which contains the resume token, was modified by the pipeline. Modifying the _id field of an event makes it impossible to resume the stream from that point. Only transformations that retain the unmodified _id field are allowed.',
            { errorLabels: ['NonResumableChangeStreamError'] },
          );
        }
        batch.push(out);
      }
      if (this.invalidates(event)) {
        // The collection (or database) is gone: its stream ends with an invalidate event after this one.
        this.invalidated = true;
        batch.push({ _id: resumeToken(changes, event.seq, true), operationType: 'invalidate', clusterTime: event.clusterTime, wallTime: event.wallTime });
      }
    }
    // With nothing left to read, the stream is at the end of the log: a resume from here misses nothing.
    if (batch.length < batchSize && !this.invalidated) this.position = Math.max(this.position, changes.lastSeq);
    this.lastUsed = Date.now();
    return { batch, postBatchResumeToken: resumeToken(changes, this.position, this.invalidated) };
  }

  /** Like `read`, but with nothing to return waits up to `maxAwaitMs` for an event (without polling). */
  async next(batchSize: number, maxAwaitMs: number): Promise<{ batch: Doc[]; postBatchResumeToken: Doc }> {
    const deadline = Date.now() + maxAwaitMs;
    for (;;) {
      const out = this.read(batchSize);
      const left = deadline - Date.now();
      if (out.batch.length > 0 || left <= 0 || this.invalidated || this.engine.changes.closed) return out;
      await this.engine.changes.wait(left);
    }
  }

  private watches(e: ChangeEvent): boolean {
    if (!this.spec.expanded && EXPANDED.has(e.operationType)) return false;
    if (this.spec.db !== undefined && e.db !== this.spec.db) return false;
    return this.spec.coll === undefined || e.coll === this.spec.coll || (e.operationType === 'dropDatabase' && e.db === this.spec.db);
  }

  /** A collection's stream ends when it is dropped or renamed, a database's when the database is dropped. */
  private invalidates(e: ChangeEvent): boolean {
    if (this.spec.db === undefined) return false;
    if (this.spec.coll === undefined) return e.operationType === 'dropDatabase';
    return e.operationType === 'drop' || e.operationType === 'rename';
  }

  private render(e: ChangeEvent): Doc {
    const { fullDocument, fullDocumentBeforeChange, expanded } = this.spec;
    const out: Doc = { _id: resumeToken(this.engine.changes, e.seq), operationType: e.operationType, clusterTime: e.clusterTime, wallTime: e.wallTime };
    if (expanded && e.uuid !== undefined) out.collectionUUID = e.uuid;
    if (e.operationType === 'insert' || e.operationType === 'replace') out.fullDocument = cloneValue(e.after);
    out.ns = e.operationType === 'dropDatabase' ? { db: e.db } : { db: e.db, coll: e.coll };
    if (e.to) out.to = { ...e.to };
    if (e.documentKey) out.documentKey = cloneValue(e.documentKey);
    if (e.operationType === 'update') {
      out.updateDescription = updateDescription(e.before ?? {}, e.after ?? {}, expanded);
      if (fullDocument === 'updateLookup') out.fullDocument = lookup(this.engine, e);
      else if (fullDocument !== 'default') out.fullDocument = image(e, 'post', fullDocument === 'required');
    }
    if (fullDocumentBeforeChange !== 'off' && (e.operationType === 'update' || e.operationType === 'replace' || e.operationType === 'delete')) {
      out.fullDocumentBeforeChange = image(e, 'pre', fullDocumentBeforeChange === 'required');
    }
    if (expanded && e.description && (EXPANDED.has(e.operationType) || e.operationType === 'rename')) out.operationDescription = cloneValue(e.description);
    return out;
  }
}

/** Events only a stream with `showExpandedEvents` reports. */
const EXPANDED = new Set<ChangeEvent['operationType']>(['create', 'createIndexes', 'dropIndexes', 'modify']);

/**
 * The document after (`post`) or before (`pre`) the write, kept when the collection had
 * `changeStreamPreAndPostImages` enabled at the time; otherwise null, or with `required` 47 NoMatchingDocument.
 */
function image(e: ChangeEvent, which: 'pre' | 'post', required: boolean): Doc | null {
  const doc = e.images ? (which === 'pre' ? e.before : e.after) : undefined;
  if (doc) return cloneValue(doc);
  if (required) {
    fail(
      'NoMatchingDocument',
      `Change stream was configured to require a ${which}-image for all update, delete and replace events, but the ${which}-image was not found for event: ${e.db}.${e.coll} ${e.operationType}`,
    );
  }
  return null;
}

/** The document as it is now (an update's `fullDocument: 'updateLookup'`), or null when it is gone. */
function lookup(engine: Engine, e: ChangeEvent): Doc | null {
  const coll = engine.getCollection(e.db, e.coll);
  const rid = coll?.ridForId(e.documentKey?._id);
  return (rid !== undefined && coll?.docs.get(rid)) || null;
}

/**
 * A resume token: this process's log epoch and an event's sequence number, in the `_data` hex string drivers carry
 * opaquely. Tokens of an earlier run of the server cannot be resumed from (its events were in memory).
 */
function resumeToken(changes: ChangeLog, seq: number, invalidate = false): Doc {
  return { _data: `${changes.epoch}${seq.toString(16).padStart(16, '0')}${invalidate ? '01' : ''}` };
}

/** The sequence number a token resumes after; an invalidate event's token only with `startAfter`. */
function tokenSeq(changes: ChangeLog, token: unknown, startAfter: boolean): number {
  const data = isPlainObject(token) ? token._data : undefined;
  if (typeof data !== 'string' || !/^[0-9a-f]{40}(01)?$/.test(data)) fail('BadValue', 'KeyString format error: the resume token is not one this server gave');
  if (data.length > 40 && !startAfter) fail('InvalidResumeToken', "Attempting to resume a change stream using 'resumeAfter' is not allowed from an invalidate notification.");
  const seq = Number.parseInt(data.slice(24, 40), 16);
  if (data.slice(0, 24) !== changes.epoch || seq < changes.firstKept - 1) {
    fail('ChangeStreamHistoryLost', 'Resume of change stream was not possible, as the resume point may no longer be in the oplog.');
  }
  return seq;
}

/** The stages that may follow `$changeStream`: they keep one output per event. */
const EVENT_STAGES = new Set(['$match', '$project', '$addFields', '$set', '$unset', '$replaceRoot', '$replaceWith', '$redact']);
/** Every stage name MongoDB 7.0 knows, to tell an unknown stage (40324) from one a change stream does not allow. */
const KNOWN_STAGES = new Set([
  ...EVENT_STAGES, '$bucket', '$bucketAuto', '$changeStream', '$changeStreamSplitLargeEvent', '$collStats', '$count', '$densify', '$documents',
  '$facet', '$fill', '$geoNear', '$graphLookup', '$group', '$indexStats', '$limit', '$listSessions', '$lookup', '$merge', '$out', '$sample',
  '$search', '$searchMeta', '$setWindowFields', '$skip', '$sort', '$sortByCount', '$unionWith', '$unwind', '$currentOp', '$listLocalSessions',
]);

const STAGE_OPTIONS = new Set(['fullDocument', 'fullDocumentBeforeChange', 'resumeAfter', 'startAfter', 'startAtOperationTime', 'allChangesForCluster', 'showExpandedEvents']);

/**
 * Opens a change stream for `aggregate` whose first stage is `$changeStream`: on a collection, on a database
 * (`aggregate: 1`) or on the deployment (`allChangesForCluster` on admin). Only a replica set serves them.
 */
export function openChangeStream(ctx: CommandContext, target: unknown, stage: unknown, rest: Doc[], cursor: Document | undefined): Document {
  if (!ctx.replSet) fail('Location40573', 'The $changeStream stage is only supported on replica sets');
  if (!isPlainObject(stage)) fail('FailedToParse', '$changeStream stage expects an object');
  for (const k of Object.keys(stage)) if (!STAGE_OPTIONS.has(k)) fail('FailedToParse', `BSON field '$changeStream.${k}' is an unknown field.`);
  const all = stage.allChangesForCluster === true;
  if (all && (ctx.db !== 'admin' || target !== 1)) fail('InvalidOptions', "$changeStream may only be run with allChangesForCluster on the 'admin' database");
  if (!all && target === 1 && ctx.db === 'admin') fail('InvalidNamespace', "$changeStream may not be opened on the internal admin database");
  if (target !== 1 && typeof target !== 'string') fail('InvalidNamespace', 'aggregate requires a collection name or 1');
  const fullDocument = stage.fullDocument ?? 'default';
  if (!['default', 'updateLookup', 'whenAvailable', 'required'].includes(fullDocument as string)) {
    fail('BadValue', `'${String(fullDocument)}' is not a valid value for $changeStream.fullDocument`);
  }
  const fullDocumentBeforeChange = stage.fullDocumentBeforeChange ?? 'off';
  if (!['off', 'whenAvailable', 'required'].includes(fullDocumentBeforeChange as string)) {
    fail('BadValue', `'${String(fullDocumentBeforeChange)}' is not a valid value for $changeStream.fullDocumentBeforeChange`);
  }
  if (stage.showExpandedEvents !== undefined && typeof stage.showExpandedEvents !== 'boolean') {
    fail('TypeMismatch', "BSON field '$changeStream.showExpandedEvents' is the wrong type, expected type 'bool'");
  }
  const starts = ['resumeAfter', 'startAfter', 'startAtOperationTime'].filter((k) => stage[k] !== undefined);
  if (starts.length > 1) fail('Location40674', 'Only one type of resume option is allowed, but multiple were found.');
  for (const s of rest) {
    const name = Object.keys(s)[0]!;
    if (!KNOWN_STAGES.has(name)) fail('Location40324', `Unrecognized pipeline stage name: '${name}'`);
    if (!EVENT_STAGES.has(name)) fail('IllegalOperation', `${name} is not permitted in a $changeStream pipeline`);
  }
  const changes = ctx.engine.changes;
  let position = changes.lastSeq;
  if (stage.resumeAfter !== undefined) position = tokenSeq(changes, stage.resumeAfter, false);
  else if (stage.startAfter !== undefined) position = tokenSeq(changes, stage.startAfter, true);
  else if (stage.startAtOperationTime !== undefined) {
    // The wire codec reads a Timestamp as its 64-bit value, as it reads every Int64.
    const at = stage.startAtOperationTime;
    if (!(at instanceof Timestamp) && typeof at !== 'bigint') fail('TypeMismatch', "BSON field '$changeStream.startAtOperationTime' is the wrong type, expected type 'timestamp'");
    position = changes.seqAtOrAfter(at instanceof Timestamp ? at : new Timestamp(at)) - 1;
  }
  const coll = typeof target === 'string' ? target : undefined;
  const ns = `${ctx.db}.${coll ?? '$cmd.aggregate'}`;
  const stream = new ChangeStreamCursor(ns, ctx.engine, {
    db: all ? undefined : ctx.db,
    coll,
    fullDocument: fullDocument as StreamSpec['fullDocument'],
    fullDocumentBeforeChange: fullDocumentBeforeChange as StreamSpec['fullDocumentBeforeChange'],
    expanded: stage.showExpandedEvents === true,
    pipeline: rest,
  }, position);
  const batchSize = isPlainObject(cursor) && typeof cursor.batchSize === 'number' ? cursor.batchSize : 101;
  const { batch, postBatchResumeToken } = stream.read(batchSize);
  const id = stream.invalidated ? 0n : ctx.cursors.openStream(stream);
  return { cursor: { firstBatch: batch, postBatchResumeToken, id: Long.fromBigInt(id), ns }, ok: 1 };
}
