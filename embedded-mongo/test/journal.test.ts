import fs from 'node:fs';
import path from 'node:path';
import { Journal, readRecords } from '../src/storage/journal';
import { tempDir } from './helpers';

type SyncCallback = (err: NodeJS.ErrnoException | null) => void;

/** Holds every fdatasync the journal starts until the test completes it, recording what the file held when it began. */
function heldSyncs(file: string) {
  const started: Array<{ done: SyncCallback; bytesAtStart: number }> = [];
  const spy = jest.spyOn(fs, 'fdatasync').mockImplementation(((_fd: number, cb: SyncCallback) => {
    started.push({ done: cb, bytesAtStart: fs.statSync(file).size });
  }) as typeof fs.fdatasync);
  return { started, restore: () => spy.mockRestore() };
}

/** Lets promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function tracked(p: Promise<void>) {
  const state = { done: false, error: undefined as Error | undefined };
  p.then(
    () => (state.done = true),
    (err: Error) => (state.error = err),
  );
  return state;
}

let dir: string;
beforeEach(() => (dir = tempDir()));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('acknowledges a write only after an fdatasync that began once its bytes were written', async () => {
  const file = path.join(dir, 'journal-1.log');
  const journal = new Journal(file);
  const syncs = heldSyncs(file);
  try {
    const a = tracked(journal.append([{ op: 'put', n: 1 }]));
    // A second write while the first fsync runs starts its own at once instead of waiting for it.
    const b = tracked(journal.append([{ op: 'put', n: 2 }]));
    expect(syncs.started).toHaveLength(2);
    const afterB = fs.statSync(file).size;
    expect(syncs.started[1]!.bytesAtStart).toBe(afterB);
    // With two in flight, later writes wait and then share one.
    const c = tracked(journal.append([{ op: 'put', n: 3 }]));
    const d = tracked(journal.append([{ op: 'put', n: 4 }]));
    expect(syncs.started).toHaveLength(2);

    syncs.started[0]!.done(null);
    await settle();
    expect([a.done, b.done, c.done, d.done]).toEqual([true, false, false, false]);
    // The freed slot goes to c and d together, written before it began.
    expect(syncs.started).toHaveLength(3);
    expect(syncs.started[2]!.bytesAtStart).toBe(fs.statSync(file).size);

    // The third fsync may finish first: it covers b too, which was written before it began.
    syncs.started[2]!.done(null);
    await settle();
    expect([b.done, c.done, d.done]).toEqual([true, true, true]);
    syncs.started[1]!.done(null);
    await settle();
    expect(syncs.started).toHaveLength(3);
    expect(journal.syncs).toBe(3);
    await journal.drain();
  } finally {
    syncs.restore();
    journal.close();
  }
  expect(readRecords(fs.readFileSync(file)).records.map((r) => r.n)).toEqual([1, 2, 3, 4]);
});

it('after a failed fdatasync, fails the writes it covered and every later one', async () => {
  const file = path.join(dir, 'journal-1.log');
  const journal = new Journal(file);
  const syncs = heldSyncs(file);
  try {
    const a = tracked(journal.append([{ op: 'put', n: 1 }]));
    const b = tracked(journal.append([{ op: 'put', n: 2 }]));
    const failure = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    syncs.started[0]!.done(failure);
    await settle();
    expect(a.error).toBe(failure);
    // b's own fsync is still running, but pages dropped after the error could be its, or a's before it.
    expect(b.error).toBe(failure);
    await expect(journal.append([{ op: 'put', n: 3 }])).rejects.toBe(failure);
    let drained = false;
    void journal.drain().then(() => (drained = true));
    await settle();
    expect(drained).toBe(false);
    syncs.started[1]!.done(null);
    await settle();
    expect(drained).toBe(true);
    expect(b.done).toBe(false);
  } finally {
    syncs.restore();
    journal.close();
  }
});
