import { z } from 'zod';

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
