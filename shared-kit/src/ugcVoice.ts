import type { NewVoice } from './contracts/voice';

/** Custom voices' bounds and the form of a new one (`/api/editor/ugc_voice/*`); the schemas are in contracts/voice. */

/** The languages a custom voice may speak, by key (the api's conf names them). */
export const UGC_LANGUAGE_KEYS = ['en', 'es', 'pt-BR', 'id', 'zh-CN'] as const;
export type UgcLanguageKey = (typeof UGC_LANGUAGE_KEYS)[number];
/** Offsets allowed for pitch and speed, in percent (factors 0.5-1.5 and 0.5-2). */
export const UGC_PITCH_RANGE: [number, number] = [-50, 50];
export const UGC_SPEED_RANGE: [number, number] = [-50, 100];

/** The text fields of `ugc_voice/create` for a new voice: tags as "category:value,...", numbers as text. */
export function newVoiceFields(voice: NewVoice): Record<keyof NewVoice, string> {
  return {
    name: voice.name,
    language: voice.language,
    tags: voice.tags.map((t) => `${t.category}:${t.value}`).join(','),
    pitch: String(voice.pitch),
    speed: String(voice.speed),
    privacy: voice.privacy,
    text_id: voice.text_id ?? '',
    source: voice.source,
  };
}
