import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { MODEL_DIR, type RecognitionStream, type Recogniser } from './asr';

/** Debian's Python 3, which python3-pocketsphinx is built for. */
const PYTHON = process.env.POCKETSPHINX_PYTHON ?? '/usr/bin/python3';
const SERVER = path.join(__dirname, 'pocketsphinx.server.py');
/** Where Debian's python3-pocketsphinx puts its module. */
const MODULE_DIR = '/usr/lib/python3/dist-packages/pocketsphinx';

/** Whether the warm recogniser can run here (python3-pocketsphinx installed, see scripts/ensure-speech.sh). */
export function warmPocketsphinxInstalled(): boolean {
  return existsSync(PYTHON) && existsSync(MODULE_DIR) && existsSync(`${MODEL_DIR}/en-us/mdef`);
}

interface Server {
  child: ChildProcessWithoutNullStreams;
  ready: Promise<void>;
  waiting: Map<number, { resolve: (text: string) => void; reject: (err: Error) => void }>;
}

/** The warm recognisers' processes this api process started (one at a time), for killRecognisers. */
const servers = new Set<ChildProcessWithoutNullStreams>();

export function killWarmRecognisers(): void {
  for (const child of servers) child.kill('SIGKILL');
  servers.clear();
}

/** The process ids of the warm recognisers running now. */
export function warmRecogniserPids(): number[] {
  return [...servers].map((c) => c.pid).filter((pid): pid is number => pid !== undefined);
}

export function runningWarmRecognisers(): number {
  return servers.size;
}

function message(kind: 'S' | 'A' | 'E' | 'X', id: number, payload?: Buffer): Buffer {
  const head = Buffer.alloc(9);
  head.write(kind, 0, 'latin1');
  head.writeUInt32LE(id, 1);
  head.writeUInt32LE(payload?.length ?? 0, 5);
  return payload ? Buffer.concat([head, payload]) : head;
}

/**
 * CMU PocketSphinx kept warm: one process per api process (Debian's python3-pocketsphinx; the model loaded once),
 * started on first use and again if it dies. An utterance is a stream: its audio is decoded as it is spoken, so
 * only the last moment's decoding is left when it ends. Killed with the api (killRecognisers).
 */
export function warmPocketsphinx(): Recogniser {
  let server: Server | null = null;
  let nextId = 1;

  function start(): Server {
    if (server && server.child.exitCode === null && !server.child.killed) return server;
    const child = spawn(PYTHON, [SERVER, MODEL_DIR], { stdio: ['pipe', 'pipe', 'pipe'] });
    servers.add(child);
    const waiting: Server['waiting'] = new Map();
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s: string) => (stderr = (stderr + s).slice(-2000)));
    child.stdin.on('error', () => undefined);
    const lines = readline.createInterface({ input: child.stdout });
    const ready = new Promise<void>((resolve, reject) => {
      lines.on('line', (line) => {
        if (line === 'ready') return resolve();
        const answer = JSON.parse(line) as { id: number; text: string };
        const w = waiting.get(answer.id);
        waiting.delete(answer.id);
        w?.resolve(answer.text.replace(/\s+/g, ' ').trim());
      });
      child.on('error', reject);
      child.on('close', (code, sig) => {
        servers.delete(child);
        const err = new Error(sig ? `recogniser stopped (${sig})` : `recogniser exited with ${code}: ${stderr.trim()}`);
        reject(err);
        for (const w of waiting.values()) w.reject(err);
        waiting.clear();
        if (server?.child === child) server = null;
      });
    });
    ready.catch(() => undefined);
    server = { child, ready, waiting };
    return server;
  }

  function stream(): RecognitionStream {
    const s = start();
    const id = nextId;
    nextId = nextId >= 0xffff_fffe ? 1 : nextId + 1;
    let done = false;
    s.child.stdin.write(message('S', id));
    return {
      write(pcm) {
        if (!done && pcm.length > 0) s.child.stdin.write(message('A', id, pcm));
      },
      cancel() {
        if (done) return;
        done = true;
        s.child.stdin.write(message('X', id));
      },
      finish(signal) {
        if (done) return Promise.reject(new Error('recognition already finished'));
        done = true;
        return new Promise<string>((resolve, reject) => {
          if (s.child.exitCode !== null || s.child.signalCode !== null) return reject(new Error('recogniser stopped'));
          if (signal?.aborted) {
            s.child.stdin.write(message('X', id));
            return reject(new Error('recognition cancelled'));
          }
          const onAbort = () => {
            s.waiting.delete(id);
            reject(new Error('recognition cancelled'));
          };
          signal?.addEventListener('abort', onAbort, { once: true });
          s.waiting.set(id, {
            resolve: (text) => {
              signal?.removeEventListener('abort', onAbort);
              resolve(text);
            },
            reject: (err) => {
              signal?.removeEventListener('abort', onAbort);
              reject(err);
            },
          });
          s.child.stdin.write(message('E', id));
        });
      },
    };
  }

  return {
    name: 'pocketsphinx',
    stream,
    async transcribe(pcm, _language, signal) {
      const s = stream();
      for (let at = 0; at < pcm.length; at += 32_000) s.write(pcm.subarray(at, Math.min(pcm.length, at + 32_000)));
      return s.finish(signal);
    },
    /** Starts the process and waits for its model (so the first call's first utterance does not pay for it). */
    warm: () => start().ready,
  };
}
