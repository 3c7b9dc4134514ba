import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { BIN, startBin as startOn, type Running } from './bin';
import { tempDir } from './helpers';

/** The bin on a fresh data folder (stopAndCheck removes it). */
async function startBin(extra: string[] = []): Promise<Running> {
  return startOn(tempDir(), extra);
}

async function stopAndCheck(r: Running, how: () => void): Promise<void> {
  try {
    expect(fs.existsSync(path.join(r.dbPath, 'mongod.lock'))).toBe(true);
    r.clock.stopAt = Date.now();
    how();
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      r.exit,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('did not exit within 5 s')), 5000))),
    ]).finally(() => clearTimeout(timer));
    expect(result.code).toBe(0);
    expect(result.ms).toBeLessThan(5000);
    expect(fs.existsSync(path.join(r.dbPath, 'mongod.lock'))).toBe(false);
    expect(fs.existsSync(path.join(r.dbPath, 'snapshot.bson'))).toBe(true);
  } finally {
    if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
    fs.rmSync(r.dbPath, { recursive: true, force: true });
  }
}

it.each(['SIGTERM', 'SIGINT'] as const)('stops cleanly on %s: exit 0, snapshot written, lock removed', async (signal) => {
  const r = await startBin();
  const client = new MongoClient(r.uri);
  await client.db('cli').collection('c').insertOne({ x: 1 });
  await client.close();
  await stopAndCheck(r, () => r.child.kill(signal));
}, 30_000);

it('stops cleanly when standard input closes with --stop-on-stdin-close', async () => {
  const r = await startBin(['--stop-on-stdin-close']);
  await stopAndCheck(r, () => r.child.stdin!.end());
}, 30_000);

it('keeps running when standard input closes without the flag', async () => {
  const r = await startBin();
  try {
    r.child.stdin!.end();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(r.child.exitCode).toBeNull();
  } finally {
    await stopAndCheck(r, () => r.child.kill('SIGTERM'));
  }
}, 30_000);

it('rejects unknown options with exit code 2', async () => {
  const child = spawn(process.execPath, [BIN, '--no-such-flag'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(2);
  expect(err).toContain('unknown option --no-such-flag');
}, 30_000);

it('stops cleanly with --stop-with-parent when the process that started it is killed', async () => {
  const dbPath = tempDir();
  // A shell stands in for npx: it starts the bin and is then killed with SIGKILL, passing nothing on.
  const shell = spawn('sh', ['-c', `"${process.execPath}" "${BIN}" --port 0 --dbpath "${dbPath}" --stop-with-parent & echo "pid $!"; wait`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  shell.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const pid = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in 20 s: ${out}`)), 20_000);
    shell.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /pid (\d+)/.exec(out);
      if (m && /ready: mongodb:/.test(out)) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
  });
  const alive = (): boolean => {
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    // An orphan that exited stays a zombie until its new parent reaps it; it has stopped all the same.
    try {
      return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
    } catch {
      return true;
    }
  };
  try {
    expect(alive()).toBe(true);
    shell.kill('SIGKILL');
    const deadline = Date.now() + 5000;
    while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (alive()) throw new Error(`still running 5 s after its parent died; /proc stat ${fs.readFileSync(`/proc/${pid}/stat`, 'utf8')}; output: ${out}`);
    expect(fs.existsSync(path.join(dbPath, 'mongod.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dbPath, 'snapshot.bson'))).toBe(true);
  } finally {
    if (alive()) process.kill(pid, 'SIGKILL');
    fs.rmSync(dbPath, { recursive: true, force: true });
  }
}, 30_000);
