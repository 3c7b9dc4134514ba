import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { ErrorCode, LIMITS, type UgcVoice as UgcVoiceView, type UgcVoiceTag } from 'shared-kit';
import type { VOICE_REQUESTS } from 'shared-kit/schemas';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { builtInLanguage, isBuiltInVoice, voiceSpec } from './voice.specs';
import { clipUrl, speakPreview } from './voice.service';
import type { AudioMeasures } from './ugc.audio';
import { analyseAudio } from './ugc.audio';
import type { Transcriber } from './ugc.asr';
import { UgcVoice, type UgcVoiceFields } from './ugc.model';
import {
  MIX_MAX,
  PITCH_RANGE,
  READ_TEXTS,
  SPEED_RANGE,
  TAG_CATEGORIES,
  UGC_LANGUAGES,
  UGC_PREFIX,
  baseFromRecording,
  espeakLanguage,
  isUgcVoiceId,
  mixBase,
  previewText,
  ugcSpec,
  type MixSource,
} from './ugc.voice';

export interface UgcDeps {
  transcriber: Transcriber | null;
  /** Queues a voice's review job (recognised text, name review, preview); the voice is Reviewing until it ends. */
  enqueueReview: (voiceId: string) => Promise<void>;
  /** The name's safety review (the one the review job runs): true when the name did not pass. */
  nameFlagged: (name: string) => Promise<boolean>;
  now: () => number;
  logger: Logger;
}

/** Uploads and recordings up to this size (a minute of 48 kHz stereo WAV fits). */
export const MAX_VOICE_UPLOAD_BYTES = 12 * 1024 * 1024;
/** Below this loudness (dBFS of the loud frames) a recording is too quiet. */
export const MIN_LOUDNESS_DB = -45;
/** Below this signal-to-noise estimate (dB) a recording is too noisy. */
export const MIN_SNR_DB = 15;

const DAY = 86_400_000;
const PAGE = 20;

/** A recording refused by a check: the parameter error naming the `audio` field, with the reason and measures. */
function recordingRefused(reason: string, message: string, measures?: AudioMeasures): AppError {
  return new AppError(ErrorCode.ClientParamError, `audio: ${message}`, {
    data: { errors: [{ path: 'audio', message }], reason, ...(measures ? { measures } : {}) },
  });
}

function mixFailed(reason: string, message: string): AppError {
  return new AppError(ErrorCode.MixVoiceFailed, `Voice mixing failed: ${message}`, { data: { reason } });
}

const notFound = (): AppError => new AppError(ErrorCode.RecordNotFound, 'No such voice');

export function voiceConf(transcription: boolean) {
  return {
    name_min: LIMITS.voiceNameMin,
    name_max: LIMITS.voiceNameMax,
    tags_max: LIMITS.voiceTags,
    record_min_sec: LIMITS.voiceRecordingMinSec,
    record_max_sec: LIMITS.voiceRecordingMaxSec,
    max_upload_mb: MAX_VOICE_UPLOAD_BYTES / (1024 * 1024),
    formats: ['wav', 'webm', 'ogg', 'mp3'],
    pitch_range: PITCH_RANGE,
    speed_range: SPEED_RANGE,
    mix_max: MIX_MAX,
    languages: UGC_LANGUAGES.map((l) => ({ language: l.language, language_key: l.language_key })),
    read_texts: READ_TEXTS.map((t) => ({ ...t })),
    transcription,
  };
}

export const voiceCategories = () => ({ categories: TAG_CATEGORIES.map((c) => ({ category: c.category, values: [...c.values] })) });

/** Tags: at most 3, each a known value of its category. */
export function checkTags(tags: UgcVoiceTag[]): UgcVoiceTag[] {
  if (tags.length > LIMITS.voiceTags) throw new AppError(ErrorCode.ClientParamError, `tags: At most ${LIMITS.voiceTags} tags`);
  for (const t of tags) {
    const cat = TAG_CATEGORIES.find((c) => c.category === t.category);
    if (!cat || !cat.values.includes(t.value)) throw new AppError(ErrorCode.ClientParamError, `tags: Unknown tag ${t.category}:${t.value}`);
  }
  const seen = new Set(tags.map((t) => `${t.category}:${t.value}`));
  if (seen.size !== tags.length) throw new AppError(ErrorCode.ClientParamError, 'tags: A tag is given twice');
  return tags;
}

