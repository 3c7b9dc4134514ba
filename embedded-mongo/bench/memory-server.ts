// The server for the memory bench, alone in its process (started with --expose-gc): prints its address, then on
// each line read from stdin collects garbage and prints its memory figures as JSON.
import fs from 'node:fs';
import readline from 'node:readline';
import { startEmbeddedMongo } from '../src';

async function main(): Promise<void> {
  const dbPath = process.argv[2];
  const server = await startEmbeddedMongo({ port: 0, dbPath, logger: { info: () => undefined, warn: console.error, error: console.error } });
  console.log(`ready ${server.uri}`);
  const gc = (globalThis as { gc?: () => void }).gc;
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (line === 'stop') break;
    gc?.();
    gc?.();
    const m = process.memoryUsage();
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
    console.log(JSON.stringify({ rss, live: m.heapUsed + m.external, heapTotal: m.heapTotal }));
  }
  await server.stop();
}

void main();
