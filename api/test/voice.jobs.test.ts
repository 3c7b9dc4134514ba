import type { UgcVoice as UgcVoiceView } from 'shared-kit';
import type { CookieClient } from './helpers';
import { startApiCluster, startApiProcesses, type ApiCluster, type ApiProcess, type ApiProcesses, type ApiSocket } from './support/processes';
import { spoken } from './support/voiceRecordings';

/*
 * A custom voice is made by a durable job after the upload's quick checks: Reviewing while the job runs (name review,
 * preview), then Normal or Reject with a reason, pushed to the owner's sockets; run once across api processes and
 * picked up again when the process that had it dies.
 */

jest.setTimeout(240_000);

const READ_EN =
  'The morning light came over the hills and the village woke slowly. A baker opened his door and the smell of fresh bread filled the street. Children ran down to the river, laughing, while their parents talked about the harvest and the weather.';

const JOB_ENV = { PLAN_POLL_MS: '200', PLAN_LOCK_MS: '2000', VOICE_JOB_STEP_MS: '1000', SMS_IP_SENDS_PER_HOUR: '1000' };

let seq = 0;
const nextPhone = () => `+1202555${String(7300 + seq++).padStart(4, '0')}`;

function form(audio: Buffer, fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('audio', new Blob([new Uint8Array(audio)], { type: 'audio/wav' }), 'recording.wav');
  return fd;
}

async function create(client: CookieClient, audio: Buffer, name: string): Promise<UgcVoiceView> {
  const res = await client.call<{ voice: UgcVoiceView }>('/api/editor/ugc_voice/create', { method: 'POST', body: form(audio, { name, text_id: 'en_1' }) });
  expect(res.body.status_code).toBe(0);
  return res.body.data!.voice;
}

