import { execFileSync } from 'node:child_process';
import { io as connect, type Socket } from 'socket.io-client';
import type { CookieClient } from '../helpers';

// Calls in tests: speech made with eSpeak NG (Debian's espeak-ng and sox, installed by scripts/ensure-speech.sh),
// and a socket on the `/call` namespace signed in with a player's cookies.

/** `text` spoken by eSpeak NG as the call's audio: 16-bit PCM, mono, 16 kHz, with `silenceMs` of silence after. */
export function spokenPcm(text: string, silenceMs = 1000): Buffer {
  const wav = execFileSync('espeak-ng', ['-v', 'en-us', '-s', '140', '--stdout', text]);
  const pcm = execFileSync('sox', ['-t', 'wav', '-', '-r', '16000', '-c', '1', '-b', '16', '-e', 'signed-integer', '-t', 'raw', '-'], { input: wav });
  return Buffer.concat([Buffer.alloc(6400), pcm, Buffer.alloc(Math.round((silenceMs / 1000) * 32_000))]);
}

/** What the `/call` namespace sends, loosely: each event fills some of these. */
export interface CallEventData {
  text: string;
  input_dialogue_id?: string;
  who: string;
  url: string;
  status: string;
  status_code: number;
  status_message: string;
  [field: string]: unknown;
}

export interface CallSocket {
  socket: Socket;
  events: Array<{ event: string; data: CallEventData }>;
  /** The first event named `event` (from now on or already received) that passes `where`. */
  next(event: string, where?: (data: CallEventData) => boolean, timeoutMs?: number): Promise<CallEventData>;
  join(callId: string): Promise<{ status_code: number; status_message: string; data?: { call_id: string; reconnected: boolean; seconds: number } }>;
  /** Sends PCM in 100 ms messages, `paceMs` apart (0: as fast as the socket takes them). */
  speak(pcm: Buffer, paceMs?: number): Promise<void>;
  close(): void;
}

export async function callSocket(baseUrl: string, client: CookieClient): Promise<CallSocket> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const socket = connect(`${baseUrl}/call`, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
  const events: Array<{ event: string; data: CallEventData }> = [];
  socket.onAny((event: string, data: CallEventData) => events.push({ event, data }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    events,
    next(event, where = () => true, timeoutMs = 20_000) {
      const seen = events.find((e) => e.event === event && where(e.data));
      if (seen) return Promise.resolve(seen.data);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          socket.offAny(on);
          reject(new Error(`no ${event} within ${timeoutMs} ms; got ${JSON.stringify(events.filter((e) => e.event !== 'call:state'))}`));
        }, timeoutMs);
        const on = (name: string, data: CallEventData) => {
          if (name !== event || !where(data)) return;
          clearTimeout(timer);
          socket.offAny(on);
          resolve(data);
        };
        socket.onAny(on);
      });
    },
    join: (callId) => socket.timeout(10_000).emitWithAck('join', { call_id: callId }),
    async speak(pcm, paceMs = 0) {
      for (let i = 0; i < pcm.length; i += 3200) {
        socket.emit('audio', pcm.subarray(i, Math.min(pcm.length, i + 3200)));
        if (paceMs > 0) await new Promise((r) => setTimeout(r, paceMs));
      }
    },
    close: () => socket.disconnect(),
  };
}

/** Words of a text, lower case, for comparing what was said with what was heard. */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[a-z']+/g) ?? [];
