import { prcCheckChar } from '../../src/modules/identity/prcId';

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
