import { z } from 'zod';
import { LIMITS } from '../constants';
import { UGC_LANGUAGE_KEYS, UGC_PITCH_RANGE, UGC_SPEED_RANGE } from '../ugcVoice';

/** Custom voices (`/api/editor/ugc_voice/*`, spec sections 3 and 7). */

export const ugcVoiceTagSchema = z.object({ category: z.enum(['gender', 'age', 'trait']), value: z.string() });
export type UgcVoiceTag = z.infer<typeof ugcVoiceTagSchema>;

export const mixSpeakerSchema = z.object({ voice_id: z.string(), factor: z.number().int(), name: z.string().optional() });
export type MixSpeaker = z.infer<typeof mixSpeakerSchema>;

export const ugcVoiceSchema = z.object({
  /** Also the `dubbing` a story stores for a character or the narrator. */
  voice_id: z.string(),
  name: z.string(),
  name_status: z.enum(['Normal', 'Reviewing', 'Reject']),
  tags: z.array(ugcVoiceTagSchema),
  language: z.string(),
  /** Percent offsets: round(100 * factor - 100). */
  pitch: z.number().int(),
  speed: z.number().int(),
  privacy: z.enum(['Privacy', 'Public']),
  status: z.enum(['Normal', 'Deleted', 'Reject', 'Reviewing', 'NoRecommend', 'OfficialVoiceOnlineing']),
  mix_type: z.enum(['NotMix', 'Mix', 'MixClone', 'MixSubClone']),
  mix_speakers: z.array(mixSpeakerSchema),
  preview_url: z.string(),
  duration_ms: z.number().int(),
  is_mine: z.boolean(),
  /** When the name may be changed next (ms since the epoch); 0 when it may be changed now. */
  next_rename_at: z.number(),
  create_time: z.number(),
  /** How the offline engine speaks it: which eSpeak NG voice, at what pitch (0-99) and words a minute. */
  engine: z.object({ voice: z.string(), pitch: z.number(), speed: z.number() }),
  /** While Reviewing: how far the review job got; when Reject: why, for its owner. */
  review_percent: z.number().int(),
  reject_reason: z.string(),
});
export type UgcVoice = z.infer<typeof ugcVoiceSchema>;

export const ugcVoiceConfSchema = z.object({
  name_min: z.number().int(),
  name_max: z.number().int(),
  tags_max: z.number().int(),
  record_min_sec: z.number(),
  record_max_sec: z.number(),
  max_upload_mb: z.number(),
  formats: z.array(z.string()),
  pitch_range: z.tuple([z.number(), z.number()]),
  speed_range: z.tuple([z.number(), z.number()]),
  mix_max: z.number().int(),
  languages: z.array(z.object({ language: z.string(), language_key: z.string() })),
  /** The text to read aloud when recording, per language key. */
  read_texts: z.array(z.object({ text_id: z.string(), language_key: z.string(), text: z.string() })),
  transcription: z.boolean(),
});
export type UgcVoiceConf = z.infer<typeof ugcVoiceConfSchema>;

export const ugcVoiceCategorySchema = z.object({
  categories: z.array(z.object({ category: z.enum(['gender', 'age', 'trait']), values: z.array(z.string()) })),
});
export type UgcVoiceCategories = z.infer<typeof ugcVoiceCategorySchema>;

export const ugcVoiceListSchema = z.object({ voices: z.array(ugcVoiceSchema), has_more: z.boolean(), cursor: z.number().int() });
export type UgcVoiceList = z.infer<typeof ugcVoiceListSchema>;

export const VOICE_CONTRACTS = {
  'GET /editor/ugc_voice/conf': ugcVoiceConfSchema,
  'GET /editor/ugc_voice/category': ugcVoiceCategorySchema,
  'GET /editor/ugc_voice/list': ugcVoiceListSchema,
  'GET /editor/ugc_voice/get': z.object({ voice: ugcVoiceSchema }),
  'POST /editor/ugc_voice/create': z.object({ voice: ugcVoiceSchema }),
  'POST /editor/ugc_voice/mix': z.object({ voice: ugcVoiceSchema }),
  'POST /editor/ugc_voice/update': z.object({ voice: ugcVoiceSchema }),
} as const;

/*
 * What the editor sends to `/api/editor/ugc_voice/*`, as the api validates it. `create` is a multipart form (the
 * recording as `audio` beside text fields); the others are JSON.
 */

