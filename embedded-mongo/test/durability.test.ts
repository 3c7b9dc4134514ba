import fs from 'node:fs';
import path from 'node:path';
import { Long, MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../src';
import { capturingLogger, tempDir } from './helpers';

async function withClient<T>(uri: string, fn: (client: MongoClient) => Promise<T>): Promise<T> {
  const client = new MongoClient(uri);
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function dir(): string {
  const d = tempDir();
  dirs.push(d);
  return d;
}

it('keeps data and indexes across a restart', async () => {
  const dbPath = dir();
  let server = await startEmbeddedMongo({ port: 0, dbPath, logger: capturingLogger() });
  await withClient(server.uri, async (c) => {
    const coll = c.db('p').collection('items');
    await coll.createIndex({ sku: 1 }, { unique: true });
    await coll.insertMany([{ sku: 'a', n: Long.fromNumber(2 ** 40) }, { sku: 'b' }, { sku: 'c' }]);
    await coll.updateOne({ sku: 'b' }, { $set: { touched: true } });
    await coll.deleteOne({ sku: 'c' });
  });
  await server.stop();
  server = await startEmbeddedMongo({ port: 0, dbPath, logger: capturingLogger() });
  await withClient(server.uri, async (c) => {
    const coll = c.db('p').collection('items');
    const docs = await coll.find({}, { projection: { _id: 0 } }).toArray();
    expect(docs).toEqual([{ sku: 'a', n: 2 ** 40 }, { sku: 'b', touched: true }]);
    expect((await coll.insertOne({ sku: 'a' }).catch((e: { code: number }) => e)) as { code: number }).toMatchObject({ code: 11000 });
  });
  await server.stop();
});

it('replays the journal when the process did not stop cleanly, and compacts into a snapshot', async () => {
  const dbPath = dir();
  const server = await startEmbeddedMongo({ port: 0, dbPath, logger: capturingLogger(), compactBytes: 20_000 });
  await withClient(server.uri, async (c) => {
    const coll = c.db('j').collection('log');
    for (let i = 0; i < 10; i++) await coll.insertMany(Array.from({ length: 50 }, (_, k) => ({ i, k, pad: 'x'.repeat(40) })));
  });
  // Copy the files as they are while the server runs: this is what a crash leaves behind.
  const copy = dir();
  for (const f of fs.readdirSync(dbPath)) if (f !== 'mongod.lock') fs.copyFileSync(path.join(dbPath, f), path.join(copy, f));
  expect(fs.readdirSync(copy)).toContain('snapshot.bson');
  await server.stop();
  const again = await startEmbeddedMongo({ port: 0, dbPath: copy, logger: capturingLogger() });
  await withClient(again.uri, async (c) => expect(await c.db('j').collection('log').countDocuments()).toBe(500));
  await again.stop();
});

it('cuts a corrupt journal tail with a warning and keeps the data before it', async () => {
  const dbPath = dir();
  const server = await startEmbeddedMongo({ port: 0, dbPath, logger: capturingLogger() });
  await withClient(server.uri, async (c) => {
    await c.db('c').collection('x').insertMany([{ a: 1 }, { a: 2 }, { a: 3 }]);
  });
  // Simulate a crash: copy the live journal, then append garbage as a torn write would leave.
  const crashed = dir();
  for (const f of fs.readdirSync(dbPath)) if (f.startsWith('journal-')) fs.copyFileSync(path.join(dbPath, f), path.join(crashed, f));
  await server.stop();
  const journal = fs.readdirSync(crashed).find((f) => f.startsWith('journal-'))!;
  fs.appendFileSync(path.join(crashed, journal), Buffer.from([0x30, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
  const logger = capturingLogger();
  const again = await startEmbeddedMongo({ port: 0, dbPath: crashed, logger });
  expect(logger.warnings.join('\n')).toMatch(/journal-\d+\.log: torn record/);
  await withClient(again.uri, async (c) => {
    expect(await c.db('c').collection('x').countDocuments()).toBe(3);
    await c.db('c').collection('x').insertOne({ a: 4 });
  });
  await again.stop();
  const third = await startEmbeddedMongo({ port: 0, dbPath: crashed, logger: capturingLogger() });
  await withClient(third.uri, async (c) => expect(await c.db('c').collection('x').countDocuments()).toBe(4));
  await third.stop();
});

it('refuses a second server on the same folder and takes over a stale lock', async () => {
  const dbPath = dir();
  const server = await startEmbeddedMongo({ port: 0, dbPath, logger: capturingLogger() });
  await expect(startEmbeddedMongo({ port: 0, dbPath, logger: capturingLogger() })).rejects.toThrow(/in use|locked/);
  await server.stop();
  // A lock file naming a process that no longer exists is stale.
  fs.writeFileSync(path.join(dbPath, 'mongod.lock'), '999999999\n');
  const next = await startEmbeddedMongo({ port: 0, dbPath, logger: capturingLogger() });
  await next.stop();
  expect(fs.existsSync(path.join(dbPath, 'mongod.lock'))).toBe(false);
});

it('refuses a folder locked by another live process', async () => {
  const dbPath = dir();
  fs.writeFileSync(path.join(dbPath, 'mongod.lock'), `${process.ppid}\n`);
  await expect(startEmbeddedMongo({ port: 0, dbPath, logger: capturingLogger() })).rejects.toThrow(/locked by running process/);
});

it("takes over a lock with this process's pid left by an earlier process (the pid was reused)", async () => {
  const dbPath = dir();
  const startedBefore = Math.round(Date.now() - process.uptime() * 1000) - 60 * 60 * 1000;
  for (const stale of [`${process.pid}\n`, `${process.pid}\n${startedBefore}\n0\n`]) {
    fs.writeFileSync(path.join(dbPath, 'mongod.lock'), stale);
    const server = await startEmbeddedMongo({ port: 0, dbPath, logger: capturingLogger() });
    const [pid, start] = fs.readFileSync(path.join(dbPath, 'mongod.lock'), 'utf8').split('\n').map(Number);
    expect(pid).toBe(process.pid);
    expect(Math.abs(start! - (Date.now() - process.uptime() * 1000))).toBeLessThan(1000);
    await server.stop();
  }
});

it('acknowledges concurrent writes only once an fdatasync begun after them has completed', async () => {
  const dbPath = dir();
  const server = await startEmbeddedMongo({ port: 0, dbPath, logger: capturingLogger() });
  const held: Array<() => void> = [];
  const real = fs.fdatasync;
  const spy = jest.spyOn(fs, 'fdatasync');
  try {
    await withClient(server.uri, async (c) => {
      const coll = c.db('d').collection('rows');
      await coll.insertMany([{ k: 1, n: 0 }, { k: 2, n: 0 }]);
      spy.mockImplementation(((fd: number, cb: (err: NodeJS.ErrnoException | null) => void) => {
        held.push(() => real(fd, cb));
      }) as typeof fs.fdatasync);
      let acked = 0;
      const writes = [1, 2].map((k) => coll.findOneAndUpdate({ k }, { $inc: { n: 1 } }, { returnDocument: 'after' }).then((d) => (acked++, d)));
      while (held.length < 2) await new Promise((r) => setTimeout(r, 5));
      // The second write started its own fdatasync without waiting for the first; neither is acknowledged yet.
      await new Promise((r) => setTimeout(r, 50));
      expect(acked).toBe(0);
      spy.mockRestore();
      for (const release of held.splice(0)) release();
      expect((await Promise.all(writes)).map((d) => d?.n)).toEqual([1, 1]);
      const status = await c.db('admin').command({ serverStatus: 1 });
      expect((status.journal as { fsyncs: number }).fsyncs).toBeGreaterThanOrEqual(3);
    });
  } finally {
    spy.mockRestore();
    await server.stop();
  }
  const again = await startEmbeddedMongo({ port: 0, dbPath, logger: capturingLogger() });
  await withClient(again.uri, async (c) => expect(await c.db('d').collection('rows').find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ k: 1, n: 1 }, { k: 2, n: 1 }]));
  await again.stop();
});

it('acknowledges a write with j: false once applied, and makes it durable with the next fdatasync', async () => {
  const dbPath = dir();
  const server = await startEmbeddedMongo({ port: 0, dbPath, logger: capturingLogger() });
  const held: Array<() => void> = [];
  const real = fs.fdatasync;
  const spy = jest.spyOn(fs, 'fdatasync');
  try {
    await withClient(server.uri, async (c) => {
      const coll = c.db('d').collection('rows');
      await coll.insertOne({ k: 1, n: 0 });
      spy.mockImplementation(((fd: number, cb: (err: NodeJS.ErrnoException | null) => void) => {
        held.push(() => real(fd, cb));
      }) as typeof fs.fdatasync);
      const waived = { writeConcern: { w: 1, j: false } };
      // Answered while no fdatasync can complete, and seen by the next read.
      const taken = await coll.findOneAndUpdate({ k: 1 }, { $inc: { n: 1 } }, { returnDocument: 'before', ...waived });
      expect(taken?.n).toBe(0);
      await coll.insertOne({ k: 2, n: 0 }, waived);
      expect(await coll.countDocuments()).toBe(2);
      // A write with the default concern still waits for its fdatasync, which covers the earlier ones.
      let acked = false;
      const durable = coll.insertOne({ k: 3, n: 0 }).then(() => (acked = true));
      await new Promise((r) => setTimeout(r, 50));
      expect(acked).toBe(false);
      spy.mockRestore();
      for (const release of held.splice(0)) release();
      await durable;
    });
  } finally {
    spy.mockRestore();
    for (const release of held.splice(0)) release();
    await server.stop();
  }
  const again = await startEmbeddedMongo({ port: 0, dbPath, logger: capturingLogger() });
  await withClient(again.uri, async (c) =>
    expect(await c.db('d').collection('rows').find({}, { projection: { _id: 0 } }).sort({ k: 1 }).toArray()).toEqual([
      { k: 1, n: 1 },
      { k: 2, n: 0 },
      { k: 3, n: 0 },
    ]),
  );
  await again.stop();
});
