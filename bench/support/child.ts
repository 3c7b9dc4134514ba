import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

/*
 * Parts of a benchmark that run in processes of their own, as they do in production: the api on its own event
 * loop (not shared with the benchmark's client or the fake model), the fake model like a remote server. A child
 * prints one JSON line `{"ready": ...}` when it is up and may print more JSON lines; it stops on SIGTERM.
 * BENCH_NODE_ARGS adds Node flags to every child (e.g. `--cpu-prof --cpu-prof-dir=prof` to profile the api).
 */

/** One clock for every process of a benchmark: the monotonic clock, in milliseconds. */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

function nodeArgs(): string[] {
  return (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
}

export interface Child<T> {
  ready: T;
  /** Each JSON line printed after the ready line. */
  onLine(listener: (line: unknown) => void): void;
  stop(): Promise<void>;
}

export async function startChild<T>(entry: string, env: Record<string, string>): Promise<Child<T>> {
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs(), '--import', 'tsx', path.join(__dirname, entry)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const listeners: Array<(line: unknown) => void> = [];
  const lines = readline.createInterface({ input: child.stdout! });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<T>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${entry} exited with code ${code} before it was ready`)));
    lines.on('line', (text) => {
      let line: unknown;
      try {
        line = JSON.parse(text);
      } catch {
        return; // not ours (a warning printed by a library)
      }
      if (line && typeof line === 'object' && 'ready' in line) resolve((line as { ready: T }).ready);
      else for (const l of listeners) l(line);
    });
  });
  return {
    ready,
    onLine: (listener) => listeners.push(listener),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
