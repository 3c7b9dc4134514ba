import { CharacterType, VOICE_OVER_SPEAKER, mentionDisplayName, mentionedCharacterIds, splitMentions, type MentionNames, type StoryContent } from 'shared-kit';
import type { TurnCharacter } from '../../../ai/chat';

/** The narrator, for voice-over prologues and stories without NPCs. */
export const NARRATOR: TurnCharacter = { character_id: VOICE_OVER_SPEAKER, name: 'Narrator', settings: '', style: '' };

export function playerName(content: StoryContent): string {
  return content.player.character_name.trim() || 'Player';
}

function mentionNames(content: StoryContent): MentionNames {
  const characters: Record<string, string> = {};
  for (const c of content.characters) characters[c.character_id] = c.character_name;
  return { player: playerName(content), allCharacters: 'everyone', characters };
}

/**
 * A story text as a player reads it: mentions become names. The editor strips the spaces around mentions when it
 * saves, so a name is set apart from the words it touches.
 */
export function readable(content: StoryContent, text: string): string {
  // A story's contents do not change once loaded (versions are immutable, a draft play keeps a snapshot), and a
  // turn asks for the same texts many times: each content object keeps its texts as read.
  let known = readableTexts.get(content);
  if (!known) readableTexts.set(content, (known = new Map()));
  const hit = known.get(text);
  if (hit !== undefined) return hit;
  const out = readableNow(content, text);
  if (known.size < READABLE_CACHE_MAX) known.set(text, out);
  return out;
}

const readableTexts = new WeakMap<StoryContent, Map<string, string>>();
/** Texts kept per story; a story has a few hundred at most (chapters, characters, prologue). */
const READABLE_CACHE_MAX = 2000;

function readableNow(content: StoryContent, text: string): string {
  const names = mentionNames(content);
  let out = '';
  for (const seg of splitMentions(text)) {
    if (seg.type === 'text') {
      out += out !== '' && /[\p{L}\p{N}]$/u.test(out) && /^[\p{L}\p{N}]/u.test(seg.text) ? ` ${seg.text}` : seg.text;
      continue;
    }
    const name = mentionDisplayName(seg, names);
    out += out !== '' && !/\s$/.test(out) ? ` ${name}` : name;
  }
  return out;
}

const casts = new WeakMap<StoryContent, readonly TurnCharacter[]>();

/** The characters who can speak (NPCs), with their texts readable. Kept per content object; do not change it. */
export function castOf(content: StoryContent): readonly TurnCharacter[] {
  let cast = casts.get(content);
  if (!cast) {
    cast = content.characters
      .filter((c) => c.type !== CharacterType.VoiceOver)
      .map((c) => ({
        character_id: c.character_id,
        name: c.character_name,
        settings: readable(content, c.settings),
        style: readable(content, c.style),
      }));
    casts.set(content, cast);
  }
  return cast;
}

/** Where a text first names the character: its full name, or one word of it ("Maren" for Maren Holt); -1 if never. */
function whereNamed(text: string, c: TurnCharacter): number {
  const lower = text.toLowerCase();
  const full = c.name.trim().toLowerCase();
  if (full === '') return -1;
  const at = lower.indexOf(full);
  if (at >= 0) return at;
  let first = -1;
  for (const word of full.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3)) {
    // The word is letters and digits only, so it is safe in a pattern as it is.
    const m = new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'u').exec(lower);
    if (m && (first < 0 || m.index < first)) first = m.index;
  }
  return first;
}

/**
 * Who answers: the character the player addresses (named first in the message), else one the chapter names or
 * mentions (taking turns), else the first NPC, else the narrator. Deterministic for the same inputs.
 */
export function chooseSpeaker(content: StoryContent, chapterIndex: number, said: string, turn: number): TurnCharacter {
  const cast = castOf(content);
  if (cast.length === 0) return NARRATOR;
  let named: TurnCharacter | undefined;
  let namedAt = -1;
  for (const c of cast) {
    const at = whereNamed(said, c);
    if (at >= 0 && (namedAt < 0 || at < namedAt)) [named, namedAt] = [c, at];
  }
  if (named) return named;
  const pool = chapterPool(content, chapterIndex, cast);
  return pool[turn % pool.length]!;
}

const pools = new WeakMap<StoryContent, Map<number, readonly TurnCharacter[]>>();

/** The NPCs a chapter mentions or names, or the whole cast when it has none; kept per content object and chapter. */
function chapterPool(content: StoryContent, chapterIndex: number, cast: readonly TurnCharacter[]): readonly TurnCharacter[] {
  let byChapter = pools.get(content);
  if (!byChapter) pools.set(content, (byChapter = new Map()));
  let pool = byChapter.get(chapterIndex);
  if (!pool) {
    const node = content.nodes[chapterIndex];
    const text = node ? `${node.content} ${node.ending_content}` : '';
    const ids = new Set(mentionedCharacterIds(text));
    const inChapter = cast.filter((c) => ids.has(c.character_id) || whereNamed(text, c) >= 0);
    pool = inChapter.length > 0 ? inChapter : cast;
    byChapter.set(chapterIndex, pool);
  }
  return pool;
}

export function characterById(content: StoryContent, id: string): TurnCharacter | undefined {
  if (id === VOICE_OVER_SPEAKER) return NARRATOR;
  return castOf(content).find((c) => c.character_id === id);
}
