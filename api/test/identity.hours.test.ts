import { ErrorCode, PushType } from 'shared-kit';
import { sleep, useMidnightProcesses } from './support/identity';
import type { ApiProcess } from './support/processes';

/*
 * The allowed hours ending during a session, across two api processes on a replica set (SOCKET_ADAPTER=mongo): the
 * first tick within the warning's time of the hours' end (the account started playing inside it) pushes the
 * pre-warning (reason `hours`) once and queues the close as a durable job; at the end, whichever process runs it
 * pushes the ban (1020702, reason `hours`, with the next day's opening) to the account's socket on the other process,
 * and play and the feed refuse. The region's clock is set (utc_offset_minutes) so its allowed hours, [23, 24) local,
 * end 20 to 80 s after the test starts.
 */

describe('the allowed hours ending during a session, across two api processes', () => {
  const processes = useMidnightProcesses({ daily_minutes: 60, hours: [23, 24] }, 120_000);

  it('warns once, then at the hours’ end the socket on B is told play is closed until tomorrow’s hours, and play and the feed refuse', async () => {
    const [a, b] = processes().processes as [ApiProcess, ApiProcess];
    const client = await a.signIn('+8613800138001');
    expect((await client.post('/api/tyler/user/teen_mode', { enable: true })).body.status_code).toBe(0);
    const onB = b.as(client);
    const socket = await b.socket(onB);
    try {
      type Tick = { used_ms: number; allowed: boolean; counted: boolean; closes_at: string | null; reopens_at: string | null };
      const first = (await client.post<Tick>('/api/tyler/user/online_tick', {})).body.data!;
      expect(first).toMatchObject({ allowed: true, counted: true, used_ms: 1000 });
      const closes = Date.parse(first.closes_at!);
      expect(closes - Date.now()).toBeGreaterThan(5_000);
      expect(closes - Date.now()).toBeLessThan(90_000);
      const warning = await socket.waitForPush((p) => p.push_type === PushType.AntiAddiction && p.status_code === ErrorCode.AntiAddictionPreWarning, 5_000);
      expect(warning).toMatchObject({ reason: 'hours', closes_at: first.closes_at });
      // Ticks within the warning's time (on either process) warn no more.
      await sleep(1050);
      expect((await onB.post<Tick>('/api/tyler/user/online_tick', {})).body.data).toMatchObject({ counted: true, used_ms: 2000 });
      await sleep(500);
      expect(socket.pushes.filter((p) => p.status_code === ErrorCode.AntiAddictionPreWarning)).toHaveLength(1);

      // No tick comes meanwhile: the close job tells the socket at the hours' end.
      const ban = await socket.waitForPush((p) => p.push_type === PushType.AntiAddiction && p.status_code === ErrorCode.AntiAddictionBan, 100_000);
      const at = socket.arrivals[socket.pushes.indexOf(ban)]!;
      expect(performance.timeOrigin + at).toBeGreaterThanOrEqual(closes);
      const reopens = new Date(closes + 23 * 3_600_000).toISOString();
      expect(ban).toMatchObject({ reason: 'hours', reopens_at: reopens });
      // A new local day began with the hours' end (its play time 0), and its hours are still to come.
      expect((await onB.call<Tick>('/api/tyler/user/anti_addiction/status')).body.data).toMatchObject({ allowed: false, used_ms: 0, reopens_at: reopens });
      expect((await client.post('/api/tyler/message/send', {})).body).toMatchObject({ status_code: ErrorCode.AntiAddictionBan, data: { reopens_at: reopens } });
      expect((await onB.call('/api/tyler/story/list')).body).toMatchObject({ status_code: ErrorCode.FeedNotInAllowedTime, data: { reopens_at: reopens } });
      await sleep(1_000);
      expect(socket.pushes.filter((p) => p.status_code === ErrorCode.AntiAddictionBan)).toHaveLength(1);
    } finally {
      socket.close();
    }
  }, 180_000);
});
