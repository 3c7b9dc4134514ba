// The _id index is unique across restarts, and a server process killed with SIGKILL in the middle of writes keeps
// every acknowledged write, loses at most the ones in flight, and leaves a data folder that opens again.
import fs from 'node:fs';
import { type Collection, type Document, MongoBulkWriteError, MongoClient, MongoServerError } from 'mongodb';
import { startBin, type Running } from './bin';
import { serverErrorOf, tempDir } from './helpers';

type Id = number | string;
interface Row {
  _id: Id;
  v: string;
  n?: number;
}

const dbPath = tempDir();
afterAll(() => fs.rmSync(dbPath, { recursive: true, force: true }));

/** Documents every acknowledged write left, by _id. */
const expected = new Map<Id, Row>();
let bin: Running | undefined;
let client: MongoClient | undefined;

async function start(): Promise<Collection<Row>> {
  bin = await startBin(dbPath, ['--compact-bytes', '16384']);
  client = new MongoClient(bin.uri, { retryWrites: false, serverSelectionTimeoutMS: 5000 });
  return client.db('durable').collection<Row>('rows');
}

async function stopCleanly(): Promise<void> {
  await client?.close();
  bin!.child.kill('SIGTERM');
  expect((await bin!.exit).code).toBe(0);
}

async function kill(): Promise<void> {
  bin!.child.kill('SIGKILL');
  await bin!.exit;
  await client?.close(true);
}

afterAll(async () => {
  await client?.close(true);
  if (bin && bin.child.exitCode === null && bin.child.signalCode === null) bin.child.kill('SIGKILL');
});

function sorted(rows: Row[]): Row[] {
  return [...rows].sort((a, b) => String(a._id).localeCompare(String(b._id)));
}

async function expectExactly(coll: Collection<Row>, rows: Iterable<Row>): Promise<void> {
  expect(sorted(await coll.find().toArray())).toEqual(sorted([...rows]));
}

function isDuplicate(err: unknown, id: Id): boolean {
  return err instanceof MongoServerError && err.code === 11000 && (err.keyValue as Document)?._id === id;
}

it('refuses every duplicate _id and keeps exactly the acknowledged documents across a clean restart', async () => {
  let coll = await start();
  for (let i = 0; i < 10; i++) {
    const row = { _id: i % 7, v: `single-${i}` };
    if (i < 7) {
      await coll.insertOne(row);
      expected.set(row._id, row);
    } else {
      const err = await serverErrorOf(coll.insertOne(row));
      expect(err).toMatchObject({ code: 11000, keyPattern: { _id: 1 }, keyValue: { _id: i % 7 } });
    }
  }

  // Ordered: stops at the first duplicate.
  const ordered = await coll.insertMany([{ _id: 100, v: 'o' }, { _id: 3, v: 'o' }, { _id: 101, v: 'o' }]).catch((e: unknown) => e);
  expect(ordered).toBeInstanceOf(MongoBulkWriteError);
  expect((ordered as MongoBulkWriteError).insertedCount).toBe(1);
  expect((ordered as MongoBulkWriteError).writeErrors).toMatchObject([{ index: 1, code: 11000 }]);
  expected.set(100, { _id: 100, v: 'o' });

  // Unordered: goes on and reports every duplicate with its index.
  const unordered = await coll.insertMany([{ _id: 200, v: 'u' }, { _id: 3, v: 'u' }, { _id: 201, v: 'u' }, { _id: 200, v: 'u2' }], { ordered: false }).catch((e: unknown) => e);
  expect((unordered as MongoBulkWriteError).insertedCount).toBe(2);
  expect((unordered as MongoBulkWriteError).writeErrors).toMatchObject([{ index: 1, code: 11000 }, { index: 3, code: 11000 }]);
  expected.set(200, { _id: 200, v: 'u' }).set(201, { _id: 201, v: 'u' });

  // Upserts: a new _id once, then the same document is updated; an upsert that would insert an existing _id is refused.
  expect((await coll.updateOne({ _id: 300 }, { $set: { v: 'up' } }, { upsert: true })).upsertedId).toBe(300);
  expect(await coll.updateOne({ _id: 300 }, { $set: { v: 'up2' } }, { upsert: true })).toMatchObject({ matchedCount: 1, upsertedCount: 0 });
  expected.set(300, { _id: 300, v: 'up2' });
  expect(await serverErrorOf(coll.updateOne({ v: 'nobody' }, { $setOnInsert: { _id: 0 } }, { upsert: true }))).toMatchObject({ code: 11000, keyValue: { _id: 0 } });
  expect(await serverErrorOf(coll.findOneAndUpdate({ v: 'nobody' }, { $setOnInsert: { _id: 100 } }, { upsert: true }))).toMatchObject({ code: 11000 });
  expect(await serverErrorOf(coll.replaceOne({ _id: 0 }, { _id: 1, v: 'r' } as Row))).toMatchObject({ code: 66 });

  // A mixed ordered bulk write stops at the duplicate.
  const bulk = await coll
    .bulkWrite([
      { insertOne: { document: { _id: 400, v: 'b' } } },
      { updateOne: { filter: { _id: 401 }, update: { $set: { v: 'b' } }, upsert: true } },
      { insertOne: { document: { _id: 401, v: 'b2' } } },
      { insertOne: { document: { _id: 402, v: 'b' } } },
    ])
    .catch((e: unknown) => e);
  expect((bulk as MongoBulkWriteError).writeErrors).toMatchObject([{ index: 2, code: 11000 }]);
  expected.set(400, { _id: 400, v: 'b' }).set(401, { _id: 401, v: 'b' });
  await expectExactly(coll, expected.values());

  // Field names such as __proto__ are data in the journal and snapshot too.
  await client!.db('durable').collection('names').insertOne(JSON.parse('{"_id": 1, "__proto__": {"polluted": 1}, "constructor": 2}') as Document);

  // After a clean restart the unique _id index is rebuilt from the data folder.
  await stopCleanly();
  coll = await start();
  await expectExactly(coll, expected.values());
  expect(await client!.db('durable').collection('names').countDocuments({ '__proto__.polluted': 1, constructor: 2 })).toBe(1);
  expect(isDuplicate(await coll.insertOne({ _id: 0, v: 'again' }).catch((e: unknown) => e), 0)).toBe(true);
  const again = await coll.insertMany([{ _id: 500, v: 'after' }, { _id: 100, v: 'after' }], { ordered: false }).catch((e: unknown) => e);
  expect((again as MongoBulkWriteError).writeErrors).toMatchObject([{ index: 1, code: 11000 }]);
  expected.set(500, { _id: 500, v: 'after' });
  await expectExactly(coll, expected.values());
}, 60_000);

