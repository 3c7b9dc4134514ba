import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo, startEmbeddedMongoThread, type Logger } from '../src';
import { startThread, withoutTsxLoaders } from '../src/thread';
import { tempDir } from './helpers';

interface RecordingLogger extends Logger {
  records: Array<{ level: 'info' | 'warn' | 'error'; message: string }>;
}

function recordingLogger(): RecordingLogger {
  const records: RecordingLogger['records'] = [];
  return {
    records,
    info: (message) => records.push({ level: 'info', message }),
    warn: (message) => records.push({ level: 'warn', message }),
    error: (message) => records.push({ level: 'error', message }),
  };
}

async function withClient<T>(uri: string, fn: (client: MongoClient) => Promise<T>): Promise<T> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const dirs: string[] = [];
function dir(): string {
  const d = tempDir();
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const lockOf = (dbPath: string): string => path.join(dbPath, 'mongod.lock');

it('serves reads and writes from a worker thread, and keeps them across a stop and a restart', async () => {
  const dbPath = dir();
  const logger = recordingLogger();
  const server = await startEmbeddedMongoThread({ port: 0, dbPath, logger });
  expect(server.uri).toBe(`mongodb://127.0.0.1:${server.port}/`);
  expect(server.host).toBe('127.0.0.1');
  await withClient(server.uri, async (c) => {
    const coll = c.db('t').collection('items');
    await coll.createIndex({ sku: 1 }, { unique: true });
    await coll.insertMany([{ sku: 'a', n: 1 }, { sku: 'b', n: 2 }]);
    await coll.updateOne({ sku: 'b' }, { $inc: { n: 40 } });
    expect(await coll.find({}, { projection: { _id: 0 } }).sort({ sku: 1 }).toArray()).toEqual([
      { sku: 'a', n: 1 },
      { sku: 'b', n: 42 },
    ]);
  });
  expect(fs.existsSync(lockOf(dbPath))).toBe(true);
  await server.stop();
  // Stopped inside the worker: snapshot written, lock released; stop() resolves once the thread has exited.
  expect(fs.existsSync(lockOf(dbPath))).toBe(false);
  expect(fs.readdirSync(dbPath)).toContain('snapshot.bson');
  await server.stop(); // a second stop is a no-op

  // The worker's log records reach this thread's logger.
  const infos = logger.records.filter((r) => r.level === 'info').map((r) => r.message);
  expect(infos).toContain(`listening on 127.0.0.1:${server.port} with data in ${dbPath}`);
  expect(infos).toContain('stopped');
  // The thread ended by itself after the stop (not terminated after a grace period), with nothing to warn about.
  expect(logger.records.filter((r) => r.level !== 'info')).toEqual([]);

  const again = await startEmbeddedMongoThread({ port: 0, dbPath, logger: recordingLogger() });
  try {
    await withClient(again.uri, async (c) => {
      const docs = await c.db('t').collection('items').find({}, { projection: { _id: 0 } }).sort({ sku: 1 }).toArray();
      expect(docs).toEqual([
        { sku: 'a', n: 1 },
        { sku: 'b', n: 42 },
      ]);
      const dup = await c.db('t').collection('items').insertOne({ sku: 'a' }).catch((e: { code: number }) => e);
      expect(dup).toMatchObject({ code: 11000 });
    });
  } finally {
    await again.stop();
  }
}, 30_000);

it('refuses a data folder that another server of this process holds, on a thread or not, until it stops', async () => {
  const dbPath = dir();
  const first = await startEmbeddedMongoThread({ port: 0, dbPath, logger: recordingLogger() });
  try {
    await expect(startEmbeddedMongoThread({ port: 0, dbPath, logger: recordingLogger() })).rejects.toThrow(
      `data folder ${dbPath} is already in use by this process`,
    );
    await expect(startEmbeddedMongo({ port: 0, dbPath, logger: recordingLogger() })).rejects.toThrow(/already in use by this process/);
    // The refused attempts left the first server's lock and data alone.
    await withClient(first.uri, async (c) => {
      await c.db('t').collection('x').insertOne({ still: 'here' });
    });
    expect(fs.existsSync(lockOf(dbPath))).toBe(true);
  } finally {
    await first.stop();
  }
  // Released by stop(): the folder opens again, and an in-thread server's lock is refused by a thread in turn.
  const inThread = await startEmbeddedMongo({ port: 0, dbPath, logger: recordingLogger() });
  try {
    await expect(startEmbeddedMongoThread({ port: 0, dbPath, logger: recordingLogger() })).rejects.toThrow(/already in use by this process/);
  } finally {
    await inThread.stop();
  }
  const second = await startEmbeddedMongoThread({ port: 0, dbPath, logger: recordingLogger() });
  await withClient(second.uri, async (c) => {
    expect(await c.db('t').collection('x').countDocuments({ still: 'here' })).toBe(1);
  });
  await second.stop();
}, 30_000);

it("rejects with the worker's own error when the server cannot start", async () => {
  // A folder locked by another live process.
  const locked = dir();
  fs.writeFileSync(lockOf(locked), `${process.ppid}\n`);
  await expect(startEmbeddedMongoThread({ port: 0, dbPath: locked, logger: recordingLogger() })).rejects.toThrow(
    `data folder ${locked} is locked by running process ${process.ppid}`,
  );

  // A port in use.
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const taken = (blocker.address() as net.AddressInfo).port;
  try {
    const err = await startEmbeddedMongoThread({ port: taken, logger: recordingLogger() }).catch((e: NodeJS.ErrnoException) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/EADDRINUSE/);
    expect((err as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }

  // A data folder that is a file.
  const file = path.join(dir(), 'not-a-folder');
  fs.writeFileSync(file, 'x');
  await expect(startEmbeddedMongoThread({ port: 0, dbPath: file, logger: recordingLogger() })).rejects.toThrow(/EEXIST|ENOTDIR/);
}, 30_000);

it('reports a worker that crashes while running, and frees its data folder', async () => {
  const dbPath = dir();
  const logger = recordingLogger();
  const server = await startThread(path.join(__dirname, 'thread-crash-entry.cjs'), { port: 0, dbPath, logger });
  await withClient(server.uri, async (c) => {
    await c.db('t').collection('acked').insertOne({ n: 1 });
  });
  fs.writeFileSync(path.join(dbPath, 'crash-now'), '');
  await waitFor(() => logger.records.some((r) => r.level === 'error'));
  const errors = logger.records.filter((r) => r.level === 'error').map((r) => r.message);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(/^worker thread crashed: Error: simulated crash in the worker/);
  await waitFor(() => !fs.existsSync(lockOf(dbPath)));
  await server.stop(); // nothing left to stop
  fs.rmSync(path.join(dbPath, 'crash-now'));

  // The acknowledged write survived the crash, as after a killed process.
  const again = await startEmbeddedMongoThread({ port: 0, dbPath, logger: recordingLogger() });
  try {
    await withClient(again.uri, async (c) => {
      expect(await c.db('t').collection('acked').countDocuments({ n: 1 })).toBe(1);
    });
  } finally {
    await again.stop();
  }
}, 30_000);

it("passes node options on to the worker except tsx's own loaders", () => {
  expect(
    withoutTsxLoaders([
      '--require',
      '/repo/node_modules/tsx/dist/preflight.cjs',
      '--import',
      'file:///repo/node_modules/tsx/dist/loader.mjs',
      '--enable-source-maps',
      '--import=tsx',
      '--require',
      './other-hook.cjs',
      '--conditions=development',
    ]),
  ).toEqual(['--enable-source-maps', '--require', './other-hook.cjs', '--conditions=development']);
});
