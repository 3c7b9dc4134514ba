import type { UgcVoice as UgcVoiceView } from 'shared-kit';
import type { CookieClient } from './helpers';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';
import { spoken } from './support/voiceRecordings';

/*
 * A custom voice is made by a durable job after the upload's quick checks: Reviewing while the job runs (name review,
 * preview), then Normal or Reject with a reason, pushed to the owner's sockets; run once across api processes and
 * picked up again when the process that had it dies.
 */

jest.setTimeout(240_000);

const READ_EN =
  'The morning light came over the hills and the village woke slowly. A baker opened his door and the smell of fresh bread filled the street. Children ran down to the river, laughing, while their parents talked about the harvest and the weather.';

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

const startsOf = (procs: ApiProcess[], voiceId: string) =>
  procs.flatMap((p) => p.logs.filter((l) => l.msg === 'voice review started' && l.voice_id === voiceId).map((l) => ({ proc: p.name, resumed: l.resumed })));

describe('custom voices are made by durable jobs', () => {
  let procs: ApiProcesses;
  let speech: Buffer;
  beforeAll(async () => {
    speech = await spoken(READ_EN, 'en_male_deep');
    procs = await startApiProcesses({ count: 2, env: { PLAN_POLL_MS: '200', PLAN_LOCK_MS: '2000', VOICE_JOB_STEP_MS: '1000', SMS_IP_SENDS_PER_HOUR: '1000' } });
  }, 120_000);
  afterAll(async () => {
    await procs?.stop();
  });

  it('Reviewing while the job runs, its progress pushed to the owner, then Normal with a preview; a refused name ends Reject with its reason', async () => {
    const [a] = procs.processes as [ApiProcess];
    const owner = await a.signIn(nextPhone());
    const socket = await a.socket(owner);
    try {
      const v = await create(owner, speech, 'Harbour keeper');
      expect(v).toMatchObject({ status: 'Reviewing', preview_url: '', reject_reason: '' });
      const step = await socket.waitForPush((p) => p.push_type === 'TaskProgress' && p.voice_id === v.voice_id && p.status === 'Reviewing', 30_000);
      expect(step).toMatchObject({ task: 'ugc_voice', percent: expect.any(Number) });
      await socket.waitForPush((p) => p.push_type === 'TaskProgress' && p.voice_id === v.voice_id && p.status === 'Normal', 60_000);
      const ready = await waitForVoice(owner, v.voice_id, (x) => x.status !== 'Reviewing');
      expect(ready).toMatchObject({ status: 'Normal', review_percent: 100, reject_reason: '' });
      const clip = await fetch(a.baseUrl + ready.preview_url);
      expect(clip.status).toBe(200);
      expect((await clip.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
      // Only Normal voices are in the public library; a Reviewing one is its owner's alone.
      const bad = await create(owner, speech, 'porn voice');
      const pushed = await socket.waitForPush((p) => p.push_type === 'TaskProgress' && p.voice_id === bad.voice_id && p.status === 'Reject', 60_000);
      expect(pushed.reason).toMatch(/name did not pass the safety review/);
      const rejected = await waitForVoice(owner, bad.voice_id, (x) => x.status !== 'Reviewing');
      expect(rejected).toMatchObject({ status: 'Reject', preview_url: '' });
      expect(rejected.reject_reason).toMatch(/name did not pass the safety review/);
    } finally {
      socket.close();
    }
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