const utcDay = (ms: number): number => Math.floor(ms / DAY);

function present(v: UgcVoiceFields, uid: string, now: number, names: Map<string, string> = new Map()): UgcVoiceView {
  const renamed = v.renamed_at ? v.renamed_at.getTime() : 0;
  const spec = ugcSpec(v);
  return {
    voice_id: v.voice_id,
    name: v.name,
    name_status: v.name_status,
    tags: v.tags.map((t) => ({ category: t.category, value: t.value })),
    language: v.language,
    pitch: v.pitch,
    speed: v.speed,
    privacy: v.privacy,
    status: v.status,
    mix_type: v.mix_type,
    mix_speakers: v.mix_speakers.map((s) => ({ voice_id: s.voice_id, factor: s.factor, name: names.get(s.voice_id) ?? s.voice_id })),
    preview_url: v.preview_key ? clipUrl(v.preview_key) : '',
    duration_ms: Math.round(v.measures?.duration_ms ?? 0),
    is_mine: v.uid === uid,
    next_rename_at: renamed && utcDay(renamed) === utcDay(now) ? (utcDay(now) + 1) * DAY : 0,
    create_time: v.created_at.getTime(),
    engine: spec.espeak,
    review_percent: v.status === 'Reviewing' ? (v.review_percent ?? 0) : v.status === 'Reject' ? (v.review_percent ?? 0) : 100,
    reject_reason: v.status === 'Reject' ? v.reject_reason || 'The voice did not pass the review' : '',
  };
}

async function preview(v: Pick<UgcVoiceFields, 'voice_id' | 'base' | 'pitch' | 'speed' | 'language'>): Promise<string> {
  return (await speakPreview(ugcSpec(v), previewText(v.language))).key;
}

/** A new voice's fields as `ugc_voice/create` validated them. */
export type CreateInput = z.output<typeof VOICE_REQUESTS.createFields>;

/**
 * A voice from a recording or an uploaded file (spec section 5: 10-60 seconds, read as written, not noisy): the file
 * is decoded by its content and measured; when a speech recogniser is configured, what it hears must hold most of
 * the shown text, checked by the review job. The voice answers Reviewing; the job makes it Normal with a preview of
 * it reading a sentence, or Reject with a reason.
 */
export async function createVoice(uid: string, input: CreateInput, file: Buffer, deps: UgcDeps): Promise<UgcVoiceView> {
  checkTags(input.tags);
  const analysis = await analyseAudio(file);
  if ('problem' in analysis) {
    throw new AppError(ErrorCode.AvatarFormatError, 'Upload failed: unsupported format. Send a WAV, WebM (Opus), Ogg (Opus) or MP3 recording', {
      data: { reason: 'format', errors: [{ path: 'audio', message: 'Unsupported format' }] },
    });
  }
  const m = analysis.measures;
  const seconds = m.duration_ms / 1000;
  if (seconds < LIMITS.voiceRecordingMinSec) {
    throw recordingRefused('too_short', `The recording is ${seconds.toFixed(1)} s: record ${LIMITS.voiceRecordingMinSec}-${LIMITS.voiceRecordingMaxSec} seconds`, m);
  }
  if (seconds > LIMITS.voiceRecordingMaxSec) {
    throw recordingRefused('too_long', `The recording is ${seconds.toFixed(1)} s: record ${LIMITS.voiceRecordingMinSec}-${LIMITS.voiceRecordingMaxSec} seconds`, m);
  }
  if (m.loudness_db < MIN_LOUDNESS_DB) throw recordingRefused('too_quiet', 'The recording is too quiet: speak closer to the microphone', m);
  if (m.snr_db < MIN_SNR_DB) throw recordingRefused('too_noisy', 'The recording is too noisy: record somewhere quieter', m);
  const shown = READ_TEXTS.find((t) => t.text_id === input.text_id) ?? READ_TEXTS.find((t) => t.language_key === input.language) ?? READ_TEXTS[0];
  const voice_id = `${UGC_PREFIX}${randomBytes(8).toString('hex')}`;
  const base = baseFromRecording(voice_id, input.language, m);
  const fields = { voice_id, base, pitch: input.pitch, speed: input.speed, language: input.language };
  const now = new Date(deps.now());
  const doc = await UgcVoice.create({
    ...fields,
    uid,
    name: input.name,
    tags: input.tags,
    privacy: input.privacy,
    status: 'Reviewing',
    mix_type: 'NotMix',
    measures: { ...m },
    recording: analysis.wav,
    text_id: shown.text_id,
    created_at: now,
    updated_at: now,
  });
  await deps.enqueueReview(voice_id);
  deps.logger.info({ voice_id, kind: analysis.kind, ...m }, 'custom voice created: reviewing');
  return present(doc.toObject(), uid, deps.now());
}

