/**
 * The offline voices and music loops the editor lists (`character/dubbing_list`, `bgm_list`, `vid_urls`) and each
 * one's clip: a voice's audition and a loop are generated WAV notes (wavNotes.ts), served at `/api/editor/audio`.
 */
import { clip, renderNotes } from './wavNotes';

/** Where generated clips are served; `vid_urls` and the dubbing list point here. */
export const AUDIO_PATH = '/api/editor/audio';
export const audioUrl = (vid: string): string => `${AUDIO_PATH}/${vid}.wav`;

interface Voice {
  dubbing: string;
  desc: string;
  /** The audition's pitch contour: a short "sentence" of notes around the voice's register. */
  pitch: number;
}

interface Language {
  language: string;
  language_key: string;
  voices: Voice[];
}

/** The offline voices, a few per language. Ids are stable: stories store them. */
const LANGUAGES: Language[] = [
  {
    language: 'English',
    language_key: 'en',
    voices: [
      { dubbing: 'en_female_calm', desc: 'Calm woman', pitch: 220 },
      { dubbing: 'en_female_bright', desc: 'Bright young woman', pitch: 262 },
      { dubbing: 'en_male_deep', desc: 'Deep man', pitch: 110 },
      { dubbing: 'en_male_warm', desc: 'Warm man', pitch: 147 },
      { dubbing: 'en_narrator', desc: 'Storyteller', pitch: 131 },
    ],
  },
  {
    language: 'Español',
    language_key: 'es',
    voices: [
      { dubbing: 'es_female_soft', desc: 'Mujer suave', pitch: 233 },
      { dubbing: 'es_male_firm', desc: 'Hombre firme', pitch: 123 },
    ],
  },
  {
    language: 'Português',
    language_key: 'pt-BR',
    voices: [
      { dubbing: 'pt_female_lively', desc: 'Mulher animada', pitch: 247 },
      { dubbing: 'pt_male_calm', desc: 'Homem calmo', pitch: 131 },
    ],
  },
  {
    language: 'Bahasa Indonesia',
    language_key: 'id',
    voices: [
      { dubbing: 'id_female_gentle', desc: 'Perempuan lembut', pitch: 227 },
      { dubbing: 'id_male_clear', desc: 'Laki-laki jernih', pitch: 139 },
    ],
  },
];

const dubbingVid = (dubbing: string): string => `voice_${dubbing}`;

/** `character/dubbing_list`: `language_dubbings` as spec section 3 names it; one language when `language` is given. */
export function dubbingList(language?: string) {
  const base = language?.split(/[-_]/)[0]?.toLowerCase();
  const langs = base ? LANGUAGES.filter((l) => l.language_key.split('-')[0] === base) : LANGUAGES;
  return {
    language_dubbings: (langs.length ? langs : LANGUAGES).map((l) => ({
      language: l.language,
      language_key: l.language_key,
      dubbing_infos: l.voices.map((v) => ({
        dubbing: v.dubbing,
        dubbing_desc: v.desc,
        dubbing_desc_key: `dubbing_desc_${v.dubbing}`,
        dubbing_audition: audioUrl(dubbingVid(v.dubbing)),
        dubbing_vid: dubbingVid(v.dubbing),
      })),
    })),
  };
}

interface Bgm {
  vid: string;
  name: string;
  music_style: string;
  /** Root notes of the loop's chords. */
  roots: number[];
}

const BGMS: Bgm[] = [
  { vid: 'bgm_calm_shore', name: 'Calm shore', music_style: 'calm', roots: [262, 330, 392, 330] },
  { vid: 'bgm_night_chase', name: 'Night chase', music_style: 'tense', roots: [220, 233, 220, 208] },
  { vid: 'bgm_first_light', name: 'First light', music_style: 'romantic', roots: [294, 370, 440, 370] },
  { vid: 'bgm_open_road', name: 'Open road', music_style: 'adventure', roots: [196, 247, 294, 392] },
  { vid: 'bgm_old_letters', name: 'Old letters', music_style: 'sad', roots: [220, 262, 196, 175] },
];
const BGM_NOTE_S = 0.5;

export function bgmList() {
  return {
    bgm_list: BGMS.map((b) => ({
      vid: b.vid,
      name: b.name,
      music_style: b.music_style,
      duration_ms: Math.round(b.roots.length * 3 * BGM_NOTE_S * 1000),
    })),
  };
}

/** The clip behind a vid (a voice audition or a music loop), or null for an unknown vid. */
function renderVid(vid: string): Buffer | null {
  const bgm = BGMS.find((b) => b.vid === vid);
  if (bgm) {
    // Each root as a rising triad: a short loop that sounds like music rather than a test tone.
    return renderNotes(
      bgm.roots.flatMap(
        (r) =>
          [
            [r, BGM_NOTE_S],
            [r * 1.25, BGM_NOTE_S],
            [r * 1.5, BGM_NOTE_S],
          ] as Array<[number, number]>,
      ),
      0.3,
    );
  }
  for (const l of LANGUAGES) {
    const v = l.voices.find((x) => dubbingVid(x.dubbing) === vid);
    if (v)
      return renderNotes([
        [v.pitch, 0.18],
        [v.pitch * 1.12, 0.14],
        [v.pitch * 0.94, 0.2],
        [v.pitch * 1.06, 0.28],
      ]);
  }
  return null;
}

const KNOWN_VIDS: ReadonlySet<string> = new Set([
  ...BGMS.map((b) => b.vid),
  ...LANGUAGES.flatMap((l) => l.voices.map((v) => dubbingVid(v.dubbing))),
]);
export const isKnownVid = (vid: string): boolean => KNOWN_VIDS.has(vid);

/** `vid_urls`: `vid_url_map` keyed by vid, each a list of URLs (the client uses the first). Unknown vids are left out. */
export function vidUrls(vids: string[]) {
  const vid_url_map: Record<string, string[]> = {};
  for (const vid of vids) if (isKnownVid(vid)) vid_url_map[vid] = [audioUrl(vid)];
  return { vid_url_map };
}

/** The WAV clip of a known vid, rendered once and kept; null for an unknown vid. */
export function offlineClip(vid: string): Buffer | null {
  if (!isKnownVid(vid)) return null;
  // Known vids always render; the fallback only satisfies the type.
  return clip(vid, () => renderVid(vid) ?? Buffer.alloc(0));
}
