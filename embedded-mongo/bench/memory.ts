// Resident memory of the server against the raw JSON (and BSON) size of the data it holds: the server runs alone in
// a child process (the bin), 1 KB documents are inserted over the driver, and the child's RSS growth is
// read from /proc. Target: at most 2x the raw JSON size.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { calculateObjectSize } from 'bson';
import { MongoClient, ObjectId } from 'mongodb';
import { startBin } from '../test/bin';

const WORDS = 'dragon queen harbour sailor storm lantern garden whisper castle river shadow ember forest letter'.split(' ');

/** A document of about 1 KB of JSON: an email, numbers, a date, tags and a paragraph of varied words. */
function story(i: number): Record<string, unknown> {
  const words: string[] = [];
  for (let k = 0; words.join(' ').length < 820; k++) words.push(WORDS[(i * 7 + k * 13) % WORDS.length]!);
  return {
    _id: new ObjectId(),
    email: `user-${i}@example.com`,
    n: i,
    score: i / 7,
    title: `Story ${i}`,
    body: words.join(' '),
    tags: [WORDS[i % WORDS.length], WORDS[(i + 3) % WORDS.length]],
    createdAt: new Date(1_700_000_000_000 + i * 1000),
  };
}

function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error('no VmRSS');
  return Number(m[1]) * 1024;
}

const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 2000));
const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;

export async function memory(size = Number(process.env.MEMORY_DOCS ?? 100_000)): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-memory-'));
  // On a data folder, as the api runs it: the journal's pages are the kernel's cache, not the process's RSS.
  const bin = await startBin(dir);
  const client = new MongoClient(bin.uri);
  try {
    const coll = client.db('bench').collection('memory');
    await coll.createIndex({ email: 1 }, { unique: true });
    await settle();
    const pid = bin.child.pid!;
    const before = rssBytes(pid);
    let json = 0;
    let bsonBytes = 0;
    for (let i = 0; i < size; i += 1000) {
      const batch = Array.from({ length: Math.min(1000, size - i) }, (_, k) => story(i + k));
      for (const d of batch) {
        json += Buffer.byteLength(JSON.stringify(d));
        bsonBytes += calculateObjectSize(d);
      }
      await coll.insertMany(batch);
    }
    await settle();
    const after = rssBytes(pid);
    const grown = after - before;
    console.log(
      `embedded-mongo memory (${size} documents of ~${Math.round(json / size)} B JSON, unique index on email): ` +
        `RSS ${mb(before)} -> ${mb(after)} (+${mb(grown)}); raw JSON ${mb(json)}, BSON ${mb(bsonBytes)}; ` +
        `${(grown / json).toFixed(2)}x JSON, ${(grown / bsonBytes).toFixed(2)}x BSON (target <= 2x JSON)`,
    );
  } finally {
    await client.close();
    bin.child.kill('SIGTERM');
    await bin.exit;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
