import { createHash } from 'node:crypto';
import mongoose from 'mongoose';
import { ErrorCode, ResourceLimit } from 'shared-kit';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../realtime/events';
import type { Logger } from '../../lib/logger';
import type { SpeechEngine } from './tts.engines';
import { TtsClip, TtsQuota, type TtsClipFields } from './tts.model';
import { voiceSpec, type VoiceSpec } from './voice.specs';
import { UgcVoice, type UgcVoiceFields } from './ugc.model';
import { isUgcVoiceId, ugcSpec } from './ugc.voice';

export const VOICE_AUDIO_PATH = '/api/voice/audio';
export const clipUrl = (key: string): string => `${VOICE_AUDIO_PATH}/${key}`;

export interface SpeechDeps {
  engine: SpeechEngine;
  /** Sentences one user may hear per UTC day (TTS_DAILY_QUOTA). */
  dailyQuota: number;
  events: EventBus;
  logger: Logger;
  now: () => number;
}

let deps: SpeechDeps | null = null;

/** Set once by the app: the engine the config chose, the quota and where the limit pushes go. */
export function configureSpeech(d: SpeechDeps): void {
  deps = d;
}

export function speechEnabled(): boolean {
  return deps !== null;
}

/** A stream will want speech soon: the engine gets ready now rather than on its first sentence. */
export function warmSpeech(): void {
  deps?.engine.warm?.();
}

export interface SpokenClip {
  key: string;
  url: string;
  bytes: number;
  mime: string;
  /** True when the clip came from the cache. */
  cached: boolean;
  ms: number;
}

