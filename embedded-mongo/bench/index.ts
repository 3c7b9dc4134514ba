// Throughput through the official driver over loopback, index effectiveness at two collection sizes, and the
// caller's event-loop time per operation with the server in-thread and on its worker thread.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MongoClient, type Collection, type Document } from 'mongodb';
import { startEmbeddedMongo, startEmbeddedMongoThread } from '../src';
import { memory } from './memory';

function rate(n: number, ms: number): string {
  return `${Math.round((n / ms) * 1000)}`;
}

/**
 * CPU time of this process (server and client together) per operation since `from`: on a busy machine wall-clock
 * rates swing with other load, CPU time per operation much less, so before/after comparisons use it.
 */
function cpuPerOp(from: NodeJS.CpuUsage, n: number): string {
  const used = process.cpuUsage(from);
  return `${((used.user + used.system) / n).toFixed(1)} µs CPU/op`;
}

async function timeQueries(coll: Collection<Document>, size: number, queries: number): Promise<number> {
  const start = performance.now();
  for (let q = 0; q < queries; q++) {
    const key = `user-${(q * 7919) % size}`;
    const doc = await coll.findOne({ email: key });
    if (!doc) throw new Error(`missing ${key}`);
  }
  return performance.now() - start;
}

async function fill(coll: Collection<Document>, size: number): Promise<void> {
  await coll.createIndex({ email: 1 }, { unique: true });
  for (let i = 0; i < size; i += 5000) {
    await coll.insertMany(Array.from({ length: Math.min(5000, size - i) }, (_, k) => ({ email: `user-${i + k}`, n: i + k, bio: 'lorem ipsum dolor sit amet' })));
  }
}

async function main(): Promise<void> {
  const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-bench-'));
  const server = await startEmbeddedMongo({ port: 0, dbPath });
  const client = new MongoClient(server.uri);
  try {
    const db = client.db('bench');

    const single = db.collection('single');
    const singleN = 2000;
    let start = performance.now();
    let cpu = process.cpuUsage();
    for (let i = 0; i < singleN; i++) await single.insertOne({ i, name: `doc ${i}` });
    console.log(`embedded-mongo insert (insertOne, one fsync each, sequential): ${rate(singleN, performance.now() - start)} docs/s, ${cpuPerOp(cpu, singleN)}`);

    const concurrent = db.collection('concurrent');
    start = performance.now();
    cpu = process.cpuUsage();
    await Promise.all(Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; i < 500; i++) await concurrent.insertOne({ w, i });
    }));
    console.log(`embedded-mongo insert (insertOne, 8 concurrent clients, group commit): ${rate(4000, performance.now() - start)} docs/s, ${cpuPerOp(cpu, 4000)}`);

    const batch = db.collection('batch');
    const batchN = 50_000;
    start = performance.now();
    cpu = process.cpuUsage();
    for (let i = 0; i < batchN; i += 1000) await batch.insertMany(Array.from({ length: 1000 }, (_, k) => ({ i: i + k, name: `doc ${i + k}` })));
    console.log(`embedded-mongo insert (insertMany of 1000): ${rate(batchN, performance.now() - start)} docs/s, ${cpuPerOp(cpu, batchN)}`);

    const small = db.collection('small');
    const large = db.collection('large');
    await fill(small, 1000);
    await fill(large, 100_000);
    const queries = 3000;
    await timeQueries(small, 1000, 200);
    await timeQueries(large, 100_000, 200);
    const smallMs = await timeQueries(small, 1000, queries);
    cpu = process.cpuUsage();
    const largeMs = await timeQueries(large, 100_000, queries);
    console.log(`embedded-mongo indexed findOne: ${rate(queries, largeMs)} queries/s, ${cpuPerOp(cpu, queries)}`);
    console.log(`embedded-mongo indexed equality query: ${(smallMs / queries).toFixed(3)} ms on 1,000 docs, ${(largeMs / queries).toFixed(3)} ms on 100,000 docs`);
    console.log(`embedded-mongo index ratio (100,000 / 1,000 docs): ${(largeMs / smallMs).toFixed(2)}x (target <= 2x)`);

    // Queries no index serves read every stored document (each decoded from its BSON on the way).
    const scans = 5;
    await large.findOne({ bio: 'absent' });
    start = performance.now();
    for (let q = 0; q < scans; q++) if (await large.findOne({ bio: 'absent' })) throw new Error('unexpected match');
    const scanMs = (performance.now() - start) / scans;
    start = performance.now();
    for (let q = 0; q < scans; q++) await large.find({ n: { $gte: 0 } }).sort({ bio: 1, n: -1 }).limit(10).toArray();
    const sortMs = (performance.now() - start) / scans;
    console.log(`embedded-mongo collection scan of 100,000 docs: unindexed findOne with no match ${scanMs.toFixed(0)} ms, unindexed sort with limit 10 ${sortMs.toFixed(0)} ms`);
  } finally {
    await client.close();
    await server.stop();
    fs.rmSync(dbPath, { recursive: true, force: true });
  }
}

/**
 * What the server costs the thread that uses it: the caller's event-loop busy time per operation (driver work, plus
 * the server's own when it runs on the same thread), with the server in-thread and on its worker thread.
 */
