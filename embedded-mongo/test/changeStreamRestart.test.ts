// Change streams across a restart of the server on the same data folder (the oplog files), their cap on disk,
// pre- and post-images and the expanded events, through the driver's watch().
import fs from 'node:fs';
import path from 'node:path';
import { MongoClient, Timestamp, type ChangeStreamDocument, type ResumeToken } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src';
import { capturingLogger, serverErrorOf, tempDir } from './helpers';

type Item = { _id: number; n: number };

let dir: string;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function start(port = 0, oplogBytes?: number): Promise<{ server: EmbeddedMongo; client: MongoClient }> {
  const server = await startEmbeddedMongo({ dbPath: dir, port, replSet: 'rs0', logger: capturingLogger(), oplogBytes });
  const client = await new MongoClient(`${server.uri}?directConnection=true`).connect();
  return { server, client };
}

async function stop(run: { server: EmbeddedMongo; client: MongoClient }): Promise<void> {
  await run.client.close();
  await run.server.stop();
}

const ids = (events: ChangeStreamDocument<Item>[]): unknown[] => events.map((e) => ('documentKey' in e ? e.documentKey._id : e.operationType));

describe('change streams across a restart', () => {
  it('resumes after, starts after and starts at an operation time of the previous run', async () => {
    const first = await start();
    const coll = first.client.db('streams').collection<Item>('items');
    const stream = coll.watch<Item>([], { maxAwaitTimeMS: 200 });
    expect(await stream.tryNext()).toBeNull();
    await coll.insertMany([{ _id: 1, n: 1 }, { _id: 2, n: 2 }]);
    const one = await stream.next();
    const two = await stream.next();
    const token: ResumeToken = one._id;
    const time = (two as { clusterTime: Timestamp }).clusterTime;
    await stream.close();
    await coll.insertOne({ _id: 3, n: 3 });
    await stop(first);

    const second = await start();
    try {
      const again = second.client.db('streams').collection<Item>('items');
      await again.insertOne({ _id: 4, n: 4 });
      for (const options of [{ resumeAfter: token }, { startAfter: token }, { startAtOperationTime: time }]) {
        const resumed = again.watch<Item>([], { ...options, maxAwaitTimeMS: 200 });
        const events = [await resumed.next(), await resumed.next(), await resumed.next()];
        await resumed.close();
        expect(ids(events)).toEqual([2, 3, 4]);
      }
      // Cluster times go on growing after the restart.
      const fresh = again.watch<Item>([], { maxAwaitTimeMS: 200 });
      expect(await fresh.tryNext()).toBeNull();
      await again.insertOne({ _id: 5, n: 5 });
      const five = (await fresh.next()) as { clusterTime: Timestamp };
      await fresh.close();
      expect(five.clusterTime.greaterThan(time)).toBe(true);
    } finally {
      await stop(second);
    }
  });

  it('a stream open across a restart goes on with the writes made after it (the driver resumes)', async () => {
    const first = await start();
    const port = first.server.port;
    const coll = first.client.db('streams').collection<Item>('items');
    const stream = coll.watch<Item>([], { maxAwaitTimeMS: 200 });
    expect(await stream.tryNext()).toBeNull();
    await coll.insertOne({ _id: 1, n: 1 });
    expect(ids([await stream.next()])).toEqual([1]);
    await first.server.stop();
    const second = await startEmbeddedMongo({ dbPath: dir, port, replSet: 'rs0', logger: capturingLogger() });
    try {
      const writer = await new MongoClient(`${second.uri}?directConnection=true`).connect();
      await writer.db('streams').collection<Item>('items').insertOne({ _id: 2, n: 2 });
      await writer.close();
      expect(ids([await stream.next()])).toEqual([2]);
      await stream.close();
    } finally {
      await first.client.close();
      await second.stop();
    }
  });

  it('keeps the oplog files under their cap, and a token older than what they keep is history lost (286)', async () => {
    const run = await start(0, 64 * 1024);
    try {
      const coll = run.client.db('streams').collection<Item & { pad: string }>('items');
      const stream = coll.watch([], { maxAwaitTimeMS: 200 });
      expect(await stream.tryNext()).toBeNull();
      await coll.insertOne({ _id: 0, n: 0, pad: '' });
      const oldest = await stream.next();
      await stream.close();
      const pad = 'x'.repeat(1000);
      for (let i = 1; i <= 300; i += 20) {
        await coll.insertMany(Array.from({ length: 20 }, (_, k) => ({ _id: i + k, n: i + k, pad })));
      }
      const files = fs.readdirSync(dir).filter((f) => /^oplog-\d+\.bson$/.test(f));
      const bytes = files.reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
      expect(files.length).toBeLessThanOrEqual(2);
      // Half the cap per segment, plus the one event that crossed it.
      expect(bytes).toBeLessThan(64 * 1024 + 4096);
      const lost = await serverErrorOf(coll.aggregate([{ $changeStream: { resumeAfter: oldest._id } }]).toArray());
      expect(lost.code).toBe(286);
      // The newest events are still there to resume from.
      const recent = coll.watch([], { startAtOperationTime: new Timestamp({ t: 0, i: 0 }), maxAwaitTimeMS: 200 });
      const firstKept = await recent.next();
      await recent.close();
      expect((firstKept as { documentKey: { _id: number } }).documentKey._id).toBeGreaterThan(200);
    } finally {
      await stop(run);
    }
  });
});