/**
 * A voice `uid` may mix: a custom one that is theirs (not deleted or rejected), or someone else's public voice that
 * passed its review (Normal).
 */
async function usableVoice(uid: string, voiceId: string): Promise<UgcVoiceFields | null> {
  const v = await UgcVoice.findOne({ voice_id: voiceId }).lean<UgcVoiceFields>();
  if (!v || v.status === 'Deleted' || v.status === 'Reject' || (v.uid !== uid && (v.privacy !== 'Public' || v.status !== 'Normal'))) return null;
  return v;
}

/** A `ugc_voice/mix` body as validated. */
export type MixInput = z.output<typeof VOICE_REQUESTS.mixBody>;

/** A voice mixed from 2-4 voices (built-in or custom), each weighted by its factor / 100; factors add up to 100. */
export async function mixVoices(uid: string, input: MixInput, deps: UgcDeps): Promise<UgcVoiceView> {
  checkTags(input.tags);
  const ids = new Set(input.mix_speakers.map((s) => s.voice_id));
  if (ids.size !== input.mix_speakers.length) throw mixFailed('duplicate', 'a voice is in the mix twice');
  if (ids.size < 2) throw mixFailed('too_few', 'choose at least two different voices');
  if (ids.size > MIX_MAX) throw mixFailed('too_many', `at most ${MIX_MAX} voices in one mix`);
  if (input.mix_speakers.some((s) => s.factor < 1 || s.factor > 100)) throw mixFailed('factors', 'each factor is between 1 and 100');
  const total = input.mix_speakers.reduce((s, x) => s + x.factor, 0);
  if (total !== 100) throw mixFailed('factors', `the factors add up to ${total}, not 100`);
  const sources: MixSource[] = [];
  const names = new Map<string, string>();
  for (const s of input.mix_speakers) {
    if (isBuiltInVoice(s.voice_id)) {
      const spec = voiceSpec(s.voice_id);
      sources.push({ voice_id: s.voice_id, factor: s.factor, espeak: spec.espeak, language: builtInLanguage(spec) });
      continue;
    }
    const v = isUgcVoiceId(s.voice_id) ? await usableVoice(uid, s.voice_id) : null;
    if (!v) throw mixFailed('unavailable', `the voice ${s.voice_id} cannot be used`);
    names.set(v.voice_id, v.name);
    sources.push({ voice_id: s.voice_id, factor: s.factor, espeak: ugcSpec(v).espeak, language: v.language });
  }
  const { base, language } = mixBase(sources);
  const voice_id = `${UGC_PREFIX}${randomBytes(8).toString('hex')}`;
  const fields = { voice_id, base, pitch: input.pitch, speed: input.speed, language };
  const now = new Date(deps.now());
  const doc = await UgcVoice.create({
    ...fields,
    uid,
    name: input.name,
    tags: input.tags,
    privacy: input.privacy,
    status: 'Reviewing',
    mix_type: 'Mix',
    mix_speakers: input.mix_speakers,
    created_at: now,
    updated_at: now,
  });
  await deps.enqueueReview(voice_id);
  return present(doc.toObject(), uid, deps.now(), names);
}

async function namesOf(voices: UgcVoiceFields[]): Promise<Map<string, string>> {
  const ids = [...new Set(voices.flatMap((v) => v.mix_speakers.map((s) => s.voice_id)).filter(isUgcVoiceId))];
  const found = ids.length ? await UgcVoice.find({ voice_id: mongoose.trusted({ $in: ids }) }, { voice_id: 1, name: 1 }).lean<UgcVoiceFields[]>() : [];
  return new Map(found.map((v) => [v.voice_id, v.name]));
}

