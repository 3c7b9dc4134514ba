// Child processes with prefixed output, readiness by port, and orderly shutdown; used by start.ts and the e2e setup.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';

export type LogLine = (service: string, line: string) => void;

/** Lines of a child kept for the error message when it fails to start. */
const TAIL_LINES = 40;

export class Service {
  readonly tail: string[] = [];
  readonly exited: Promise<number | null>;
  private exitCode: number | null | undefined;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    log: LogLine,
  ) {
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        this.tail.push(line);
        if (this.tail.length > TAIL_LINES) this.tail.shift();
        log(name, line);
      });
    }
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitCode = code ?? (signal ? null : 0);
        resolve(this.exitCode);
      });
      child.once('error', (error) => {
        this.tail.push(error.message);
        this.exitCode = 1;
        resolve(1);
      });
    });
  }

  get running(): boolean {
    return this.exitCode === undefined;
  }

  /** SIGTERM, then SIGKILL if the child has not exited within `graceMs`. */
  async stop(graceMs = 12_000): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** Resolves when `port` accepts connections; rejects if the child exits first or `timeoutMs` passes. */
  async ready(port: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`${this.name} exited before listening on port ${port}:\n${this.tail.join('\n')}`);
      if (await portAnswers(port)) return;
      await delay(150);
    }
    throw new Error(`${this.name} did not listen on port ${port} within ${timeoutMs / 1000} s:\n${this.tail.join('\n')}`);
  }
}

export interface SpawnOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  log: LogLine;
}

export function spawnService(name: string, command: string, args: string[], options: SpawnOptions): Service {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Service(name, child, options.log);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Whether something listens on the port, over IPv4 or IPv6 loopback (dev servers may bind either). */
export async function portAnswers(port: number): Promise<boolean> {
  return (await connects('127.0.0.1', port)) || (await connects('::1', port));
}

/** Prefixes each child's line with its padded name, coloured on a terminal. */
export function prefixedLogger(names: string[], out: NodeJS.WriteStream = process.stdout): LogLine {
  const width = Math.max(...names.map((n) => n.length));
  const colours = [36, 35, 33, 32, 34, 31, 96, 95];
  const colourOf = new Map(names.map((n, i) => [n, colours[i % colours.length]]));
  return (name, line) => {
    const label = name.padEnd(width);
    out.write(out.isTTY ? `\x1b[${colourOf.get(name) ?? 37}m${label} |\x1b[0m ${line}\n` : `${label} | ${line}\n`);
  };
}
