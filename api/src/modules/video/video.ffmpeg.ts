import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Every ffmpeg this process started and has not seen exit: killed when the process exits, whatever the reason. */
const running = new Set<ChildProcess>();
let exitHook = false;

function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}

export interface FfmpegRun {
  /** The peak resident memory ffmpeg reached (bytes), sampled from /proc while it ran; 0 where /proc is absent. */
  peakRss: number;
  /** CPU time ffmpeg used (ms), user and system, from /proc; 0 where /proc is absent. */
  cpuMs: number;
}

export class FfmpegStopped extends Error {
  constructor() {
    super('ffmpeg was stopped');
  }
}

const CLOCK_TICKS = 100;

function sample(pid: number | undefined, into: FfmpegRun): void {
  if (!pid) return;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
    if (hwm) into.peakRss = Math.max(into.peakRss, Number(hwm[1]) * 1024);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    into.cpuMs = Math.round(((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
  } catch {
    // It exited between samples: the last sample stands.
  }
}

/**
 * Runs ffmpeg with `args` (after its quiet, no-stdin options and `-progress`), reporting the seconds of output
 * written so far. `signal` kills it at once (SIGKILL: nothing of a stopped render is kept); so does the exit of this
 * process. Rejects with the last lines ffmpeg printed when it fails.
 */
export function runFfmpeg(bin: string, args: string[], signal: AbortSignal, onSeconds: (s: number) => void): Promise<FfmpegRun> {
  if (!exitHook) {
    exitHook = true;
    process.once('exit', killAll);
  }
  return new Promise<FfmpegRun>((resolve, reject) => {
    if (signal.aborted) return reject(new FfmpegStopped());
    const stats: FfmpegRun = { peakRss: 0, cpuMs: 0 };
    const child = spawn(bin, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-progress', 'pipe:1', '-nostats', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let stderr = '';
    let pending = '';
    const sampler = setInterval(() => sample(child.pid, stats), 100);
    const stop = () => child.kill('SIGKILL');
    signal.addEventListener('abort', stop, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^out_time_us=(\d+)/.exec(line);
        if (m) onSeconds(Number(m[1]) / 1e6);
        // A clean end: sample before the process (and its /proc entry) goes.
        if (line === 'progress=end') sample(child.pid, stats);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    let settled = false;
    const finish = (err: Error | null) => {
      if (settled) return;
      settled = true;
      clearInterval(sampler);
      signal.removeEventListener('abort', stop);
      running.delete(child);
      if (err) reject(err);
      else resolve(stats);
    };
    child.once('error', (err) => finish(err));
    child.once('close', (code, sig) => {
      if (signal.aborted) return finish(new FfmpegStopped());
      if (code === 0) return finish(null);
      finish(new Error(`ffmpeg ended with ${code ?? sig}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/** How many ffmpeg processes this api process has running (0 once every render stopped). */
export function ffmpegRunning(): number {
  return running.size;
}