describe('pre- and post-images and expanded events', () => {
  it('gives the document before and after a write where the collection keeps images, null elsewhere', async () => {
    const run = await start();
    try {
      const db = run.client.db('streams');
      await db.createCollection('kept', { changeStreamPreAndPostImages: { enabled: true } });
      const kept = db.collection<Item>('kept');
      const plain = db.collection<Item>('plain');
      await kept.insertOne({ _id: 1, n: 1 });
      await plain.insertOne({ _id: 1, n: 1 });
      const stream = db.watch<Item>([{ $match: { operationType: { $in: ['update', 'delete'] } } }], {
        fullDocument: 'whenAvailable',
        fullDocumentBeforeChange: 'whenAvailable',
        maxAwaitTimeMS: 200,
      });
      expect(await stream.tryNext()).toBeNull();
      await kept.updateOne({ _id: 1 }, { $inc: { n: 1 } });
      await plain.updateOne({ _id: 1 }, { $inc: { n: 1 } });
      await kept.deleteOne({ _id: 1 });
      const events = [await stream.next(), await stream.next(), await stream.next()];
      await stream.close();
      expect(events).toMatchObject([
        { operationType: 'update', fullDocument: { _id: 1, n: 2 }, fullDocumentBeforeChange: { _id: 1, n: 1 } },
        { operationType: 'update', fullDocument: null, fullDocumentBeforeChange: null },
        { operationType: 'delete', fullDocumentBeforeChange: { _id: 1, n: 2 } },
      ]);
      // `required` where there is no image fails the stream (47 NoMatchingDocument); collMod turns images on.
      const required = plain.watch<Item>([], { fullDocumentBeforeChange: 'required', maxAwaitTimeMS: 200 });
      expect(await required.tryNext()).toBeNull();
      await plain.updateOne({ _id: 1 }, { $inc: { n: 1 } });
      expect((await serverErrorOf(required.next())).code).toBe(47);
      await required.close();
      await db.command({ collMod: 'plain', changeStreamPreAndPostImages: { enabled: true } });
      const now = plain.watch<Item>([], { fullDocument: 'required', maxAwaitTimeMS: 200 });
      expect(await now.tryNext()).toBeNull();
      await plain.updateOne({ _id: 1 }, { $inc: { n: 1 } });
      expect(await now.next()).toMatchObject({ fullDocument: { _id: 1, n: 4 } });
      await now.close();
      const refused = await serverErrorOf(db.command({ collMod: 'plain', changeStreamPreAndPostImages: true }));
      expect(refused.code).toBe(14);
    } finally {
      await stop(run);
    }
  });

  it('reports create, createIndexes, dropIndexes and modify only with showExpandedEvents', async () => {
    const run = await start();
    try {
      const db = run.client.db('streams');
      const expanded = db.watch([], { showExpandedEvents: true, maxAwaitTimeMS: 200 });
      const plain = db.watch([], { maxAwaitTimeMS: 200 });
      expect(await expanded.tryNext()).toBeNull();
      expect(await plain.tryNext()).toBeNull();
      await db.createCollection('made');
      await db.collection('made').createIndex({ n: 1 }, { name: 'n_1' });
      await db.command({ collMod: 'made', validator: { n: { $gte: 0 } } });
      await db.collection('made').dropIndex('n_1');
      await db.collection('made').insertOne({ _id: 1 as never, n: 1 });
      const events = [];
      for (let i = 0; i < 5; i++) events.push(await expanded.next());
      expect(events.map((e) => e.operationType)).toEqual(['create', 'createIndexes', 'modify', 'dropIndexes', 'insert']);
      expect(events[0]).toMatchObject({ ns: { db: 'streams', coll: 'made' }, operationDescription: { idIndex: { key: { _id: 1 }, name: '_id_' } } });
      expect(events[1]).toMatchObject({ operationDescription: { indexes: [{ key: { n: 1 }, name: 'n_1' }] } });
      expect(events[2]).toMatchObject({ operationDescription: { validator: { n: { $gte: 0 } } } });
      const uuid = (events[0] as { collectionUUID: unknown }).collectionUUID;
      expect(uuid).toBeDefined();
      for (const e of events) expect((e as { collectionUUID: unknown }).collectionUUID).toEqual(uuid);
      expect((await plain.next()).operationType).toBe('insert');
      await expanded.close();
      await plain.close();
    } finally {
      await stop(run);
    }
  });
});