it('keeps every acknowledged write and at most the writes in flight after a SIGKILL, and opens the folder again', async () => {
  let coll = client!.db('durable').collection<Row>('rows');
  const counters = new Map<string, number>();
  /** Per writer, the write that was sent and not answered when the server died. */
  const inFlight = new Map<number, { kind: 'insert'; row: Row } | { kind: 'inc'; id: string }>();
  let acked = 0;
  let dead = false;
  const writer = async (w: number): Promise<void> => {
    const counter = `counter-${w}`;
    counters.set(counter, 0);
    for (let j = 0; !dead; j++) {
      if (j % 3 === 2) {
        inFlight.set(w, { kind: 'inc', id: counter });
        try {
          await coll.updateOne({ _id: counter }, { $inc: { n: 1 }, $setOnInsert: { v: 'counter' } }, { upsert: true });
        } catch {
          return;
        }
        counters.set(counter, counters.get(counter)! + 1);
      } else {
        // Ids repeat every 40 writes: most inserts after the first round are duplicates and must be refused.
        const row = { _id: `w${w}-${j % 40}`, v: `w${w}-j${j}`, pad: 'x'.repeat(300) } as Row;
        inFlight.set(w, { kind: 'insert', row });
        try {
          await coll.insertOne(row);
          if (expected.has(row._id)) throw new Error(`a second insert of ${String(row._id)} was acknowledged`);
          expected.set(row._id, row);
        } catch (err) {
          if (!isDuplicate(err, row._id)) return;
          if (!expected.has(row._id)) throw new Error(`insert of ${String(row._id)} refused as a duplicate of nothing acknowledged`);
        }
      }
      inFlight.delete(w);
      acked++;
    }
  };
  const writers = [0, 1, 2, 3].map(writer);
  const deadline = Date.now() + 30_000;
  while (acked < 600 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(acked).toBeGreaterThanOrEqual(600);
  dead = true;
  // Killed mid-write: every writer has a write on the wire; the journal was compacted into snapshots meanwhile.
  expect(inFlight.size).toBe(4);
  expect(bin!.output()).toMatch(/compacted data into a snapshot/);
  await kill();
  await Promise.all(writers);

  coll = await start();
  const stored = new Map((await coll.find().toArray()).map((d) => [d._id, d] as const));
  for (const row of expected.values()) expect(stored.get(row._id)).toEqual(row);
  for (const [id, n] of counters) {
    const pending = [...inFlight.values()].some((p) => p.kind === 'inc' && p.id === id);
    expect([n, ...(pending ? [n + 1] : [])]).toContain(stored.get(id)?.n ?? 0);
  }
  // Nothing else: every stored document is an acknowledged one, a counter, or an insert that was in flight.
  const pendingInserts = new Map([...inFlight.values()].flatMap((p) => (p.kind === 'insert' ? [[p.row._id, p.row] as const] : [])));
  for (const [id, doc] of stored) {
    if (expected.has(id) || counters.has(String(id))) continue;
    expect(doc).toEqual(pendingInserts.get(id));
    expected.set(id, doc);
  }
  for (const [id] of counters) if (stored.has(id)) expected.set(id, stored.get(id)!);

  // The unique _id index came back from the folder, and the folder takes writes and opens again.
  expect(isDuplicate(await coll.insertOne({ _id: 'w0-0', v: 'dup' }).catch((e: unknown) => e), 'w0-0')).toBe(true);
  await coll.insertOne({ _id: 'after-kill', v: 'x' });
  expected.set('after-kill', { _id: 'after-kill', v: 'x' });
  await stopCleanly();
  coll = await start();
  await expectExactly(coll, expected.values());
  await stopCleanly();
  expect(bin!.output()).not.toMatch(/error/i);
}, 90_000);
