import { ErrorCode } from 'shared-kit';
import type { AppError } from '../../../lib/errors';
import { countTokens } from '../../../ai/chat/tokenizer';
import { checkInputSize } from './limits';

const chat = { dailyLimit: 200, inputMaxChars: 500, inputMaxTokens: 400, timeoutMs: 30_000, retries: 2, contextTokens: 8192, replyTokens: 400, offlineTokenDelayMs: 25, standbyWaitMs: 60_000 };

function refusal(message: string): AppError | null {
  try {
    checkInputSize(message, chat);
    return null;
  } catch (err) {
    return err as AppError;
  }
}

describe('input size', () => {
  it('takes a message within both limits, counting tokens only when its bytes could exceed them', () => {
    expect(refusal('a'.repeat(400))).toBeNull();
    // 300 characters of a 3-byte script: 900 bytes, so its tokens are counted, and they are within the limit.
    const cjk = '\u6545\u4e8b\u7684'.repeat(100);
    expect(countTokens(cjk)).toBeLessThanOrEqual(400);
    expect(refusal(cjk)).toBeNull();
  });

  it('refuses too many characters, or too many tokens, with 1012 and the limits', () => {
    expect(refusal('a'.repeat(501))).toMatchObject({ code: ErrorCode.InputLimit, data: { max_chars: 500, chars: 501 } });
    const emoji = '\u{1F984}'.repeat(450);
    expect(countTokens(emoji)).toBeGreaterThan(400);
    const err = refusal(emoji);
    expect(err).toMatchObject({ code: ErrorCode.InputLimit, data: { max_tokens: 400 } });
    expect(err!.message).toContain('400 tokens');
  });
});
