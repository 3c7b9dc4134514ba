// Throughput through the official driver over loopback, and index effectiveness at two collection sizes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, type Collection, type Document } from 'mongodb';
import { startEmbeddedMongo } from '../src';

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
  } finally {
    await client.close();
    await server.stop();
    fs.rmSync(dbPath, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
