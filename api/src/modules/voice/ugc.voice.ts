import { createHash } from 'node:crypto';
import { UGC_PITCH_RANGE, UGC_SPEED_RANGE, type UgcLanguageKey } from 'shared-kit/areas';
import type { VoiceSpec } from './voice.specs';
import type { AudioMeasures } from './ugc.audio';
import type { UgcVoiceFields } from './ugc.model';

/** Custom voice ids: what a story stores as a character's or the narrator's `dubbing`. */
export const UGC_PREFIX = 'ugc_';
export const isUgcVoiceId = (id: string): boolean => id.startsWith(UGC_PREFIX);

/** The languages a custom voice may speak (shared-kit's `UGC_LANGUAGE_KEYS`), with the offline engine's voice for each. */
export const UGC_LANGUAGES = [
  { language: 'English', language_key: 'en', espeak: 'en-us' },
  { language: 'Español', language_key: 'es', espeak: 'es' },
  { language: 'Português', language_key: 'pt-BR', espeak: 'pt-br' },
  { language: 'Bahasa Indonesia', language_key: 'id', espeak: 'id' },
  { language: '中文', language_key: 'zh-CN', espeak: 'cmn' },
] as const satisfies ReadonlyArray<{ language: string; language_key: UgcLanguageKey; espeak: string }>;

/** What a recording reads aloud, per language (10-60 s at a reading pace). */
export const READ_TEXTS = [
  {
    text_id: 'en_1',
    language_key: 'en',
    text: 'The morning light came over the hills and the village woke slowly. A baker opened his door and the smell of fresh bread filled the street. Children ran down to the river, laughing, while their parents talked about the harvest and the weather.',
  },
  {
    text_id: 'es_1',
    language_key: 'es',
    text: 'La luz de la mañana llegó sobre las colinas y el pueblo despertó despacio. Un panadero abrió su puerta y el olor del pan recién hecho llenó la calle. Los niños corrieron hacia el río mientras sus padres hablaban de la cosecha.',
  },
  {
    text_id: 'pt_1',
    language_key: 'pt-BR',
    text: 'A luz da manhã chegou sobre as colinas e a vila acordou devagar. Um padeiro abriu a porta e o cheiro de pão fresco encheu a rua. As crianças correram para o rio enquanto os pais conversavam sobre a colheita.',
  },
  {
    text_id: 'id_1',
    language_key: 'id',
    text: 'Cahaya pagi datang di atas bukit dan desa itu bangun perlahan. Seorang tukang roti membuka pintunya dan bau roti segar memenuhi jalan. Anak-anak berlari ke sungai sambil tertawa, sementara orang tua mereka berbicara tentang panen.',
  },
  {
    text_id: 'zh_1',
    language_key: 'zh-CN',
    text: '清晨的阳光越过山丘，村庄慢慢醒来。面包师打开店门，新鲜面包的香味飘满了街道。孩子们笑着跑向河边，父母们在谈论今年的收成和天气。',
  },
] as const;

/** The sentence a voice's preview reads, per language. */
const PREVIEW_TEXTS: Record<string, string> = {
  en: 'Hello, this is my voice. Shall we begin the story?',
  es: 'Hola, esta es mi voz. ¿Empezamos la historia?',
  'pt-BR': 'Olá, esta é a minha voz. Vamos começar a história?',
  id: 'Halo, ini suara saya. Mari kita mulai ceritanya?',
  'zh-CN': '你好，这是我的声音。我们开始讲故事吧？',
};
export const previewText = (language: string): string => PREVIEW_TEXTS[language] ?? PREVIEW_TEXTS.en!;

export const espeakLanguage = (language: string): string => UGC_LANGUAGES.find((l) => l.language_key === language)?.espeak ?? 'en-us';

/** Tag values per category (spec: tags for gender, age and trait, at most 3). */
export const TAG_CATEGORIES = [
  { category: 'gender' as const, values: ['female', 'male', 'neutral'] },
  { category: 'age' as const, values: ['child', 'young', 'adult', 'senior'] },
  { category: 'trait' as const, values: ['warm', 'calm', 'bright', 'deep', 'husky', 'gentle', 'lively', 'serious'] },
];