export async function getVoice(uid: string, voiceId: string, now: number): Promise<UgcVoiceView> {
  const v = await UgcVoice.findOne({ voice_id: voiceId }, { recording: 0 }).lean<UgcVoiceFields>();
  if (!v || v.status === 'Deleted' || (v.uid !== uid && (v.privacy !== 'Public' || v.status !== 'Normal'))) throw notFound();
  return present(v, uid, now, await namesOf([v]));
}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `ugc_voice/list`'s query as validated. */
export type ListInput = z.output<typeof VOICE_REQUESTS.listQuery>;

/** My voices (all but deleted), or the public library (public and Normal), newest first, by name search. */
export async function listVoices(uid: string, q: ListInput, now: number) {
  const filter: Record<string, unknown> =
    q.scope === 'mine' ? { uid, status: mongoose.trusted({ $ne: 'Deleted' }) } : { privacy: 'Public', status: 'Normal' };
  if (q.keyword) filter.name = mongoose.trusted({ $regex: escapeRegex(q.keyword), $options: 'i' });
  if (q.language) filter.language = q.language;
  if (q.tag) {
    const [category, value] = q.tag.split(':');
    filter.tags = mongoose.trusted({ $elemMatch: { category, value } });
  }
  const found = await UgcVoice.find(filter, { recording: 0 })
    .sort({ created_at: -1, _id: -1 })
    .skip(q.cursor)
    .limit(PAGE + 1)
    .lean<UgcVoiceFields[]>();
  const page = found.slice(0, PAGE);
  const names = await namesOf(page);
  return { voices: page.map((v) => present(v, uid, now, names)), has_more: found.length > PAGE, cursor: q.cursor + page.length };
}

/** A `ugc_voice/update` body as validated. */
export type UpdateInput = z.output<typeof VOICE_REQUESTS.updateBody>;

/**
 * The owner changes a voice: a new name (once a UTC day), tags, language, pitch and speed (a new preview), public
 * or private, or deletes it. A voice made private or deleted is no longer heard in others' creations: their lines
 * in it play muted.
 */
export async function updateVoice(uid: string, input: UpdateInput, deps: UgcDeps): Promise<UgcVoiceView> {
  const v = await UgcVoice.findOne({ voice_id: input.voice_id, uid }, { recording: 0 }).lean<UgcVoiceFields>();
  if (!v || v.status === 'Deleted') throw notFound();
  const now = deps.now();
  const set: Partial<UgcVoiceFields> = { updated_at: new Date(now) };
  if (input.status === 'Deleted') {
    set.status = 'Deleted';
  } else {
    if (input.name !== undefined && input.name !== v.name) {
      if (v.renamed_at && utcDay(v.renamed_at.getTime()) === utcDay(now)) {
        throw new AppError(ErrorCode.TooManyToday, 'The voice name can be changed once a day: limit reached today, try tomorrow', {
          data: { errors: [{ path: 'name', message: 'One name change a day' }], next_rename_at: (utcDay(now) + 1) * DAY },
        });
      }
      // Others hear and see a public voice by its name: a new name passes the same safety review as the first one did
      // before anyone sees it (refused, the voice keeps its reviewed name).
      if (await deps.nameFlagged(input.name)) {
        throw new AppError(ErrorCode.TextRiskNotPassed, 'name: The name did not pass the safety review: choose another name', {
          data: { errors: [{ path: 'name', message: 'The name did not pass the safety review' }] },
        });
      }
      set.name = input.name;
      set.renamed_at = new Date(now);
    }
    if (input.tags) set.tags = checkTags(input.tags);
    if (input.privacy) set.privacy = input.privacy;
    const language = input.language ?? v.language;
    const pitch = input.pitch ?? v.pitch;
    const speed = input.speed ?? v.speed;
    if (language !== v.language || pitch !== v.pitch || speed !== v.speed) {
      const base = { ...v.base, voice: `${espeakLanguage(language)}+${v.base.voice.split('+')[1] ?? 'm1'}` };
      Object.assign(set, { language, pitch, speed, base });
      set.preview_key = await preview({ voice_id: v.voice_id, base, pitch, speed, language });
    }
  }
  // The rename guard holds across processes: the write only lands if nobody renamed it since it was read.
  const updated = await UgcVoice.findOneAndUpdate({ voice_id: v.voice_id, uid, renamed_at: v.renamed_at }, { $set: set }, { new: true, projection: { recording: 0 } }).lean<UgcVoiceFields>();
  if (!updated) throw new AppError(ErrorCode.ConcurrentOperation, 'The voice changed meanwhile, try again');
  return present(updated, uid, now, await namesOf([updated]));
}
