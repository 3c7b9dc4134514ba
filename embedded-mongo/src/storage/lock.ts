import fs from 'node:fs';
import path from 'node:path';

const heldInThisProcess = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM means the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dir>/mongod.lock` so two servers cannot open one data folder. A lock left by a dead process is taken over.
 * Returns a function that releases the lock.
 */
export function acquireLock(dir: string): () => void {
  const file = path.join(path.resolve(dir), 'mongod.lock');
  if (heldInThisProcess.has(file)) throw new Error(`data folder ${dir} is already in use by this process`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      heldInThisProcess.add(file);
      return () => {
        heldInThisProcess.delete(file);
        try {
          fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new Error(`data folder ${dir} is locked by running process ${pid} (${file})`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
