// Executing one test of a unified-format file: initial data, entities, operations, events, outcome.
import { EJSON } from 'bson';
import type { Document, MongoClient } from 'mongodb';
import { EntityMap } from './entities';
import { checkError, checkEvents } from './expectations';
import { match, MatchError, matchResult } from './match';
import { runOperation } from './operations';
import { DRIVER_OPTIONS, type SpecTest } from './requirements';

export interface UnifiedFile {
  description: string;
  schemaVersion: string;
  runOnRequirements?: Document[];
  createEntities?: Document[];
  initialData?: Document[];
  tests: Array<SpecTest & { expectEvents?: Document[]; outcome?: Document[] }>;
}

/** Reads a spec file; extended JSON (`$oid`, `$numberLong`...) becomes BSON values. */
export function parseSpecFile(text: string): UnifiedFile {
  return EJSON.parse(text, { relaxed: true }) as UnifiedFile;
}

async function setUpData(internal: MongoClient, initialData: Document[]): Promise<void> {
  for (const { collectionName, databaseName, documents, createOptions } of initialData) {
    const db = internal.db(databaseName);
    await db.dropCollection(collectionName, { writeConcern: { w: 'majority' } }).catch(() => undefined);
    if (createOptions || documents.length === 0) await db.createCollection(collectionName, { ...createOptions, writeConcern: { w: 'majority' } });
    if (documents.length) await db.collection(collectionName).insertMany(documents, { writeConcern: { w: 'majority' } });
  }
}

function describeOp(op: Document, index: number): string {
  return `operation ${index} (${op.object}.${op.name})`;
}

async function runOperations(test: UnifiedFile['tests'][number], entities: EntityMap): Promise<void> {
  for (const [i, op] of test.operations.entries()) {
    if (op.object === 'testRunner') throw new Error(`unsupported special operation ${op.name}`);
    let result: Awaited<ReturnType<typeof runOperation>> | undefined;
    let error: unknown;
    try {
      result = await runOperation(op, entities);
    } catch (err) {
      if (err instanceof MatchError || (err instanceof Error && err.message.startsWith('unsupported'))) throw err;
      error = err;
    }
    if (op.ignoreResultAndError) continue;
    try {
      if (op.expectError) {
        if (error === undefined) throw new MatchError(`expected an error, got ${EJSON.stringify(result?.value as Document)}`);
        checkError(op.expectError, error, entities);
        continue;
      }
      if (error !== undefined) throw error;
      if ('expectResult' in op) matchResult(op.expectResult, result!.value, entities, result!.iterable === true);
      if (op.saveResultAsEntity) {
        if (result!.value && typeof (result!.value as { next?: unknown }).next === 'function') entities.saveCursor(op.saveResultAsEntity, result!.value as never);
        else entities.save(op.saveResultAsEntity, result!.value);
      }
    } catch (err) {
      if (err instanceof Error) err.message = `${describeOp(op, i)}: ${err.message}`;
      throw err;
    }
  }
}

/** Runs one test against the server at `uri`; throws on the first failed assertion. */
export async function runTest(file: UnifiedFile, test: UnifiedFile['tests'][number], uri: string, internal: MongoClient): Promise<void> {
  await setUpData(internal, file.initialData ?? []);
  const entities = new EntityMap(uri, DRIVER_OPTIONS[test.description]?.options);
  try {
    await entities.create(file.createEntities ?? []);
    for (const c of entities.clients()) c.recording = true;
    await runOperations(test, entities);
    for (const c of entities.clients()) c.recording = false;
    if (test.expectEvents) checkEvents(test.expectEvents, entities);
    for (const { collectionName, databaseName, documents } of test.outcome ?? []) {
      const actual = await internal.db(databaseName).collection(collectionName).find({}, { sort: { _id: 1 }, readConcern: { level: 'local' } }).toArray();
      match(documents, actual, entities, false, `outcome ${databaseName}.${collectionName}`);
    }
  } finally {
    await entities.close();
  }
}
