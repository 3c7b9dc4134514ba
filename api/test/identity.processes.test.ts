import { ErrorCode } from 'shared-kit';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';

/*
 * Play time is summed in the shared database: ticks alternating between two api processes count once per tick
 * length for the account, and the allowance ends for both processes at the same tick. The tick length is one second
 * here (ANTI_ADDICTION_TICK_MS) so the test runs in seconds; production counts 60 s ticks.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('play time across two api processes', () => {
  let procs: ApiProcesses;
  beforeAll(async () => {
    procs = await startApiProcesses({
      count: 2,
      env: { SMS_IP_SENDS_PER_HOUR: '1000', ANTI_ADDICTION_TICK_MS: '1000', ANTI_ADDICTION_DAILY_MS: '3000', ANTI_ADDICTION_WARN_MS: '1000' },
    });
  }, 120_000);
  afterAll(async () => {
    await procs?.stop();
  });

  it('the allowance crosses its end once, whichever process gets the ticks, and both then refuse play and the feed', async () => {
    const [a, b] = procs.processes as [ApiProcess, ApiProcess];
    const client = await a.signIn('+12025557301');
    expect((await client.post('/api/tyler/user/teen_mode', { enable: true })).body.status_code).toBe(0);
    const onB = b.as(client);
    type Tick = { used_ms: number; counted: boolean; allowed: boolean; reopens_at: string | null };
    const tick = (c: typeof client) => c.post<Tick>('/api/tyler/user/online_tick', {});

    // Both processes at once: one counts.
    const first = await Promise.all([tick(client), tick(onB)]);
    expect(first.map((r) => r.body.data!.counted).sort()).toEqual([false, true]);
    const seen: Tick[] = [];
    for (let i = 0; i < 3; i++) {
      await sleep(1100);
      const both = await Promise.all([tick(client), tick(onB)]);
      seen.push(...both.map((r) => r.body.data!));
    }
    // A 3000 ms allowance in 1000 ms ticks: three counted in all (one above, two here), the rest not.
    expect(seen.filter((t) => t.counted)).toHaveLength(2);
    expect(Math.max(...seen.map((t) => t.used_ms))).toBe(3000);
    for (const c of [client, onB]) {
      const send = await c.post('/api/tyler/message/send', {});
      expect(send.body.status_code).toBe(ErrorCode.AntiAddictionBan);
      expect((send.body.data as { reopens_at: string }).reopens_at).toMatch(/T00:00:00.000Z$/);
      expect((await c.call('/api/tyler/story/list')).body.status_code).toBe(ErrorCode.FeedNotInAllowedTime);
    }
  }, 60_000);
});
