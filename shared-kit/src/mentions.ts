/**
 * Mention placeholders inside story texts (spec section 3): `@{player}`, `@{allCharacters}` and
 * `@{character_<id>}`. Texts are stored with placeholders and shown with the current display names, so renaming a
 * character updates every text, and a deleted character shows a deleted tag instead of a stale name.
 */

export type MentionKind = 'player' | 'allCharacters' | 'character';

export interface Mention {
  kind: MentionKind;
  /** The character id, for kind 'character'. */
  id?: string;
  /** The placeholder exactly as written, e.g. '@{character_42}'. */
  raw: string;
  /** Offset of the placeholder in the text (UTF-16 units). */
  index: number;
}

export type MentionSegment = { type: 'text'; text: string } | ({ type: 'mention' } & Mention);

export interface MentionNames {
  player: string;
  allCharacters: string;
  /** Display names of the characters that still exist, by character id. */
  characters: Readonly<Record<string, string>>;
  /** Shown for a character that no longer exists. */
  deletedTag?: string;
}

export const DEFAULT_DELETED_TAG = '[Deleted]';

// A fresh RegExp per use: a shared /g regex keeps lastIndex between calls.
const mentionPattern = (): RegExp => /@\{(player|allCharacters|character_([A-Za-z0-9_-]{1,64}))\}/g;

export function playerMention(): string {
  return '@{player}';
}
export function allCharactersMention(): string {
  return '@{allCharacters}';
}
export function characterMention(id: string | number): string {
  return `@{character_${id}}`;
}

/** Every mention in the text, in order. Malformed placeholders are left as plain text. */
export function parseMentions(text: string): Mention[] {
  const out: Mention[] = [];
  for (const m of text.matchAll(mentionPattern())) {
    const body = m[1] ?? '';
    const kind: MentionKind = body === 'player' ? 'player' : body === 'allCharacters' ? 'allCharacters' : 'character';
    const mention: Mention = { kind, raw: m[0], index: m.index ?? 0 };
    if (kind === 'character' && m[2] !== undefined) mention.id = m[2];
    out.push(mention);
  }
  return out;
}

/** The text split into plain runs and mentions, for renderers that show mentions as chips. */
export function splitMentions(text: string): MentionSegment[] {
  const out: MentionSegment[] = [];
  let last = 0;
  for (const m of parseMentions(text)) {
    if (m.index > last) out.push({ type: 'text', text: text.slice(last, m.index) });
    out.push({ type: 'mention', ...m });
    last = m.index + m.raw.length;
  }
  if (last < text.length) out.push({ type: 'text', text: text.slice(last) });
  return out;
}

/** The character ids mentioned in the text, without duplicates, in first-mention order. */
export function mentionedCharacterIds(text: string): string[] {
  const ids = parseMentions(text).flatMap((m) => (m.id === undefined ? [] : [m.id]));
  return [...new Set(ids)];
}

/** True when the text mentions a character that is not among `existingIds` (blocks saving, spec section 5). */
export function hasDeletedMention(text: string, existingIds: Iterable<string | number>): boolean {
  const existing = new Set([...existingIds].map(String));
  return mentionedCharacterIds(text).some((id) => !existing.has(id));
}

/** The name a mention is displayed with (without the '@' decoration). */
export function mentionDisplayName(m: Pick<Mention, 'kind' | 'id'>, names: MentionNames): string {
  if (m.kind === 'player') return names.player;
  if (m.kind === 'allCharacters') return names.allCharacters;
  const name = m.id === undefined ? undefined : names.characters[m.id];
  return name ?? names.deletedTag ?? DEFAULT_DELETED_TAG;
}

/** The text as a reader sees it: each mention becomes '@' + its display name. */
export function renderMentions(text: string, names: MentionNames): string {
  return splitMentions(text)
    .map((s) => (s.type === 'text' ? s.text : `@${mentionDisplayName(s, names)}`))
    .join('');
}

/** Length in code points, so an emoji counts as one character as the user sees it. */
export function charLength(s: string): number {
  return Array.from(s).length;
}

/**
 * The length a limit is checked against: plain text counts as written; each mention counts as the length of its
 * displayed name (the '@' is decoration and does not count), not of its placeholder.
 */
export function displayLength(text: string, names: MentionNames): number {
  return splitMentions(text).reduce(
    (sum, s) => sum + charLength(s.type === 'text' ? s.text : mentionDisplayName(s, names)),
    0,
  );
}

/** Removes spaces and tabs (not line breaks) right before and after each mention, as the editor does on save. */
export function stripSpacesAroundMentions(text: string): string {
  return text.replace(
    /[ \t\u00a0\u3000]*(@\{(?:player|allCharacters|character_[A-Za-z0-9_-]{1,64})\})[ \t\u00a0\u3000]*/g,
    '$1',
  );
}
