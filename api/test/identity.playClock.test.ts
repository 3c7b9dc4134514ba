import { ErrorCode, PushType } from 'shared-kit';
import { sleep } from './support/identity';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';

/*
 * Play time's development clock (DEV_PLAY_CLOCK, browser tests; never in production), across two api processes on a
 * replica set: the offset set on A is kept in MongoDB and B's play time follows it within a second; moving it to the
 * reopening runs the waiting unban job at once, on whichever process polls it, and the socket on B is told; moving
 * it back closes play again. A production process refuses the route (1008) and its clock does not move.
 */

type PlayTime = { used_ms: number; allowed: boolean; reopens_at: string | null };
type Clock = { offset_ms: number; now: string };

/** Reads `read` until `match` holds (or `timeoutMs` passed), answering the last reading. */
async function until<T>(read: () => Promise<T>, match: (v: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (match(v) || Date.now() > deadline) return v;
    await sleep(100);
  }
}

let procs: ApiProcesses;
beforeAll(async () => {
  procs = await startApiProcesses({
    count: 2,
    replSet: 'rs0',
    env: {
      SOCKET_ADAPTER: 'mongo',
      SMS_IP_SENDS_PER_HOUR: '1000',
      PLAN_POLL_MS: '200',
      ANTI_ADDICTION_TICK_MS: '1000',
      ANTI_ADDICTION_WARN_MS: '1000',
      ANTI_ADDICTION_REGIONS: JSON.stringify({ CN: { daily_minutes: 0.05, hours: [0, 24] } }),
      DEV_PLAY_CLOCK: '1',
    },
  });
}, 120_000);
afterAll(async () => {
  await procs?.stop();
});

describe('play time’s development clock, across two api processes', () => {
  it('moves play time on every process to the next window, where the waiting unban runs at once, and back', async () => {
    const [a, b] = procs.processes as [ApiProcess, ApiProcess];
    const client = await a.signIn('+8613800138010');
    expect((await client.post('/api/tyler/user/teen_mode', { enable: true })).body.status_code).toBe(0);
    const onB = b.as(client);
    const socket = await b.socket(onB);
    try {
      // Bad input: the field named, nothing moved; signed out: 1007.
      const bad = await client.post('/api/dev/play_clock', { offset_ms: 'soon' });
      expect(bad.body).toMatchObject({ status_code: ErrorCode.ClientParamError, data: { errors: [{ path: 'offset_ms' }] } });
      const far = await client.post('/api/dev/play_clock', { offset_ms: 8 * 86_400_000 });
      expect(far.body).toMatchObject({ status_code: ErrorCode.ClientParamError, data: { errors: [{ path: 'offset_ms' }] } });
      expect((await a.client().post('/api/dev/play_clock', { offset_ms: 0 })).body.status_code).toBe(ErrorCode.NeedLogin);
      expect((await onB.call<Clock>('/api/dev/play_clock')).body.data).toMatchObject({ offset_ms: 0 });

      // A 3 s allowance in 1 s ticks on A: the ban, and the unban queued at the next local day.
      let last: PlayTime | undefined;
      for (let i = 0; i < 6 && last?.allowed !== false; i++) {
        last = (await client.post<PlayTime>('/api/tyler/user/online_tick', {})).body.data!;
        if (last.allowed) await sleep(1050);
      }
      expect(last).toMatchObject({ used_ms: 3000, allowed: false });
      const reopens = Date.parse(last!.reopens_at!);
      expect(reopens - Date.now()).toBeGreaterThan(60_000);
      await socket.waitForPush((p) => p.push_type === PushType.AntiAddiction && p.status_code === ErrorCode.AntiAddictionBan, 5_000);

      // The clock moved on A to just past the reopening: B follows, and the unban job runs now.
      const offset = reopens - Date.now() + 1_000;
      const set = (await client.post<Clock>('/api/dev/play_clock', { offset_ms: offset })).body.data!;
      expect(set.offset_ms).toBe(offset);
      expect(Date.parse(set.now)).toBeGreaterThanOrEqual(reopens);
      const unban = await socket.waitForPush((p) => p.push_type === PushType.AntiAddiction && p.status_code === ErrorCode.AntiAddictionUnban, 10_000);
      expect(unban).toMatchObject({ reopens_at: null });
      const opened = await until(async () => (await onB.call<PlayTime>('/api/tyler/user/anti_addiction/status')).body.data!, (s) => s.allowed);
      expect(opened).toMatchObject({ allowed: true, used_ms: 0 });
      expect((await onB.call('/api/tyler/story/list')).body.status_code).toBe(0);
      expect((await onB.post('/api/tyler/message/send', {})).body.status_code).not.toBe(ErrorCode.AntiAddictionBan);
      expect((await onB.call<Clock>('/api/dev/play_clock')).body.data).toMatchObject({ offset_ms: offset });

      // Back to the app's time on B: A refuses again, with the same reopening; one unban in all.
      expect((await onB.post<Clock>('/api/dev/play_clock', { offset_ms: 0 })).body.data).toMatchObject({ offset_ms: 0 });
      const closed = await until(async () => (await client.call<PlayTime>('/api/tyler/user/anti_addiction/status')).body.data!, (s) => !s.allowed);
      expect(closed).toMatchObject({ allowed: false, reopens_at: last!.reopens_at });
      expect((await client.call('/api/tyler/story/list')).body).toMatchObject({ status_code: ErrorCode.FeedNotInAllowedTime, data: { reopens_at: last!.reopens_at } });
      expect(socket.pushes.filter((p) => p.status_code === ErrorCode.AntiAddictionUnban)).toHaveLength(1);
    } finally {
      socket.close();
    }
  }, 120_000);

  it('is refused in production (1008), and nothing moves', async () => {
    const prod = await procs.add({ NODE_ENV: 'production', SESSION_SECRET: 'play-clock-test-secret-0123456789', DEV_PLAY_CLOCK: '1' });
    const res = await prod.call('/api/dev/play_clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ offset_ms: 3_600_000 }) });
    expect(res.body).toMatchObject({ status_code: ErrorCode.NoAccess, data: { reason: 'dev_play_clock_off' } });
    expect((await prod.call('/api/dev/play_clock')).body.status_code).toBe(ErrorCode.NoAccess);
    const [a] = procs.processes as [ApiProcess];
    const client = await a.signIn('+8613800138011');
    expect((await client.call<Clock>('/api/dev/play_clock')).body.data).toMatchObject({ offset_ms: 0 });
  }, 90_000);
});
