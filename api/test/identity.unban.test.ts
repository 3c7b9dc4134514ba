import { ErrorCode, PushType } from 'shared-kit';
import { sleep, useMidnightProcesses } from './support/identity';
import type { ApiProcess } from './support/processes';

/*
 * The unban when the window opens again, across two api processes on a replica set (SOCKET_ADAPTER=mongo): process A
 * counts the tick that ends the day's play time and queues the unban as a durable job at `reopens_at`; the job runs
 * on whichever process polls it first, and the account's socket on process B gets the unban push. The region's
 * clock is set (utc_offset_minutes) so its local midnight, the reopening, comes 20 to 80 s after the test starts.
 */

describe('the unban when play time opens again, across two api processes', () => {
  const processes = useMidnightProcesses({ daily_minutes: 0.05, hours: [0, 24] }, 1000);

  it('A ends the play time and queues the unban; at the reopening the socket on B is told once and play opens again', async () => {
    const [a, b] = processes().processes as [ApiProcess, ApiProcess];
    const client = await a.signIn('+8613800138000');
    expect((await client.post('/api/tyler/user/teen_mode', { enable: true })).body.status_code).toBe(0);
    const onB = b.as(client);
    const socket = await b.socket(onB);
    try {
      type Tick = { used_ms: number; allowed: boolean; reopens_at: string | null };
      let last: Tick | undefined;
      // A 3 s allowance in 1 s ticks, all on process A.
      for (let i = 0; i < 6 && last?.allowed !== false; i++) {
        last = (await client.post<Tick>('/api/tyler/user/online_tick', {})).body.data!;
        if (last.allowed) await sleep(1050);
      }
      expect(last).toMatchObject({ used_ms: 3000, allowed: false });
      const reopens = Date.parse(last!.reopens_at!);
      expect(reopens - Date.now()).toBeGreaterThan(5_000);
      expect(reopens - Date.now()).toBeLessThan(90_000);
      await socket.waitForPush((p) => p.push_type === PushType.AntiAddiction && p.status_code === ErrorCode.AntiAddictionBan, 5_000);
      expect((await onB.post('/api/tyler/message/send', {})).body.status_code).toBe(ErrorCode.AntiAddictionBan);

      // The durable job: one record in MongoDB for the account, at the reopening.
      const unban = await socket.waitForPush((p) => p.push_type === PushType.AntiAddiction && p.status_code === ErrorCode.AntiAddictionUnban, 100_000);
      expect(unban).toMatchObject({ reopens_at: null });
      const at = socket.arrivals[socket.pushes.indexOf(unban)]!;
      expect(performance.timeOrigin + at).toBeGreaterThanOrEqual(reopens);
      const status = (await onB.call<Tick>('/api/tyler/user/anti_addiction/status')).body.data!;
      expect(status).toMatchObject({ allowed: true, used_ms: 0 });
      expect((await onB.call('/api/tyler/story/list')).body.status_code).toBe(0);
      await sleep(1_500);
      expect(socket.pushes.filter((p) => p.status_code === ErrorCode.AntiAddictionUnban)).toHaveLength(1);
    } finally {
      socket.close();
    }
  }, 180_000);
});
