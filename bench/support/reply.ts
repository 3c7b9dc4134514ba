import type { CookieClient } from '../../api/test/helpers';
import { readStream } from '../../api/test/support/playStories';

/**
 * Reads a sent turn's reply stream to its end and checks it: no error event, a closing `done`, and exactly the
 * expected text. Resolves to what went wrong, or null.
 */
export async function readReply(
  client: CookieClient,
  replyId: string,
  seqSt: number,
  expected: string,
  /** The reply's play, named alongside it as the player does (the stream then reads the reply with its rows). */
  playId?: string,
): Promise<string | null> {
  const stream = await readStream(
    client,
    `/api/tyler/message/stream_reply?dialogue_id=${replyId}&seq_st=${seqSt}${playId ? `&play_id=${playId}` : ''}`,
  );
  const error = stream.events.find((e) => e.event === 'error');
  if (error) return `stream: ${JSON.stringify(error.data)}`;
  if (stream.events[stream.events.length - 1]?.event !== 'done') return 'stream ended without done';
  const text = stream.events
    .filter((e) => e.event === 'delta' && e.data.dialogue_id === replyId)
    .map((e) => String(e.data.text))
    .join('');
  return text === expected ? null : `reply altered: ${JSON.stringify(text)}`;
}
