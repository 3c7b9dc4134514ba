// `expectError` and `expectEvents` of the format.
import { MongoBulkWriteError, MongoError, MongoServerError, MongoWriteConcernError, type Document } from 'mongodb';
import type { CommandEvent, EntityMap } from './entities';
import { match, MatchError, matchResult } from './match';
import { bulkResultDocument } from './operations';

function fail(message: string): never {
  throw new MatchError(message);
}

/** Server error documents an error carries: the error itself and, for a bulk write, each of its write errors. */
function serverErrors(err: unknown): Document[] {
  const out: Document[] = [];
  if (err instanceof MongoError) out.push({ code: err.code, codeName: (err as MongoServerError).codeName, errmsg: err.message });
  if (err instanceof MongoBulkWriteError) {
    for (const w of err.writeErrors as unknown as Array<{ code: number; errmsg?: string; err?: Document }>) {
      out.push({ code: w.code, codeName: w.err?.codeName, errmsg: w.errmsg ?? '' });
    }
  }
  return out;
}

export function checkError(expected: Document, err: unknown, entities: EntityMap): void {
  const fromServer = err instanceof MongoServerError || err instanceof MongoWriteConcernError;
  const message = err instanceof Error ? err.message : String(err);
  const errors = serverErrors(err);
  for (const [key, want] of Object.entries(expected)) {
    switch (key) {
      case 'isError':
        break;
      case 'isClientError':
        if (want === fromServer) fail(`expected ${want ? 'a client' : 'a server'} error, got ${err instanceof Error ? err.name : typeof err}: ${message}`);
        break;
      case 'isTimeoutError':
        if (want) fail('timeout errors are not tested by this runner');
        break;
      case 'errorContains': {
        const needle = String(want).toLowerCase();
        if (![message, ...errors.map((e) => String(e.errmsg))].some((m) => m.toLowerCase().includes(needle))) fail(`expected an error containing "${String(want)}", got: ${message}`);
        break;
      }
      case 'errorCode':
        if (!fromServer || !errors.some((e) => e.code === want)) fail(`expected error code ${String(want)}, got ${JSON.stringify(errors)}: ${message}`);
        break;
      case 'errorCodeName':
        if (!fromServer || !errors.some((e) => String(e.codeName).toLowerCase() === String(want).toLowerCase())) {
          fail(`expected error code name ${String(want)}, got ${JSON.stringify(errors)}: ${message}`);
        }
        break;
      case 'errorLabelsContain':
        for (const label of want as string[]) if (!(err instanceof MongoError && err.hasErrorLabel(label))) fail(`expected error label ${label}`);
        break;
      case 'errorLabelsOmit':
        for (const label of want as string[]) if (err instanceof MongoError && err.hasErrorLabel(label)) fail(`unexpected error label ${label}`);
        break;
      case 'errorResponse':
        if (!(err instanceof MongoServerError)) fail(`expected a server response, got: ${message}`);
        match(want, err.errorResponse, entities, true, 'errorResponse');
        break;
      case 'expectResult':
        matchResult(want, err instanceof MongoBulkWriteError ? bulkResultDocument(err.result) : undefined, entities, false);
        break;
      default:
        throw new Error(`unsupported expectError assertion ${key}`);
    }
  }
}

const EVENT_FIELDS: Record<CommandEvent['type'], string[]> = {
  commandStartedEvent: ['command', 'commandName', 'databaseName', 'hasServiceId', 'hasServerConnectionId'],
  commandSucceededEvent: ['reply', 'commandName', 'databaseName', 'hasServiceId', 'hasServerConnectionId'],
  commandFailedEvent: ['commandName', 'databaseName', 'hasServiceId', 'hasServerConnectionId'],
};

export function checkEvents(expectations: Document[], entities: EntityMap): void {
  for (const { client, eventType, events, ignoreExtraEvents } of expectations) {
    if (eventType !== undefined && eventType !== 'command') throw new Error(`unsupported eventType ${String(eventType)}`);
    const actual = entities.client(client).events;
    const expected = events as Document[];
    const summary = (): string => actual.map((e) => `${e.type}(${e.commandName})`).join(', ');
    if (ignoreExtraEvents ? actual.length < expected.length : actual.length !== expected.length) {
      fail(`client ${client}: expected ${expected.length} events, got ${actual.length}: ${summary()}`);
    }
    expected.forEach((want, i) => {
      const [type, fields] = Object.entries(want)[0] as [CommandEvent['type'], Document];
      const got = actual[i]!;
      if (got.type !== type) fail(`client ${client} event ${i}: expected ${type}, got ${got.type}(${got.commandName}); all: ${summary()}`);
      for (const [field, value] of Object.entries(fields)) {
        if (!EVENT_FIELDS[type]?.includes(field)) throw new Error(`unsupported ${type} field ${field}`);
        match(value, got[field as keyof CommandEvent], entities, true, `events[${i}].${field}`);
      }
    });
  }
}
