import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

/** Locks taken by this thread; each worker thread has its own copy of this module, hence the lock file's fields. */
const heldInThisThread = new Set<string>();

/**
 * The lock file holds `<pid>\n<process start, ms since the epoch>\n<thread id>\n`; only the first line is required.
 * The start time tells a lock taken by another thread of this process (same pid, same start) from one left by an
 * earlier process that had the same pid (pids repeat, in containers above all).
 */
interface LockOwner {
  pid: number;
  processStart?: number;
  threadId?: number;
}

/** Allowed disagreement between two threads' views of the process start (both read the same clocks). */
const START_TOLERANCE_MS = 1000;

function processStartMs(): number {
  // process.uptime() counts from the process start in every thread, unlike performance.timeOrigin.
  return Math.round(Date.now() - process.uptime() * 1000);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM means the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockFile(dir: string): string {
  return path.join(path.resolve(dir), 'mongod.lock');
}

function readOwner(file: string): LockOwner | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const [pid, start, thread] = text.split('\n').map((l) => Number.parseInt(l.trim(), 10));
  if (!Number.isInteger(pid) || pid! <= 0) return undefined;
  return {
    pid: pid!,
    processStart: Number.isInteger(start) ? start : undefined,
    threadId: Number.isInteger(thread) ? thread : undefined,
  };
}

/** True when the owner is this very process (another thread of it, or this one). */
function isThisProcess(owner: LockOwner): boolean {
  return owner.pid === process.pid && owner.processStart !== undefined && Math.abs(owner.processStart - processStartMs()) <= START_TOLERANCE_MS;
}

/**
 * Takes `<dir>/mongod.lock` so two servers cannot open one data folder, whether they run in two processes or on two
 * threads of one. A lock left by a dead process is taken over. Returns a function that releases the lock.
 */
export function acquireLock(dir: string): () => void {
  const file = lockFile(dir);
  if (heldInThisThread.has(file)) throw new Error(`data folder ${dir} is already in use by this process`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, `${process.pid}\n${processStartMs()}\n${threadId}\n`);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      heldInThisThread.add(file);
      return () => {
        heldInThisThread.delete(file);
        try {
          fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      if (owner && isThisProcess(owner)) {
        throw new Error(`data folder ${dir} is already in use by this process (thread ${owner.threadId ?? '?'})`);
      }
      if (owner && owner.pid !== process.pid && isAlive(owner.pid)) {
        throw new Error(`data folder ${dir} is locked by running process ${owner.pid} (${file})`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock ${file}`);
}

/**
 * Removes the lock of a thread of this process that ended without releasing it (a crashed worker thread). A lock
 * held by anyone else is left alone. Returns true when a lock was removed.
 */
export function releaseThreadLock(dir: string, ownerThreadId: number): boolean {
  const file = lockFile(dir);
  const owner = readOwner(file);
  if (!owner || !isThisProcess(owner) || owner.threadId !== ownerThreadId) return false;
  fs.rmSync(file, { force: true });
  return true;
}
