import { prcCheckChar } from '../../src/modules/identity/prcId';
import { startApiProcesses, type ApiProcesses } from './processes';

/** A valid PRC resident identity number (its check digit computed) for a birth date YYYYMMDD and a sequence. */
export function idNumber(birth: string, seq = '123'): string {
  const first = `110105${birth}${seq}`;
  return first + prcCheckChar(first);
}

const DAY_MIN = 1440;

/** A UTC offset (minutes, within the config's -720..840) whose local midnight is 20 to 80 s from `now`. */
export function offsetForMidnightSoon(now: number): number {
  const localMinute = Math.floor(now / 60_000) % DAY_MIN;
  let off = (DAY_MIN - 1 - localMinute) % DAY_MIN;
  if ((now % 60_000) / 1000 > 40) off -= 1;
  while (off > 840) off -= DAY_MIN;
  while (off < -720) off += DAY_MIN;
  return off;
}

/** Milliseconds to wait, for the tests that watch a tick's time pass. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Two api processes on a replica set (SOCKET_ADAPTER=mongo, jobs polled every 200 ms, a tick every second) whose
 * region CN has `region`'s rules and a clock set (utc_offset_minutes) so its local midnight comes 20 to 80 s after
 * the suite starts; `warnMs` is ANTI_ADDICTION_WARN_MS. Started before the suite's tests, stopped after them.
 */
export function useMidnightProcesses(region: { daily_minutes: number; hours: [number, number] }, warnMs: number): () => ApiProcesses {
  let procs: ApiProcesses | undefined;
  beforeAll(async () => {
    const off = offsetForMidnightSoon(Date.now());
    procs = await startApiProcesses({
      count: 2,
      replSet: 'rs0',
      env: {
        SOCKET_ADAPTER: 'mongo',
        SMS_IP_SENDS_PER_HOUR: '1000',
        PLAN_POLL_MS: '200',
        ANTI_ADDICTION_TICK_MS: '1000',
        ANTI_ADDICTION_WARN_MS: String(warnMs),
        ANTI_ADDICTION_REGIONS: JSON.stringify({ CN: { ...region, utc_offset_minutes: off } }),
      },
    });
  }, 120_000);
  afterAll(async () => {
    await procs?.stop();
  });
  return () => procs!;
}
