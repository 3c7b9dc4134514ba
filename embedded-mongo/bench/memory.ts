// Memory of the server against the BSON size (and the raw JSON size) of the data it holds: the server runs alone in
// a child process, 1 KB documents are inserted over the driver, and the child reports what it holds live after a
// full garbage collection (V8 heap and buffers) and its RSS growth. Target: live memory at most 2x the BSON size
// (bson's calculateObjectSize of the documents as sent).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { calculateObjectSize } from 'bson';
import { MongoClient, ObjectId } from 'mongodb';

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

interface Figures {
  rss: number;
  live: number;
  heapTotal: number;
}

/** The server in its own process with garbage collection at hand, answering each request for figures with a line. */
async function startServer(dbPath: string): Promise<{ uri: string; figures: () => Promise<Figures>; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(__dirname, 'memory-server.ts'), dbPath], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the memory bench server exited');
    return value as string;
  };
  const ready = await next();
  if (!ready.startsWith('ready ')) throw new Error(`unexpected: ${ready}`);
  return {
    uri: ready.slice(6),
    figures: async () => {
      child.stdin!.write('measure\n');
      return JSON.parse(await next()) as Figures;
    },
    stop: async () => {
      child.stdin!.end('stop\n');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 2000));
const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;

export async function memory(size = Number(process.env.MEMORY_DOCS ?? 100_000)): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-memory-'));
  // On a data folder, as the api runs it: the journal's pages are the kernel's cache, not the process's memory.
  let server = await startServer(dir);
  let client = new MongoClient(server.uri);
  try {
    const coll = client.db('bench').collection('memory');
    await coll.createIndex({ email: 1 }, { unique: true });
    await settle();
    const before = await server.figures();
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
    const after = await server.figures();
    const grown = after.rss - before.rss;
    const live = after.live - before.live;
    const ratios = (n: number): string => `${(n / bsonBytes).toFixed(2)}x BSON, ${(n / json).toFixed(2)}x JSON`;
    console.log(
      `embedded-mongo memory (${size} documents of ~${Math.round(bsonBytes / size)} B BSON / ~${Math.round(json / size)} B JSON, unique index on email): ` +
        `BSON ${mb(bsonBytes)}, raw JSON ${mb(json)}; live heap + buffers after a full GC +${mb(live)} = ${ratios(live)} (target <= 2x BSON); ` +
        `RSS ${mb(before.rss)} -> ${mb(after.rss)} (+${mb(grown)}) = ${ratios(grown)}, V8 heap reserved ${mb(after.heapTotal)}`,
    );

    // The same data read back by a new process from the folder (snapshot and journal replay), against the empty
    // server's figures of the first process.
    await client.close();
    await server.stop();
    server = await startServer(dir);
    client = new MongoClient(server.uri);
    const count = await client.db('bench').collection('memory').countDocuments();
    if (count !== size) throw new Error(`${count} documents after the restart, ${size} expected`);
    await settle();
    const restarted = await server.figures();
    console.log(
      `embedded-mongo memory after a restart on the same folder: live heap + buffers +${mb(restarted.live - before.live)} = ${ratios(restarted.live - before.live)}; ` +
        `RSS +${mb(restarted.rss - before.rss)} = ${ratios(restarted.rss - before.rss)}, V8 heap reserved ${mb(restarted.heapTotal)}`,
    );
  } finally {
    await client.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
