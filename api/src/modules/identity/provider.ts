import { ErrorCode } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { ageAt, parsePrcId } from './prcId';
import { declaredBirth, hkidValid, twIdValid } from './regionIds';

/** What a verification provider answers: a verified adult or minor, or a mismatch (the name and number disagree). */
export type Verdict = 'adult' | 'minor' | 'mismatch';

export interface IdentityProvider {
  /** True when the provider only checks the number's format and checksum (the offline default). */
  readonly formatCheckOnly: boolean;
  verify(input: VerifyInput, now: number): Promise<Verdict>;
}

/** What is verified: the legal name, the region's number and, where the number carries none, the declared birth date. */
export interface VerifyInput {
  name: string;
  id_number: string;
  region: string;
  birth_date?: string;
}

/** The birth date a number proves (CN), or the declared one once the number's check digit holds (HK, TW). */
function birthOf({ id_number, region, birth_date }: VerifyInput, now: number): Date | null {
  if (region === 'CN') return parsePrcId(id_number, now)?.birth ?? null;
  const valid = region === 'HK' ? hkidValid(id_number) : region === 'TW' ? twIdValid(id_number) : false;
  return valid && birth_date ? declaredBirth(birth_date, now) : null;
}

/**
 * The offline default: a FORMAT CHECK ONLY. It proves the number is well formed (its check digit, and for CN its
 * birth date) and derives the age from the number's birth date (CN) or the declared one (HK, TW, whose numbers carry
 * none); it cannot know whether the name or the declared date belong to the number.
 */
export const formatCheckProvider: IdentityProvider = {
  formatCheckOnly: true,
  async verify(input, now) {
    const birth = birthOf(input, now);
    if (!birth) return 'mismatch';
    return ageAt(birth, now) >= 18 ? 'adult' : 'minor';
  },
};

/**
 * A real provider over HTTP: `POST <url>` with `{ name, id_number, region, birth_date? }` (the date where the form
 * asks for it) and `Authorization: Bearer <key>`,
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