/** What is read aloud of a line: stage directions between asterisks and markup go, spaces fold. */
export function speakableText(text: string): string {
  return text
    .replace(/\*[^*]*\*/g, ' ')
    .replace(/[*_~`#<>[\]{}|\\]/g, ' ')
    .replace(/^[\s-]+/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 1000);
}

const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Takes one sentence of the user's daily quota. The first refusal of a day pushes "TTS limit reached"; the first
 * sentence of a day after a day that reached it pushes "recovered" (spec section 3, resource limit pushes).
 */
async function takeQuota(d: SpeechDeps, uid: string): Promise<boolean> {
  const now = d.now();
  const day = utcDay(now);
  await TtsQuota.updateOne({ uid, day }, { $setOnInsert: { count: 0, reached: false } }, { upsert: true });
  const taken = await TtsQuota.findOneAndUpdate({ uid, day, count: mongoose.trusted({ $lt: d.dailyQuota }) }, { $inc: { count: 1 } }, { new: true }).lean<{
    count: number;
  }>();
  if (taken) {
    if (taken.count === 1) {
      const yesterday = await TtsQuota.findOneAndUpdate({ uid, day: utcDay(now - 86_400_000), reached: true }, { $set: { reached: false } }).lean();
      if (yesterday) d.events.emit('resource.limited', { uid, limit: ResourceLimit.TTSRecovered });
    }
    return true;
  }
  const first = await TtsQuota.findOneAndUpdate({ uid, day, reached: false }, { $set: { reached: true } }).lean();
  if (first) d.events.emit('resource.limited', { uid, limit: ResourceLimit.TTSReached });
  return false;
}

/**
 * A custom voice that may not be heard: deleted, rejected, or made private by its owner (spec section 4). The stream
 * leaves such lines silent; a call asking for one of them alone answers 1050001 with `data.muted`.
 */
export class VoiceMutedError extends AppError {
  constructor(voiceId: string) {
    super(ErrorCode.RecordNotFound, 'This voice is no longer available: its lines play without a voice', { data: { muted: true, voice: voiceId } });
    this.name = 'VoiceMutedError';
  }
}

/**
 * How `voiceId` speaks for `uid`: a built-in voice by its spec; a custom voice while it is not deleted or
 * rejected and is public or `uid`'s own. Otherwise the lines in it are muted (VoiceMutedError).
 */
async function resolveVoice(voiceId: string, uid: string, spoken: string): Promise<VoiceSpec> {
  if (!isUgcVoiceId(voiceId)) return voiceSpec(voiceId, spoken);
  const v = await UgcVoice.findOne({ voice_id: voiceId }, { voice_id: 1, uid: 1, base: 1, pitch: 1, speed: 1, status: 1, privacy: 1 }).lean<UgcVoiceFields>();
  if (!v || v.status === 'Deleted' || v.status === 'Reject' || (v.privacy !== 'Public' && v.uid !== uid)) throw new VoiceMutedError(voiceId);
  return ugcSpec(v);
}

/** The stored clip of `spoken` in `voice`, synthesized and stored first when there is none. */
async function clipOf(d: SpeechDeps, voice: VoiceSpec, spoken: string): Promise<Omit<SpokenClip, 'ms'>> {
  const key = createHash('sha256').update(`${d.engine.name}\n${voice.id}\n${voice.espeak.voice}\n${spoken}`).digest('hex');
  const found = await TtsClip.findOne({ key }, { bytes: 1, mime: 1 }).lean<Pick<TtsClipFields, 'bytes' | 'mime'>>();
  if (found) return { key, url: clipUrl(key), bytes: found.bytes, mime: found.mime, cached: true };
  const clip = await d.engine.synthesize(spoken, voice);
  await TtsClip.updateOne(
    { key },
    { $setOnInsert: { key, voice: voice.id, engine: d.engine.name, mime: clip.mime, data: clip.audio, bytes: clip.audio.length, created_at: new Date(d.now()) } },
    { upsert: true },
  );
  return { key, url: clipUrl(key), bytes: clip.audio.length, mime: clip.mime, cached: false };
}

/** A clip of `text` in `voice` outside play (a voice's preview): no quota, cached like the sentences of play. */
export async function speakPreview(voice: VoiceSpec, text: string): Promise<Omit<SpokenClip, 'ms'>> {
  const d = deps;
  if (!d) throw new Error('speech is not configured');
  return clipOf(d, voice, speakableText(text));
}

/**
 * Speaks one sentence for `uid` in the voice `voiceId`: the cached clip of the same text and voice, else a new one
 * from the engine, stored for next time. Null when the user's daily quota is used up (nothing is synthesized);
 * VoiceMutedError for a custom voice `uid` may not hear (the line stays silent, no quota taken).
 */
export async function speakSentence(uid: string, text: string, voiceId: string): Promise<SpokenClip | null> {
  const d = deps;
  if (!d) throw new Error('speech is not configured');
  const start = performance.now();
  const spoken = speakableText(text);
  const voice = await resolveVoice(voiceId, uid, spoken);
  if (!(await takeQuota(d, uid))) return null;
  const clip = await clipOf(d, voice, spoken);
  const ms = Math.round(performance.now() - start);
  if (!clip.cached) d.logger.debug({ voice: voice.id, chars: spoken.length, bytes: clip.bytes, ms }, 'speech synthesized');
  return { ...clip, ms };
}

/** A stored clip by its key, or null. */
export async function findClip(key: string): Promise<Pick<TtsClipFields, 'data' | 'mime' | 'bytes'> | null> {
  return TtsClip.findOne({ key }, { data: 1, mime: 1, bytes: 1 }).lean<Pick<TtsClipFields, 'data' | 'mime' | 'bytes'>>();
}

/**
 * The audio of `text` in `voiceId` as `uid` may hear it, for a rendering that is not play (a play shared as a
 * video, which counts against its own daily limit): cached like play's sentences, no TTS quota taken. Null when the
 * voice is muted for `uid` or there is nothing to say.
 */
export async function speechAudio(uid: string, text: string, voiceId: string): Promise<{ audio: Buffer; mime: string } | null> {
  const d = deps;
  if (!d) throw new Error('speech is not configured');
  const spoken = speakableText(text);
  if (spoken === '') return null;
  let voice: VoiceSpec;
  try {
    voice = await resolveVoice(voiceId, uid, spoken);
  } catch (err) {
    if (err instanceof VoiceMutedError) return null;
    throw err;
  }
  const clip = await clipOf(d, voice, spoken);
  const stored = await findClip(clip.key);
  if (!stored) return null;
  const raw = stored.data as unknown;
  return { audio: Buffer.isBuffer(raw) ? raw : Buffer.from((raw as { buffer: Uint8Array }).buffer), mime: stored.mime };
}
