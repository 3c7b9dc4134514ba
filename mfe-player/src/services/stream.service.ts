import { ApiError, ErrorCode, commonQuery, isEnvelope, type SpeechClip, type StreamReplyQuery } from 'shared-kit';
import type { Dialogue, PlayInfo } from '../api/types';
import { createSseParser } from './sse';

/** What `message/stream_reply` sends, as the player store understands it. */
export type StreamEvent =
  | { type: 'delta'; dialogue_id: string; seq?: number; offset: number; text: string }
  | { type: 'dialogue'; dialogue: Dialogue }
  | { type: 'done'; play_info?: PlayInfo }
  /** A standby stream saw no turn begin in its time: the server ends it, and the client opens another. */
  | { type: 'idle' }
  /** With a dialogue id: that reply failed (its `dialogue` event says so too). Without: the stream itself broke. */
  | { type: 'error'; dialogue_id?: string; status_code: number; status_message: string }
  /** With `tts`: a sentence of a reply spoken, right after its text (the characters `start`..`end` it reads). */
  | { type: 'audio'; clip: SpeechClip }
  /** With `tts`: the day's speech quota is used up (1020302); the rest of the turn stays silent. */
  | { type: 'audio_limit'; status_code: number; status_message: string };

/** One spoken sentence of a reply, as the `audio` event names it (shared-kit's contract). */
export type { SpeechClip };

export interface StreamRequest {
  /** The reply to follow; without it, `playId`'s next turn from `seqSt` (opened before the send has answered). */
  dialogueId?: string;
  playId?: string;
  /** The first sequence number to send (the dialogue being followed, or the next one). */
  seqSt: number;
  seqEd?: number;
  /** Characters of the dialogue at `seqSt` already received, so a resumed stream does not repeat them. */
  offset: number;
  /**
   * With `playId`: the stream opens at once and waits for the play's next turn from `seqSt`, begun here or
   * elsewhere (a screen keeps one open while the play is idle). It ends with `idle` when none began in time.
   */
  standby?: boolean;
  /** Asks for the reply spoken too (`tts=1`): `audio` events after the text they read. */
  tts?: boolean;
}

/** Opens the stream and calls `onEvent` for each event; resolves when the server closes it. */
export type StreamTransport = (request: StreamRequest, onEvent: (event: StreamEvent) => void, signal: AbortSignal) => Promise<void>;

function toEvent(name: string, data: string): StreamEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const o = body as Record<string, unknown>;
  switch (name) {
    case 'delta':
      return typeof o.dialogue_id === 'string' && typeof o.text === 'string'
        ? { type: 'delta', dialogue_id: o.dialogue_id, seq: typeof o.seq === 'number' ? o.seq : undefined, offset: Number(o.offset ?? 0), text: o.text }
        : null;
    case 'dialogue': {
      const d = (o.dialogue ?? o) as Dialogue;
      return typeof d.dialogue_id === 'string' && typeof d.seq === 'number' ? { type: 'dialogue', dialogue: d } : null;
    }
    case 'done':
      return { type: 'done', play_info: (o.play_info as PlayInfo | undefined) ?? undefined };
    case 'idle':
      return { type: 'idle' };
    case 'audio':
      return typeof o.dialogue_id === 'string' && typeof o.url === 'string'
        ? {
            type: 'audio',
            clip: {
              dialogue_id: o.dialogue_id,
              seq: Number(o.seq ?? 0),
              index: Number(o.index ?? 0),
              start: Number(o.start ?? 0),
              end: Number(o.end ?? 0),
              text: String(o.text ?? ''),
              voice: String(o.voice ?? ''),
              url: o.url,
              bytes: Number(o.bytes ?? 0),
              mime: String(o.mime ?? ''),
            },
          }
        : null;
    case 'audio_limit':
      return { type: 'audio_limit', status_code: Number(o.status_code ?? ErrorCode.TtsLimit), status_message: String(o.status_message ?? '') };
    case 'error':
      return {
        type: 'error',
        dialogue_id: typeof o.dialogue_id === 'string' ? o.dialogue_id : undefined,
        status_code: Number(o.status_code ?? ErrorCode.ModelStreamError),
        status_message: String(o.status_message ?? ''),
      };
    default:
      return null;
  }
}

/**
 * The browser transport: `fetch` with a streamed body (cookies included), so a failure before the stream starts
 * arrives as the usual JSON envelope and the stream can be cancelled with an AbortSignal.
 */
export const fetchStream: StreamTransport = async (request, onEvent, signal) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(commonQuery())) params.set(k, String(v));
  const query: StreamReplyQuery = {
    ...(request.dialogueId ? { dialogue_id: request.dialogueId } : { play_id: request.playId }),
    seq_st: request.seqSt,
    offset: request.offset,
    ...(request.seqEd !== undefined ? { seq_ed: request.seqEd } : {}),
    ...(request.standby && !request.dialogueId ? { standby: '1' as const } : {}),
  };
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  if (request.tts) params.set('tts', '1');
  const res = await fetch(`/api/tyler/message/stream_reply?${params.toString()}`, {
    credentials: 'include',
    headers: { accept: 'text/event-stream' },
    signal,
  });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream')) {
    const body: unknown = await res.json().catch(() => null);
    if (isEnvelope(body)) throw new ApiError(body.status_code, body.status_message, body.data);
    throw new ApiError(ErrorCode.BackendNetworkError, `Stream refused (HTTP ${res.status})`);
  }
  if (!res.body) throw new ApiError(ErrorCode.BackendNetworkError, 'The browser cannot read streamed replies');
  const parser = createSseParser((e) => {
    const event = toEvent(e.event, e.data);
    if (event) onEvent(event);
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.push(value);
  }
  parser.end();
};
