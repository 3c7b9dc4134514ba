import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { loadSocketIo, unwrap, type CallInfo, type CallLeft, type Envelope } from 'shared-kit';
import { CALL_NAMESPACE, CALL_SAMPLE_RATE } from 'shared-kit/areas';
import { apiClient } from '../../api/client';

export type CallPhase = 'loading' | 'ready' | 'connecting' | 'live' | 'ended' | 'error';

export interface TranscriptLine {
  key: string;
  who: 'player' | 'character';
  text: string;
}

export interface CallView {
  phase: CallPhase;
  left: CallLeft | null;
  call: CallInfo | null;
  seconds: number;
  speaking: 'player' | 'character' | 'none';
  muted: boolean;
  lines: TranscriptLine[];
  /** The spec's code of an error, or of how the call ended (0: ended by the player). */
  code: number | null;
  endStatus: string | null;
  start(): Promise<void>;
  end(): void;
  toggleMute(): void;
  /** Plays the next clip of the reply (wired to the audio element's `ended`). */
  onClipEnded(): void;
}

const T = '/tyler/call';

/** Float samples at the context's rate to 16-bit PCM at CALL_SAMPLE_RATE (nearest sample). */
function toPcm(input: Float32Array, rate: number): ArrayBuffer {
  const ratio = rate / CALL_SAMPLE_RATE;
  const out = new Int16Array(Math.floor(input.length / ratio));
  for (let i = 0; i < out.length; i++) {
    const s = Math.max(-1, Math.min(1, input[Math.floor(i * ratio)] ?? 0));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out.buffer;
}

/**
 * A call with the play's character: what is left today, then the microphone's audio to the api's `/call` socket,
 * the transcript as it comes, and the reply's clips played one after another in `audio` (the barge-in stops them).
 */
export function useCall(playId: string, audio: () => HTMLAudioElement | null): CallView {
  const [phase, setPhase] = useState<CallPhase>('loading');
  const [left, setLeft] = useState<CallLeft | null>(null);
  const [call, setCall] = useState<CallInfo | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [speaking, setSpeaking] = useState<'player' | 'character' | 'none'>('none');
  const [muted, setMuted] = useState(false);
  const [lines, setLines] = useState<TranscriptLine[]>([]);
  const [code, setCode] = useState<number | null>(null);
  const [endStatus, setEndStatus] = useState<string | null>(null);
  const socket = useRef<Socket | null>(null);
  const stopMic = useRef<() => void>(() => undefined);
  const queue = useRef<string[]>([]);

  useEffect(() => {
    let live = true;
    unwrap(apiClient.get<Envelope<{ left: CallLeft }>>(`${T}/audio_info`, { params: { play_id: playId }, silent: true }))
      .then((d) => live && (setLeft(d.left), setPhase('ready')))
      .catch((err: { code?: number }) => live && (setCode(err.code ?? 1002), setPhase('error')));
    return () => {
      live = false;
    };
  }, [playId]);

  const playNext = useCallback(() => {
    const el = audio();
    if (!el || !el.paused || queue.current.length === 0) return;
    el.src = queue.current.shift()!;
    void el.play().catch(() => undefined);
  }, [audio]);

  const hangUp = useCallback(() => {
    stopMic.current();
    stopMic.current = () => undefined;
    socket.current?.disconnect();
    socket.current = null;
    queue.current = [];
    audio()?.pause();
  }, [audio]);

  useEffect(() => hangUp, [hangUp]);

  const start = useCallback(async () => {
    setPhase('connecting');
    setCode(null);
    setLines([]);
    try {
      const created = await unwrap(apiClient.post<Envelope<{ call: CallInfo; left: CallLeft }>>(`${T}/create`, { play_id: playId }));
      setCall(created.call);
      setLeft(created.left);
      const media = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
      const io = await loadSocketIo();
      const s = io(`${window.location.origin}${CALL_NAMESPACE}`, { path: '/socket.io', forceNew: true, withCredentials: true }) as unknown as Socket;
      socket.current = s;
      s.on('call:state', (d: { seconds: number; seconds_left_today: number; max_call_seconds: number }) => {
        setSeconds(d.seconds);
        setLeft((l) => (l ? { ...l, seconds_left_today: d.seconds_left_today } : l));
      });
      s.on('call:speaking', (d: { who: 'player' | 'character' | 'none' }) => setSpeaking(d.who));
      s.on('call:transcript', (d: { text: string; input_dialogue_id?: string }) => {
        if (d.input_dialogue_id && d.text) setLines((ls) => [...ls, { key: `p${d.input_dialogue_id}`, who: 'player', text: d.text }]);
      });
      s.on('call:reply', (d: { dialogue_id: string; offset: number; text: string }) =>
        setLines((ls) => {
          const key = `c${d.dialogue_id}`;
          const at = ls.findIndex((l) => l.key === key);
          if (at < 0) return [...ls, { key, who: 'character', text: d.text }];
          const next = [...ls];
          next[at] = { ...next[at]!, text: next[at]!.text.slice(0, d.offset) + d.text };
          return next;
        }),
      );
      s.on('call:audio', (d: { url: string }) => {
        queue.current.push(d.url);
        playNext();
      });
      s.on('call:barge', () => {
        queue.current = [];
        audio()?.pause();
      });
      s.on('call:error', (d: { status_code: number }) => setCode(d.status_code));
      s.on('call:ended', (d: { status: string; status_code: number }) => {
        setEndStatus(d.status);
        setCode(d.status_code || null);
        setPhase('ended');
        hangUp();
      });
      await new Promise<void>((resolve, reject) => {
        if (s.connected) resolve();
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      const joined = (await s.emitWithAck('join', { call_id: created.call.call_id })) as { status_code: number };
      if (joined.status_code !== 0) throw Object.assign(new Error('join'), { code: joined.status_code });
      const ctx = new AudioContext();
      const source = ctx.createMediaStreamSource(media);
      const node = ctx.createScriptProcessor(4096, 1, 1);
      node.onaudioprocess = (e) => s.emit('audio', toPcm(e.inputBuffer.getChannelData(0), ctx.sampleRate));
      source.connect(node);
      node.connect(ctx.destination);
      stopMic.current = () => {
        node.disconnect();
        source.disconnect();
        void ctx.close();
        for (const track of media.getTracks()) track.stop();
      };
      setPhase('live');
    } catch (err) {
      hangUp();
      setCode((err as { code?: number }).code ?? 1002);
      setPhase('error');
    }
  }, [playId, audio, hangUp, playNext]);

  const end = useCallback(() => {
    socket.current?.emit('end');
  }, []);

  const toggleMute = useCallback(() => {
    setMuted((m) => {
      socket.current?.emit('mute', { muted: !m });
      return !m;
    });
  }, []);

  return { phase, left, call, seconds, speaking, muted, lines, code, endStatus, start, end, toggleMute, onClipEnded: playNext };
}

