// What a change stream's getMore costs while it waits for nothing: `npx tsx bench/change-stream-wait.ts` (also run
// by `npm run bench`).
//
// Method: embedded-mongo runs alone in a child process (the bin, `--replSet rs0`, memory only), so its CPU time is
// its own (read from /proc/<pid>/stat: user + system, in clock ticks of 10 ms). First it sits idle with a client
// connected for SECONDS (the baseline: the driver's monitoring, the TTL sweep); then STREAMS change streams on as
// many collections wait for SECONDS with nothing written, each in getMores of `maxAwaitTimeMS: SECONDS * 1000`
// (one getMore waits the whole window, counted from when every stream is open: what waiting itself costs), then again with `maxAwaitTimeMS: 1000` (the
// driver's default: one empty getMore a second per stream, whose answer costs a little each). Printed: the server's
// CPU milliseconds over each window, the getMores answered, the CPU per empty getMore.
// Target (issue "Several machines", speed): a getMore with nothing to return costs no CPU while it waits: the
// window of waiting getMores adds less than 1% of one core over the idle one.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';

const STREAMS = 20;
const SECONDS = 5;
const TARGET_CORE_FRACTION = 0.01;
const TICK_MS = 10;

function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ": state is field 0, utime 11, stime 12.
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

async function main(): Promise<void> {
  const bin = path.join(__dirname, '..', 'embedded-mongo', 'bin', 'embedded-mongo.cjs');
  const child = spawn(process.execPath, [bin, '--port', '0', '--replSet', 'rs0', '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const uri = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /embedded-mongo ready: (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`embedded-mongo exited (${code})`)));
  });
  const client = await new MongoClient(`${uri}?directConnection=true`, { monitorCommands: true }).connect();
  try {
    const db = client.db('bench');
    await db.command({ ping: 1 });
    await new Promise((r) => setTimeout(r, 1000));
    const idleFrom = cpuMs(child.pid!);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const idle = cpuMs(child.pid!) - idleFrom;

    let getMores = 0;
    let opened = 0;
    client.on('commandStarted', (e) => {
      if (e.commandName === 'getMore') getMores += 1;
    });
    client.on('commandSucceeded', (e) => {
      if (e.commandName === 'aggregate') opened += 1;
    });
    /** STREAMS streams waiting SECONDS with getMores of `awaitMs`: the server's CPU (ms) and the getMores answered. */
    const waitWindow = async (awaitMs: number, prefix: string): Promise<{ cpu: number; answered: number }> => {
      const streams = Array.from({ length: STREAMS }, (_, i) => db.collection(`${prefix}${i}`).watch([], { maxAwaitTimeMS: awaitMs }));
      const until = Date.now() + SECONDS * 1000;
      const openedBefore = opened;
      const waiting = Promise.all(
        streams.map(async (s) => {
          while (Date.now() < until - 50) if ((await s.tryNext()) !== null) throw new Error('an event arrived: nothing was written');
        }),
      );
      // The window starts once every stream is open (its aggregate answered): what follows is waiting.
      while (opened < openedBefore + STREAMS) await new Promise((r) => setTimeout(r, 5));
      const from = cpuMs(child.pid!);
      const startedGetMores = getMores;
      await waiting;
      const cpu = cpuMs(child.pid!) - from;
      const answered = getMores - startedGetMores;
      await Promise.all(streams.map((s) => s.close()));
      return { cpu, answered };
    };
    const short = await waitWindow(1000, 'short');
    const long = await waitWindow(SECONDS * 1000, 'long');

    const added = Math.max(0, long.cpu - idle);
    const fraction = added / (SECONDS * 1000);
    console.log(`embedded-mongo (own process), ${STREAMS} change streams waiting ${SECONDS} s each with nothing written:`);
    console.log(`  server CPU idle (client connected, no stream):        ${idle} ms over ${SECONDS} s`);
    console.log(`  getMore maxAwaitTimeMS ${SECONDS * 1000} (each waits the window): ${long.cpu} ms over ${SECONDS} s (${STREAMS} getMores, each waiting the whole window)`);
    console.log(`  getMore maxAwaitTimeMS 1000 (the driver's default):    ${short.cpu} ms over ${SECONDS} s (${short.answered} getMores answered empty: ${(short.cpu / Math.max(1, short.answered)).toFixed(2)} ms each)`);
    console.log(`  added by waiting: ${added} ms = ${(fraction * 100).toFixed(2)}% of one core (CPU time is counted in ticks of ${TICK_MS} ms)`);
    const pass = fraction < TARGET_CORE_FRACTION;
    console.log(`target: waiting adds < ${TARGET_CORE_FRACTION * 100}% of one core: ${pass ? 'PASS' : 'MISS'}`);
    if (!pass) process.exitCode = 1;
  } finally {
    await client.close();
    child.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
