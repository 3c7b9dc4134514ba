import { prcCheckChar } from '../../src/modules/identity/prcId';

/** A valid PRC resident identity number (its check digit computed) for a birth date YYYYMMDD and a sequence. */
export function idNumber(birth: string, seq = '123'): string {
  const first = `110105${birth}${seq}`;
  return first + prcCheckChar(first);
}
