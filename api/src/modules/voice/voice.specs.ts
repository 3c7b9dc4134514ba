/**
 * How each voice of the dubbing list speaks: the offline engine's voice (an eSpeak NG language with a variant),
 * pitch (0-99) and speed (words per minute), and the voice an OpenAI-compatible speech endpoint is asked for.
 * Voice ids are the ones stories store (`dubbing_show.dubbing`, `voice_over_dubbing.dubbing`).
 */
export interface VoiceSpec {
  id: string;
  espeak: { voice: string; pitch: number; speed: number };
  openai: string;
}

const SPECS: VoiceSpec[] = [
  { id: 'en_female_calm', espeak: { voice: 'en-us+f3', pitch: 55, speed: 160 }, openai: 'nova' },
  { id: 'en_female_bright', espeak: { voice: 'en-us+f4', pitch: 70, speed: 180 }, openai: 'shimmer' },
  { id: 'en_male_deep', espeak: { voice: 'en-us+m3', pitch: 25, speed: 155 }, openai: 'onyx' },
  { id: 'en_male_warm', espeak: { voice: 'en-us+m1', pitch: 40, speed: 165 }, openai: 'echo' },
  { id: 'en_narrator', espeak: { voice: 'en-gb+m2', pitch: 35, speed: 160 }, openai: 'fable' },
  { id: 'es_female_soft', espeak: { voice: 'es+f3', pitch: 55, speed: 160 }, openai: 'nova' },
  { id: 'es_male_firm', espeak: { voice: 'es+m3', pitch: 35, speed: 165 }, openai: 'onyx' },
  { id: 'pt_female_lively', espeak: { voice: 'pt-br+f4', pitch: 65, speed: 175 }, openai: 'shimmer' },
  { id: 'pt_male_calm', espeak: { voice: 'pt-br+m1', pitch: 40, speed: 155 }, openai: 'echo' },
  { id: 'id_female_gentle', espeak: { voice: 'id+f3', pitch: 55, speed: 160 }, openai: 'nova' },
  { id: 'id_male_clear', espeak: { voice: 'id+m3', pitch: 40, speed: 165 }, openai: 'alloy' },
];
const BY_ID = new Map(SPECS.map((s) => [s.id, s]));

/** The voice a line is read in when its speaker has none (or one this build does not know). */
export const DEFAULT_VOICE = 'en_narrator';

/** Text in Chinese, Japanese or Korean script is read by the engine's Mandarin voice whatever the voice chosen. */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/** The spec of `id` (the default voice for an unknown id); `text` picks the language for CJK lines. */
export function voiceSpec(id: string, text = ''): VoiceSpec {
  const spec = BY_ID.get(id) ?? BY_ID.get(DEFAULT_VOICE)!;
  if (!CJK.test(text)) return spec;
  const variant = spec.espeak.voice.split('+')[1] ?? 'm1';
  return { ...spec, espeak: { ...spec.espeak, voice: `cmn+${variant}` } };
}

/** Whether `id` is one of the built-in voices. */
export const isBuiltInVoice = (id: string): boolean => BY_ID.has(id);

/** The language key of a built-in voice, from its engine voice. */
export function builtInLanguage(spec: VoiceSpec): string {
  const lang = spec.espeak.voice.split('+')[0]!;
  return lang.startsWith('en') ? 'en' : lang === 'pt-br' ? 'pt-BR' : lang;
}