async function waitForVoice(client: CookieClient, voiceId: string, done: (v: UgcVoiceView) => boolean, timeoutMs = 60_000): Promise<UgcVoiceView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.call<{ voice: UgcVoiceView }>(`/api/editor/ugc_voice/get?voice_id=${voiceId}`).catch(() => null);
    const v = res?.body.data?.voice;
    if (v && done(v)) return v;
    if (Date.now() > deadline) throw new Error(`voice ${voiceId} not in the state in time: ${JSON.stringify(res?.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Which process started the voice's job, and whether as a resumption, in the order they started (log time). */
const startsOf = (procs: ApiProcess[], voiceId: string) =>
  procs
    .flatMap((p) => p.logs.filter((l) => l.msg === 'voice review started' && l.voice_id === voiceId).map((l) => ({ proc: p.name, resumed: l.resumed, time: Number(l.time) })))
    .sort((x, y) => x.time - y.time)
    .map(({ proc, resumed }) => ({ proc, resumed }));

/**
 * Pushes cross api processes only through a socket adapter: the cluster adapter of `API_WORKERS=N` here (MongoDB's in
 * a deployment of replicas, which needs change streams the embedded database lacks). Two plain processes on one
 * database share no adapter, so a push emitted by the process that happened to take the job never reached a socket
 * held by the other one: the push test runs in the product's multi-process mode, with a socket in each worker.
 */
describe('a custom voice\'s progress is pushed to its owner, whichever worker runs the job', () => {
  let cluster: ApiCluster;
  let speech: Buffer;
  beforeAll(async () => {
    speech = await spoken(READ_EN, 'en_male_deep');
    cluster = await startApiCluster({ workers: 2, env: JOB_ENV });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it('Reviewing while the job runs, its progress pushed to the owner, then Normal with a preview; a refused name ends Reject with its reason', async () => {
    const owner = await cluster.signIn(nextPhone());
    // Sockets are balanced over the workers: open them until the owner has one in each, so that whichever worker
    // takes the job, one of them gets its pushes from the other worker.
    const sockets = new Map<string, ApiSocket>();
    const opened: ApiSocket[] = [];
    try {
      for (let i = 0; i < 12 && sockets.size < 2; i += 1) {
        const s = await cluster.socket(owner);
        opened.push(s);
        if (!sockets.has(s.process)) sockets.set(s.process, s);
      }
      expect(sockets.size).toBe(2);
      /** Waits for the push on every one of the owner's sockets; on failure says which worker ran the job. */
      const pushedToAll = async (voiceId: string, match: (p: Record<string, unknown>) => boolean, timeoutMs: number) => {
        const got = await Promise.all(
          [...sockets.values()].map((s) =>
            s.waitForPush((p) => p.push_type === 'TaskProgress' && p.voice_id === voiceId && match(p), timeoutMs).catch((err: Error) => {
              const ran = cluster.logs.filter((l) => l.msg === 'voice review started' && l.voice_id === voiceId).map((l) => l.worker);
              throw new Error(`socket held by ${s.process}: ${err.message}; the job ran in worker ${JSON.stringify(ran)}`);
            }),
          ),
        );
        return got[0]!;
      };

      const v = await create(owner, speech, 'Harbour keeper');
      expect(v).toMatchObject({ status: 'Reviewing', preview_url: '', reject_reason: '' });
      const step = await pushedToAll(v.voice_id, (p) => p.status === 'Reviewing', 30_000);
      expect(step).toMatchObject({ task: 'ugc_voice', percent: expect.any(Number) });
      await pushedToAll(v.voice_id, (p) => p.status === 'Normal', 60_000);
      const ready = await waitForVoice(owner, v.voice_id, (x) => x.status !== 'Reviewing');
      expect(ready).toMatchObject({ status: 'Normal', review_percent: 100, reject_reason: '' });
      const clip = await fetch(cluster.baseUrl + ready.preview_url);
      expect(clip.status).toBe(200);
      expect((await clip.arrayBuffer()).byteLength).toBeGreaterThan(10_000);

      const bad = await create(owner, speech, 'porn voice');
      const pushed = await pushedToAll(bad.voice_id, (p) => p.status === 'Reject', 60_000);
      expect(pushed.reason).toMatch(/name did not pass the safety review/);
      const rejected = await waitForVoice(owner, bad.voice_id, (x) => x.status !== 'Reviewing');
      expect(rejected).toMatchObject({ status: 'Reject', preview_url: '' });
      expect(rejected.reject_reason).toMatch(/name did not pass the safety review/);
    } finally {
      for (const s of opened) s.close();
    }
  });
});

describe('custom voices are made by durable jobs', () => {
  let procs: ApiProcesses;
  let speech: Buffer;
  beforeAll(async () => {
    speech = await spoken(READ_EN, 'en_male_deep');
    procs = await startApiProcesses({ count: 2, env: JOB_ENV });
  }, 120_000);
  afterAll(async () => {
    await procs?.stop();
  });

  it('runs each voice job exactly once when two processes poll the same queue', async () => {
    const [a, b] = procs.processes as [ApiProcess, ApiProcess];
    const clients = await Promise.all([a.signIn(nextPhone()), b.signIn(nextPhone()), a.signIn(nextPhone()), b.signIn(nextPhone())]);
    const voices = await Promise.all(clients.map((c, i) => create(c, speech, `Voice number ${i}`)));
    for (const [i, v] of voices.entries()) {
      expect((await waitForVoice(clients[i]!, v.voice_id, (x) => x.status !== 'Reviewing')).status).toBe('Normal');
      expect(startsOf([a, b], v.voice_id)).toHaveLength(1);
    }
  });

  it('a job whose process dies is picked up by the other process at once its lease runs out, and finishes', async () => {
    const [a, b] = procs.processes as [ApiProcess, ApiProcess];
    const onA = await a.signIn(nextPhone());
    const v = await create(onA, speech, 'Survivor');
    // Whichever process took the job dies outright (no shutdown) in the middle of the review.
    await waitForVoice(onA, v.voice_id, (x) => x.status === 'Reviewing' && x.review_percent >= 10 && startsOf([a, b], v.voice_id).length === 1);
    const first = startsOf([a, b], v.voice_id)[0]!;
    expect(first.resumed).toBe(false);
    const [dying, survivor] = first.proc === 'A' ? [a, b] : [b, a];
    await dying.kill();
    const done = await waitForVoice(survivor.as(onA), v.voice_id, (x) => x.status !== 'Reviewing');
    expect(done).toMatchObject({ status: 'Normal', review_percent: 100 });
    expect(startsOf([a, b], v.voice_id)).toEqual([
      { proc: dying.name, resumed: false },
      { proc: survivor.name, resumed: true },
    ]);
  });
});