const voiceName = z
  .string()
  .trim()
  .min(LIMITS.voiceNameMin, `Between ${LIMITS.voiceNameMin} and ${LIMITS.voiceNameMax} characters`)
  .max(LIMITS.voiceNameMax, `Between ${LIMITS.voiceNameMin} and ${LIMITS.voiceNameMax} characters`);
const voiceLanguage = z.enum(UGC_LANGUAGE_KEYS);
const voiceTag = z.object({ category: z.enum(['gender', 'age', 'trait']), value: z.string().max(20) });
const voicePitch = z.number().int().min(UGC_PITCH_RANGE[0]).max(UGC_PITCH_RANGE[1]);
const voiceSpeed = z.number().int().min(UGC_SPEED_RANGE[0]).max(UGC_SPEED_RANGE[1]);
const voicePrivacy = z.enum(['Privacy', 'Public']);
const voiceId = z.string().min(1).max(40);

/** `POST /api/editor/ugc_voice/create`'s text fields: multipart fields are strings, tags "category:value,...". */
const createFields = z.object({
  name: voiceName,
  language: voiceLanguage.default('en'),
  tags: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
        .map((t) => ({ category: t.split(':')[0] ?? '', value: t.split(':')[1] ?? '' })),
    )
    .pipe(z.array(voiceTag)),
  pitch: z.coerce.number().pipe(voicePitch).default(0),
  speed: z.coerce.number().pipe(voiceSpeed).default(0),
  privacy: voicePrivacy.default('Privacy'),
  text_id: z.string().max(20).optional(),
  source: z.enum(['record', 'upload']).default('upload'),
});

/** The request schemas of the custom voice calls, by the part of the call they check. */
export const VOICE_REQUESTS = {
  createFields,
  listQuery: z.object({
    scope: z.enum(['mine', 'public']).default('mine'),
    keyword: z.string().trim().max(40).optional(),
    language: z.string().max(10).optional(),
    tag: z.string().max(40).optional(),
    cursor: z.coerce.number().int().min(0).max(100_000).default(0),
  }),
  idQuery: z.object({ voice_id: voiceId }),
  mixBody: z.object({
    name: voiceName,
    mix_speakers: z.array(z.object({ voice_id: voiceId, factor: z.number().int() })).min(1).max(10),
    tags: z.array(voiceTag).default([]),
    privacy: voicePrivacy.default('Privacy'),
    pitch: voicePitch.default(0),
    speed: voiceSpeed.default(0),
  }),
  updateBody: z.object({
    voice_id: voiceId,
    name: voiceName.optional(),
    tags: z.array(voiceTag).optional(),
    language: voiceLanguage.optional(),
    pitch: voicePitch.optional(),
    speed: voiceSpeed.optional(),
    privacy: voicePrivacy.optional(),
    status: z.literal('Deleted').optional(),
  }),
  /** `GET /api/voice/dialogue_audio`. */
  dialogueAudioQuery: z.object({ dialogue_id: z.string().regex(/^\d{1,24}$/, 'must be a dialogue id') }),
  /** `GET /api/voice/audio/:key`. */
  clipParams: z.object({ key: z.string().regex(/^[0-9a-f]{64}$/, 'must be a clip id') }),
};

/**
 * A new voice's fields as the api reads them from the form (tags as a list, numbers as numbers); `newVoiceFields`
 * writes them. The language is any key the conf offered (the api refuses one outside `UGC_LANGUAGE_KEYS`).
 */
export type NewVoice = Omit<z.output<typeof createFields>, 'language'> & { language: string };
/** `GET /api/editor/ugc_voice/list`'s query. */
export type VoiceListQuery = z.input<typeof VOICE_REQUESTS.listQuery>;
/** `GET /api/editor/ugc_voice/get`'s query. */
export type VoiceIdQuery = z.input<typeof VOICE_REQUESTS.idQuery>;
/** `POST /api/editor/ugc_voice/mix`. */
export type MixBody = z.input<typeof VOICE_REQUESTS.mixBody>;
/** `POST /api/editor/ugc_voice/update`: the voice and what changes. */
export type VoiceChange = z.input<typeof VOICE_REQUESTS.updateBody>;
/** `GET /api/voice/dialogue_audio`'s query. */
export type DialogueAudioQuery = z.input<typeof VOICE_REQUESTS.dialogueAudioQuery>;
