// Starts the embedded-mongo bin in its own process, as a user would (node + the bin file).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const BIN = path.join(__dirname, '..', 'bin', 'embedded-mongo.cjs');

export interface Running {
  child: ChildProcess;
  uri: string;
  dbPath: string;
  exit: Promise<{ code: number | null; ms: number }>;
  /** When the stop was requested, to time the exit. */
  clock: { stopAt: number };
  /** Everything the process printed so far. */
  output: () => string;
}

/** Starts the bin on `dbPath` and resolves once it prints its "listening" line. */
export async function startBin(dbPath: string, extra: string[] = []): Promise<Running> {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--dbpath', dbPath, ...extra], { stdio: ['pipe', 'pipe', 'pipe'] });
  const clock = { stopAt: 0 };
  const exit = new Promise<{ code: number | null; ms: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, ms: Date.now() - clock.stopAt })),
  );
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const uri = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line in 20 s; output so far: ${out}`)), 20_000);
    const onData = (): void => {
      const ready = /listening on [^\n]*\n[\s\S]*ready: (mongodb:\/\/\S+)/.exec(out);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)));
  });
  return { child, uri, dbPath, exit, clock, output: () => out };
}
