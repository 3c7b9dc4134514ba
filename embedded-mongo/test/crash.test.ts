import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../src';
import { capturingLogger, tempDir } from './helpers';

it('keeps every acknowledged write after SIGKILL', async () => {
  const dbPath = tempDir();
  // node with the tsx loader (not the tsx CLI, which would run the writer in a grandchild SIGKILL cannot reach).
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'crash-writer.ts'), dbPath], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const acked = new Set<string>();
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('ack ')) acked.add(line.slice(4));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  while (acked.size < 1500 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  child.kill('SIGKILL');
  await exited;
  expect(acked.size).toBeGreaterThan(100);

  const logger = capturingLogger();
  const server = await startEmbeddedMongo({ port: 0, dbPath, logger });
  const client = new MongoClient(server.uri);
  try {
    const docs = await client.db('crash').collection('acks').find().toArray();
    const stored = new Set(docs.map((d) => String(d._id)));
    const missing = [...acked].filter((id) => !stored.has(id));
    expect(missing).toEqual([]);
    for (const d of docs) {
      expect(d.body).toBe('y'.repeat(200));
      expect(d.nested).toEqual({ list: [1, 2, 3] });
    }
  } finally {
    await client.close();
    await server.stop();
    fs.rmSync(dbPath, { recursive: true, force: true });
  }
}, 40_000);
