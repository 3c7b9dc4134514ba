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

/**
 * Who answers: a character the player names, else one the chapter mentions (taking turns), else the first NPC,
 * else the narrator. Deterministic for the same inputs.
 */
export function chooseSpeaker(content: StoryContent, chapterIndex: number, said: string, turn: number): TurnCharacter {
  const cast = castOf(content);
  if (cast.length === 0) return NARRATOR;
  const lower = said.toLowerCase();
  const named = cast.find((c) => c.name.trim() !== '' && lower.includes(c.name.trim().toLowerCase()));
  if (named) return named;
  const pool = chapterPool(content, chapterIndex, cast);
  return pool[turn % pool.length]!;
}

const pools = new WeakMap<StoryContent, Map<number, readonly TurnCharacter[]>>();

/** The NPCs a chapter mentions, or the whole cast when it mentions none; kept per content object and chapter. */
function chapterPool(content: StoryContent, chapterIndex: number, cast: readonly TurnCharacter[]): readonly TurnCharacter[] {
  let byChapter = pools.get(content);
  if (!byChapter) pools.set(content, (byChapter = new Map()));
  let pool = byChapter.get(chapterIndex);
  if (!pool) {
    const node = content.nodes[chapterIndex];
    const ids = node ? mentionedCharacterIds(`${node.content} ${node.ending_content}`) : [];
    const inChapter = ids.map((id) => cast.find((c) => c.character_id === id)).filter((c): c is TurnCharacter => c !== undefined);
    pool = inChapter.length > 0 ? inChapter : cast;
    byChapter.set(chapterIndex, pool);
  }
  return pool;
}

export function characterById(content: StoryContent, id: string): TurnCharacter | undefined {
  if (id === VOICE_OVER_SPEAKER) return NARRATOR;
  return castOf(content).find((c) => c.character_id === id);
}
