import { ErrorCode } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { ageAt, parsePrcId } from './prcId';

/** What a verification provider answers: a verified adult or minor, or a mismatch (the name and number disagree). */
export type Verdict = 'adult' | 'minor' | 'mismatch';

export interface IdentityProvider {
  /** True when the provider only checks the number's format and checksum (the offline default). */
  readonly formatCheckOnly: boolean;
  verify(input: { name: string; id_number: string; region: string }, now: number): Promise<Verdict>;
}

/**
 * The offline default: a FORMAT CHECK ONLY. It proves the number is well formed (its check digit and birth date)
 * and derives the age from it; it cannot know whether the name belongs to the number.
 */
export const formatCheckProvider: IdentityProvider = {
  formatCheckOnly: true,
  async verify({ id_number }, now) {
    const parsed = parsePrcId(id_number, now);
    if (!parsed) return 'mismatch';
    return ageAt(parsed.birth, now) >= 18 ? 'adult' : 'minor';
  },
};

/**
 * A real provider over HTTP: `POST <url>` with `{ name, id_number, region }` and `Authorization: Bearer <key>`,
 * answering `{ result: "adult" | "minor" | "mismatch" }`. Anything else, or no answer in 10 s, is a network error
 * (1016) and the attempt still counts.
 */
export function httpProvider(url: string, key: string, timeoutMs = 10_000): IdentityProvider {
  return {
    formatCheckOnly: false,
    async verify(input) {
      let body: unknown;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify(input),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) throw new Error(`status ${res.status}`);
        body = await res.json();
      } catch (err) {
        throw new AppError(ErrorCode.BackendNetworkError, 'The verification service did not answer, try again later', {
          data: { reason: (err as Error).name === 'TimeoutError' ? 'timeout' : 'provider_error' },
        });
      }
      const result = (body as { result?: unknown } | null)?.result;
      if (result === 'adult' || result === 'minor' || result === 'mismatch') return result;
      throw new AppError(ErrorCode.BackendNetworkError, 'The verification service answered something unexpected', { data: { reason: 'provider_answer' } });
    },
  };
}