async function callerThreadCost(): Promise<void> {
  for (const variant of ['in-thread', 'worker thread'] as const) {
    const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-bench-'));
    const start = variant === 'in-thread' ? startEmbeddedMongo : startEmbeddedMongoThread;
    const server = await start({ port: 0, dbPath });
    const client = new MongoClient(server.uri);
    try {
      const coll = client.db('bench').collection('caller');
      await fill(coll, 20_000);
      await timeQueries(coll, 20_000, 200);
      const n = 3000;
      let elu = performance.eventLoopUtilization();
      let began = performance.now();
      await timeQueries(coll, 20_000, n);
      const findMs = performance.now() - began;
      const findBusy = performance.eventLoopUtilization(elu).active;
      elu = performance.eventLoopUtilization();
      began = performance.now();
      await Promise.all(Array.from({ length: 4 }, async (_, w) => {
        for (let i = 0; i < n / 4; i++) await coll.insertOne({ email: `new-${w}-${i}`, n: i, bio: 'lorem ipsum dolor sit amet' });
      }));
      const insertMs = performance.now() - began;
      const insertBusy = performance.eventLoopUtilization(elu).active;
      const us = (ms: number): string => `${((ms * 1000) / n).toFixed(0)} µs`;
      console.log(
        `embedded-mongo ${variant}: indexed findOne ${rate(n, findMs)}/s, caller's loop busy ${us(findBusy)}/op; ` +
          `insertOne (4 concurrent) ${rate(n, insertMs)}/s, caller's loop busy ${us(insertBusy)}/op`,
      );
    } finally {
      await client.close();
      await server.stop();
      fs.rmSync(dbPath, { recursive: true, force: true });
    }
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** `p50 x ms, p99 y ms` of the given durations. */
function latencies(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(2)} ms, p99 ${percentile(sorted, 0.99).toFixed(2)} ms`;
}

/**
 * Acknowledged writes that arrive together, as the api's chat send makes them: N clients each running
 * findOneAndUpdate on their own documents (by an indexed key) back to back, then the send itself — a
 * findOneAndUpdate and a conditional upsert issued at the same moment on two connections, then an insertMany of 2,
 * with a pause between sends.
 * Latency per operation as the caller sees it, and the journal's fdatasync calls per operation (from serverStatus).
 */
async function concurrentWrites(): Promise<void> {
  for (const variant of ['in-thread', 'worker thread'] as const) {
    const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-bench-'));
    const start = variant === 'in-thread' ? startEmbeddedMongo : startEmbeddedMongoThread;
    const server = await start({ port: 0, dbPath });
    const client = new MongoClient(server.uri, { maxPoolSize: 16 });
    const admin = client.db('admin');
    const syncs = async (): Promise<number> => Number(((await admin.command({ serverStatus: 1 })).journal as Document | undefined)?.fsyncs);
    const perOp = (n: number, ops: number): string => (Number.isNaN(n) ? '' : `, ${(n / ops).toFixed(2)} fsyncs/op`);
    try {
      const db = client.db('bench');
      const plays = db.collection('plays');
      await plays.createIndex({ play_id: 1 }, { unique: true });
      await plays.insertMany(Array.from({ length: 1000 }, (_, i) => ({ play_id: `p${i}`, uid: `u${i}`, pending: null, turns: 0, next_seq: 0 })));
      const quotas = db.collection('quotas');
      await quotas.createIndex({ uid: 1, day: 1 }, { unique: true });
      const dialogues = db.collection('dialogues');
      await dialogues.createIndex({ play_id: 1, seq: 1 });
      const bump = (i: number): Promise<unknown> =>
        plays.findOneAndUpdate({ play_id: `p${i % 1000}`, pending: null }, { $inc: { turns: 1, next_seq: 2 }, $set: { at: new Date() } }, { returnDocument: 'before' });

      for (const clients of [1, 2, 4, 8]) {
        const each = 800 / clients;
        const times: number[] = [];
        const run = async (record: boolean): Promise<void> => {
          await Promise.all(Array.from({ length: clients }, async (_, c) => {
            for (let k = 0; k < (record ? each : 50); k++) {
              const began = performance.now();
              await bump(c * 100 + (k % 100));
              if (record) times.push(performance.now() - began);
            }
          }));
        };
        await run(false);
        const before = await syncs();
        await run(true);
        const after = await syncs();
        console.log(`embedded-mongo ${variant}: findOneAndUpdate, ${clients} concurrent client(s): ${latencies(times)}${perOp(after - before, times.length)}`);
      }

      const pairs: number[] = [];
      const inserts: number[] = [];
      const sends = 400;
      let before = 0;
      for (let s = -50; s < sends; s++) {
        const i = Math.abs(s) % 1000;
        let began = performance.now();
        await Promise.all([
          bump(i),
          quotas.findOneAndUpdate({ uid: `u${i}`, day: `d${Math.floor((s + 50) / 100)}`, count: { $lt: 1_000_000 } }, { $inc: { count: 1 } }, { upsert: true, returnDocument: 'after' }),
        ]);
        if (s >= 0) pairs.push(performance.now() - began);
        began = performance.now();
        await dialogues.insertMany([{ play_id: `p${i}`, seq: 2 * s, text: 'hello there' }, { play_id: `p${i}`, seq: 2 * s + 1, text: '' }]);
        if (s >= 0) inserts.push(performance.now() - began);
        if (s === -1) before = await syncs();
        // A player sends now and then, not back to back: the server is idle when a send arrives.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      console.log(
        `embedded-mongo ${variant}: chat send, findOneAndUpdate + upsert at once: ${latencies(pairs)}; then insertMany of 2: ${latencies(inserts)}` +
          `${perOp((await syncs()) - before, sends * 3)}`,
      );
    } finally {
      await client.close();
      await server.stop();
      fs.rmSync(dbPath, { recursive: true, force: true });
    }
  }
}

const sections: Record<string, () => Promise<void>> = { throughput: main, caller: callerThreadCost, writes: concurrentWrites, memory: () => memory() };
const chosen = process.argv.slice(2);
for (const name of chosen) if (!sections[name]) throw new Error(`unknown section ${name}; known: ${Object.keys(sections).join(', ')}`);

(async () => {
  for (const name of chosen.length ? chosen : Object.keys(sections)) await sections[name]!();
})().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
