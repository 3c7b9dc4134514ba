import { save, storyPayload } from './editor.support';
import type { CookieClient } from './helpers';
import { FakeOpenAI } from './support/fakeOpenAI';
import { nextPhone } from './support/playStories';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';

jest.setTimeout(120_000);

/*
 * Safety reviews are durable jobs on the shared database (review_jobs): across api processes that share only the
 * database each review runs exactly once, and a review whose process is killed mid-way is taken by another once its
 * lease (REVIEW_LOCK_MS) lapses.
 */

const LOCK_MS = 1500;

/** The review's starts over every process, earliest first (each process's log is read whole, one after the other). */
const startsOf = (procs: ApiProcess[], versionId: string) =>
  procs
    .flatMap((p) => p.logs.filter((l) => l.msg === 'review started' && l.version_id === versionId).map((l) => ({ proc: p.name, at: Number(l.time) })))
    .sort((x, y) => x.at - y.at);
const reviewedBy = (procs: ApiProcess[], versionId: string) =>
  procs.flatMap((p) => p.logs.filter((l) => l.msg === 'story reviewed' && l.version_id === versionId).map(() => p.name));

async function publish(client: CookieClient, name: string): Promise<{ story_id: string; version_id: string }> {
  const res = await save(client, { ...storyPayload({ story_name: name }), publish_type: 'Publish' });
  expect(res.body.status_code).toBe(0);
  const { story_id, version_id } = res.body.data! as { story_id: string; version_id: string };
  return { story_id, version_id };
}

async function waitFor<T>(what: string, read: () => T | Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} not in time: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const passed = async (client: CookieClient, storyId: string) =>
  (await client.call<{ version_id: string }>(`/api/tyler/story/info?story_id=${storyId}`)).body.status_code === 0;

describe('story reviews across api processes', () => {
  let fake: FakeOpenAI;
  let procs: ApiProcesses;
  let a: ApiProcess;
  let b: ApiProcess;
  beforeAll(async () => {
    fake = await FakeOpenAI.start(() => ({ kind: 'json', content: '{}' }));
    procs = await startApiProcesses({ count: 2, env: { ...fake.apiEnv, SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '50', REVIEW_LOCK_MS: String(LOCK_MS) } });
    [a, b] = procs.processes as [ApiProcess, ApiProcess];
  });
  afterAll(async () => {
    await procs?.stop();
    await fake?.close();
  });

  it('reviews each version exactly once when two processes poll the same queue, even past the lease', async () => {
    // Each verdict takes longer than the lease: only its renewal keeps the other process away.
    fake.moderationDelayMs = LOCK_MS + 500;
    const clients = await Promise.all([a, b, a, b].map((p) => p.signIn(nextPhone())));
    const stories = await Promise.all(clients.map((c, i) => publish(c, `Review once ${i}`)));
    for (const [i, s] of stories.entries()) {
      await waitFor(`story ${s.story_id} reviewed`, () => passed(clients[i]!, s.story_id), Boolean);
      // The verdict is written before its process logs it, and the log comes over a pipe: wait for the line too.
      await waitFor(`the review of ${s.story_id} logged`, () => reviewedBy([a, b], s.version_id), (r) => r.length > 0);
      expect(startsOf([a, b], s.version_id)).toHaveLength(1);
      expect(reviewedBy([a, b], s.version_id)).toHaveLength(1);
    }
    // Both processes took reviews.
    expect(new Set(stories.flatMap((s) => startsOf([a, b], s.version_id).map((x) => x.proc))).size).toBe(2);
  });

  it('a review whose process is killed mid-way is finished by the other once its lease lapses', async () => {
    fake.moderationDelayMs = 60_000;
    const onA = await a.signIn(nextPhone());
    const { story_id, version_id } = await publish(onA, 'Survivor story');
    const [first] = await waitFor('the review to start', () => startsOf([a, b], version_id), (s) => s.length === 1);
    // Its moderation call hangs; whichever process holds the job dies outright.
    const [dying, survivor] = first!.proc === 'A' ? [a, b] : [b, a];
    await dying.kill();
    const killedAt = Date.now();
    fake.moderationDelayMs = 0;
    await waitFor('the review to finish', () => passed(survivor.as(onA), story_id), Boolean);
    await waitFor('the review logged', () => reviewedBy([a, b], version_id), (r) => r.length > 0);
    const starts = startsOf([a, b], version_id);
    expect(starts.map((s) => s.proc)).toEqual([dying.name, survivor.name]);
    // Taken again only once the lease lapsed: it was renewed every third of it until the kill.
    expect(starts[1]!.at - killedAt).toBeGreaterThanOrEqual((LOCK_MS * 2) / 3 - 200);
    expect(starts[1]!.at - killedAt).toBeLessThan(LOCK_MS + 2000);
    expect(reviewedBy([a, b], version_id)).toEqual([survivor.name]);
  });
});
