import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Db, MongoClient, MongoServerError } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo, type EmbeddedMongoOptions, type Logger } from '../src';

export function tempDir(prefix = 'embedded-mongo-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface CapturingLogger extends Logger {
  warnings: string[];
}

export function capturingLogger(): CapturingLogger {
  const warnings: string[] = [];
  return { warnings, info: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) };
}

export async function startTestServer(opts: Partial<EmbeddedMongoOptions> = {}): Promise<EmbeddedMongo & { dir: string }> {
  const dir = opts.dbPath ?? tempDir();
  const server = await startEmbeddedMongo({ port: 0, dbPath: dir, logger: capturingLogger(), ...opts });
  const stop = async (): Promise<void> => {
    await server.stop();
    // Only folders this helper created are removed; a caller's dbPath is the caller's to clean.
    if (!opts.dbPath) fs.rmSync(dir, { recursive: true, force: true });
  };
  return { ...server, stop, dir };
}

/** The server error a promise rejects with (anything else is rethrown; a fulfilled promise fails the test). */
export async function serverErrorOf(p: Promise<unknown>): Promise<MongoServerError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof MongoServerError) return err;
    throw err;
  }
  throw new Error('expected a server error');
}

/** A server and a driver client on it for the tests of one file: started before them, stopped after them. */
export function serverForFile(dbName: string): { server: () => EmbeddedMongo; client: () => MongoClient; db: () => Db } {
  let server: EmbeddedMongo | undefined;
  let client: MongoClient | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    client = new MongoClient(server.uri);
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });
  return { server: () => server!, client: () => client!, db: () => client!.db(dbName) };
}