/** Offsets allowed for pitch and speed, in percent (factors 0.5-1.5 and 0.5-2): the request contract's. */
export const PITCH_RANGE = UGC_PITCH_RANGE;
export const SPEED_RANGE = UGC_SPEED_RANGE;
/** At most this many voices in one mix. */
export const MIX_MAX = 4;

const MALE_VARIANTS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'];
const FEMALE_VARIANTS = ['f1', 'f2', 'f3', 'f4', 'f5'];
const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));

/**
 * The offline engine cannot clone a voice. A custom voice is an eSpeak NG voice chosen and tuned from its
 * recording: a male or female variant by the recording's pitch (below 165 Hz male), the variant picked by the
 * voice's id so two recordings of one register differ, the engine's pitch (0-99) from how high the speaker is
 * within that register, and the speed (words a minute) from the syllables a second of the recording.
 */
export function baseFromRecording(voiceId: string, language: string, m: AudioMeasures): UgcVoiceFields['base'] {
  const female = m.pitch_hz >= 165;
  const variants = female ? FEMALE_VARIANTS : MALE_VARIANTS;
  const pick = createHash('sha256').update(voiceId).digest()[0]! % variants.length;
  const hz = m.pitch_hz || (female ? 210 : 120);
  const pitch = Math.round(clamp(female ? 50 + (hz - 210) * 0.5 : 50 + (hz - 120) * 0.7, 10, 90));
  const speed = Math.round(m.syllable_rate > 0 ? clamp(m.syllable_rate * 48, 120, 220) : 165);
  return { voice: `${espeakLanguage(language)}+${variants[pick]}`, pitch, speed, gender: female ? 'female' : 'male' };
}

/** The user's offsets applied to a base: pitch and speed each scaled by (1 + offset / 100). */
export function engineParams(base: UgcVoiceFields['base'], pitch: number, speed: number): { voice: string; pitch: number; speed: number } {
  return {
    voice: base.voice,
    pitch: Math.round(clamp(base.pitch * (1 + pitch / 100), 0, 99)),
    speed: Math.round(clamp(base.speed * (1 + speed / 100), 80, 450)),
  };
}

/** The spec the speech engines read a custom voice with; its id changes with its parameters, so clips re-render. */
export function ugcSpec(v: Pick<UgcVoiceFields, 'voice_id' | 'base' | 'pitch' | 'speed'>): VoiceSpec {
  const espeak = engineParams(v.base, v.pitch, v.speed);
  const openai = v.base.gender === 'female' ? (espeak.pitch > 55 ? 'shimmer' : 'nova') : espeak.pitch < 40 ? 'onyx' : 'echo';
  return { id: `${v.voice_id}~${espeak.voice}~${espeak.pitch}~${espeak.speed}`, espeak, openai };
}

/** A spec's engine parameters as a mix source (built-in voices carry no gender: read it from the variant). */
export interface MixSource {
  voice_id: string;
  factor: number;
  espeak: { voice: string; pitch: number; speed: number };
  language: string;
}

/**
 * A mix: each source's weight is its factor divided by 100 (spec section 3); the mix speaks with the weighted
 * pitch and speed of its sources, in the variant and language of the heaviest one.
 */
export function mixBase(sources: MixSource[]): { base: UgcVoiceFields['base']; language: string } {
  const total = sources.reduce((s, x) => s + x.factor / 100, 0);
  const heaviest = [...sources].sort((a, b) => b.factor - a.factor)[0]!;
  const weighted = (f: (s: MixSource) => number): number => sources.reduce((sum, s) => sum + (f(s) * s.factor) / 100, 0) / total;
  const variant = heaviest.espeak.voice.split('+')[1] ?? 'm1';
  return {
    base: {
      voice: `${espeakLanguage(heaviest.language)}+${variant}`,
      pitch: Math.round(weighted((s) => s.espeak.pitch)),
      speed: Math.round(weighted((s) => s.espeak.speed)),
      gender: variant.startsWith('f') ? 'female' : 'male',
    },
    language: heaviest.language,
  };
}
