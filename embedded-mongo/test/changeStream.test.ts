// Change streams on a collection of a one-member replica set (the replSet option), through the driver's watch().
import { MongoClient, MongoServerError, type ChangeStreamDocument, type Collection } from 'mongodb';
import type { EmbeddedMongo } from '../src';
import { serverErrorOf, startTestServer } from './helpers';

let server: EmbeddedMongo;
let client: MongoClient;
let seq = 0;
beforeAll(async () => {
  server = await startTestServer({ replSet: 'rs0' });
  client = await new MongoClient(server.uri).connect();
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

type Item = { _id: number; n: number; tags?: string[]; gone?: boolean };
function fresh(): Collection<Item> {
  return client.db('streams').collection<Item>(`c${++seq}`);
}

describe('$changeStream', () => {
  it('reports inserts, updates with their description, replaces and deletes of one collection, in order', async () => {
    const coll = fresh();
    const other = fresh();
    const stream = coll.watch<Item>([], { maxAwaitTimeMS: 200 });
    const first = stream.tryNext(); // opens the stream before the writes below
    expect(await first).toBeNull();
    await coll.insertOne({ _id: 1, n: 1, tags: ['a'], gone: false });
    await other.insertOne({ _id: 9, n: 9 });
    await coll.updateOne({ _id: 1 }, { $set: { n: 2, 'tags.1': 'b' }, $unset: { gone: '' } });
    await coll.updateOne({ _id: 1 }, [{ $set: { tags: ['a'] } }]);
    await coll.replaceOne({ _id: 1 }, { n: 3 });
    await coll.deleteOne({ _id: 1 });
    const events: ChangeStreamDocument<Item>[] = [];
    for (let i = 0; i < 5; i++) events.push(await stream.next());
    await stream.close();
    expect(events.map((e) => e.operationType)).toEqual(['insert', 'update', 'update', 'replace', 'delete']);
    const ns = { db: 'streams', coll: coll.collectionName };
    expect(events[0]).toMatchObject({ ns, documentKey: { _id: 1 }, fullDocument: { _id: 1, n: 1, tags: ['a'], gone: false } });
    expect(events[1]).toMatchObject({ ns, documentKey: { _id: 1 }, updateDescription: { updatedFields: { n: 2, 'tags.1': 'b' }, removedFields: ['gone'], truncatedArrays: [] } });
    expect(events[1]).not.toHaveProperty('fullDocument');
    expect(events[2]).toMatchObject({ updateDescription: { updatedFields: {}, removedFields: [], truncatedArrays: [{ field: 'tags', newSize: 1 }] } });
    expect(events[3]).toMatchObject({ ns, documentKey: { _id: 1 }, fullDocument: { _id: 1, n: 3 } });
    expect(events[4]).toMatchObject({ ns, documentKey: { _id: 1 } });
    expect(events[4]).not.toHaveProperty('fullDocument');
    for (const e of events) expect(e.clusterTime).toBeDefined();
    const times = events.map((e) => (e as { clusterTime: { toBigInt(): bigint } }).clusterTime.toBigInt());
    expect([...times].sort((a, b) => (a < b ? -1 : 1))).toEqual(times);
  });

  it('looks the document up for updates with fullDocument: updateLookup, and filters with a pipeline', async () => {
    const coll = fresh();
    const stream = coll.watch<Item>([{ $match: { operationType: 'update' } }], { fullDocument: 'updateLookup', maxAwaitTimeMS: 200 });
    expect(await stream.tryNext()).toBeNull();
    await coll.insertOne({ _id: 1, n: 1 });
    await coll.updateOne({ _id: 1 }, { $inc: { n: 5 } });
    const e = await stream.next();
    await stream.close();
    expect(e).toMatchObject({ operationType: 'update', fullDocument: { _id: 1, n: 6 }, updateDescription: { updatedFields: { n: 6 } } });
  });

  it('watches a database and the whole deployment', async () => {
    const dbStream = client.db('streams').watch([], { maxAwaitTimeMS: 200 });
    const allStream = client.watch([], { maxAwaitTimeMS: 200 });
    expect(await dbStream.tryNext()).toBeNull();
    expect(await allStream.tryNext()).toBeNull();
    await client.db('elsewhere').collection('x').insertOne({ _id: 1 as never });
    const coll = fresh();
    await coll.insertOne({ _id: 2, n: 2 });
    const inDb = await dbStream.next();
    const everywhere = [await allStream.next(), await allStream.next()];
    await dbStream.close();
    await allStream.close();
    expect(inDb).toMatchObject({ operationType: 'insert', ns: { db: 'streams', coll: coll.collectionName }, documentKey: { _id: 2 } });
    expect(everywhere.map((e) => ('ns' in e ? e.ns : undefined))).toEqual([{ db: 'elsewhere', coll: 'x' }, { db: 'streams', coll: coll.collectionName }]);
  });

  it('ends a collection stream with invalidate when it is dropped or renamed, a database stream when the database is dropped', async () => {
    const coll = fresh();
    await coll.insertOne({ _id: 1, n: 1 });
    const stream = coll.watch<Item>([], { maxAwaitTimeMS: 200 });
    expect(await stream.tryNext()).toBeNull();
    await coll.drop();
    const dropped = [await stream.next(), await stream.next()];
    expect(dropped.map((e) => e.operationType)).toEqual(['drop', 'invalidate']);
    expect(dropped[0]).toMatchObject({ ns: { db: 'streams', coll: coll.collectionName } });
    expect(stream.closed).toBe(true);
    // startAfter an invalidate goes on with what followed; resumeAfter refuses it (260).
    const after = coll.watch<Item>([], { startAfter: dropped[1]!._id, maxAwaitTimeMS: 200 });
    await coll.insertOne({ _id: 2, n: 2 });
    expect(await after.next()).toMatchObject({ operationType: 'insert', documentKey: { _id: 2 } });
    await after.close();
    expect((await serverErrorOf(coll.aggregate([{ $changeStream: { resumeAfter: dropped[1]!._id } }]).toArray())).code).toBe(260);

    const renamed = fresh();
    await renamed.insertOne({ _id: 1, n: 1 });
    const renames = renamed.watch<Item>([], { maxAwaitTimeMS: 200 });
    expect(await renames.tryNext()).toBeNull();
    await renamed.rename(`${renamed.collectionName}_new`);
    expect([await renames.next(), await renames.next()]).toMatchObject([
      { operationType: 'rename', ns: { db: 'streams', coll: renamed.collectionName }, to: { db: 'streams', coll: `${renamed.collectionName}_new` } },
      { operationType: 'invalidate' },
    ]);

    const db = client.db('streams_gone');
    await db.collection('a').insertOne({ _id: 1 as never });
    const dbStream = db.watch([], { maxAwaitTimeMS: 200 });
    expect(await dbStream.tryNext()).toBeNull();
    await db.dropDatabase();
    expect([await dbStream.next(), await dbStream.next(), await dbStream.next()]).toMatchObject([
      { operationType: 'drop', ns: { db: 'streams_gone', coll: 'a' } },
      { operationType: 'dropDatabase', ns: { db: 'streams_gone' } },
      { operationType: 'invalidate' },
    ]);
  });

  it('resumes after a token with the events that followed it', async () => {
    const coll = fresh();
    const stream = coll.watch<Item>([], { maxAwaitTimeMS: 200 });
    expect(await stream.tryNext()).toBeNull();
    await coll.insertMany([{ _id: 1, n: 1 }, { _id: 2, n: 2 }, { _id: 3, n: 3 }]);
    const one = await stream.next();
    await stream.close();
    const resumed = coll.watch<Item>([], { resumeAfter: one._id, maxAwaitTimeMS: 200 });
    const next = [await resumed.next(), await resumed.next()];
    await resumed.close();
    expect(next.map((e) => (e.operationType === 'insert' ? e.documentKey._id : undefined))).toEqual([2, 3]);
  });

  it('waits for an event on getMore, and answers it as soon as one is written', async () => {
    const coll = fresh();
    const stream = coll.watch<Item>([], { maxAwaitTimeMS: 20_000 });
    const started = Date.now();
    const pending = stream.next(); // opens the stream, then waits in getMore (up to 20 s if nothing wakes it)
    setTimeout(() => void coll.insertOne({ _id: 7, n: 7 }), 300);
    const e = await pending;
    const took = Date.now() - started;
    await stream.close();
    expect(e).toMatchObject({ operationType: 'insert', documentKey: { _id: 7 } });
    expect(took).toBeGreaterThanOrEqual(250);
    // Woken by the write, not by the end of the wait (generous for a busy machine).
    expect(took).toBeLessThan(10_000);
  });

  it('costs no CPU while a getMore waits for nothing', async () => {
    const coll = fresh();
    const stream = coll.watch<Item>([], { maxAwaitTimeMS: 1000 });
    const cpu = process.cpuUsage();
    const started = Date.now();
    expect(await stream.tryNext()).toBeNull();
    const waited = Date.now() - started;
    const used = process.cpuUsage(cpu);
    await stream.close();
    expect(waited).toBeGreaterThanOrEqual(900);
    // The server runs in this process: a getMore that polled would spend most of the second on CPU.
    expect((used.user + used.system) / 1000).toBeLessThan(waited / 2);
  });

  it('refuses tokens this server did not give, and a standalone refuses change streams', async () => {
    const coll = fresh();
    await coll.insertOne({ _id: 1, n: 1 });
    const err = await serverErrorOf(coll.aggregate([{ $changeStream: { resumeAfter: { _data: `${'0'.repeat(24)}${'0'.repeat(15)}1` } } }]).toArray());
    expect(err.code).toBe(286);
    const standalone = await startTestServer();
    const plain = await new MongoClient(standalone.uri).connect();
    try {
      const refused = await serverErrorOf(plain.db('streams').collection('x').aggregate([{ $changeStream: {} }]).toArray());
      expect(refused).toBeInstanceOf(MongoServerError);
      expect(refused.code).toBe(40573);
    } finally {
      await plain.close();
      await standalone.stop();
    }
  });
});
