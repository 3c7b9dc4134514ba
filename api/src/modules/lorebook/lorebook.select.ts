import type { Lorebook, LorebookEntry } from 'shared-kit';
import { countTokens } from '../../ai/chat/tokenizer';
import { regexMatches } from './lorebook.regex';

/*
 * World info for one turn: which lorebook entries the recent messages call up, and which of them fit the token
 * budget. An entry matches when it is enabled, has content, and either is constant or one of its keys appears in
 * the newest `scan_depth` messages (a lorebook-wide setting), case-insensitively unless the entry says otherwise;
 * with `use_regex` its keys are regular expressions (lorebook.regex.ts); a selective entry also asks its secondary
 * keys (`selective_logic`). With recursive scanning the matched entries' content is scanned too (a few rounds at
 * most). Entries are kept by priority, highest first, then by insertion order, while their tokens (counted with the
 * cl100k tokenizer) fit the budget; they go into the prompt in insertion order, before or after the characters as
 * their position says, or into the conversation `depth` messages back from the newest (`at_depth`). Decorator lines
 * (`@@name value`) opening an entry's content are left out of the prompt, as the V3 specification asks; of them,
 * `@@is_greeting N` is obeyed here: the entry matches only in a play opened with greeting N (0 the opening line, n the
 * n-th other opening line), constant or not, and is left alone when the play's greeting is not known.
 */

export interface WorldInfo {
  /** Entries placed before the characters' descriptions, joined by blank lines. */
  before: string;
  /** Entries placed after them. */
  after: string;
  /** `at_depth` entries: each depth's texts joined by blank lines, deepest first. */
  atDepth: Array<{ depth: number; text: string }>;
  /** Tokens of the chosen entries' content. */
  tokens: number;
  /** The chosen entries' ids, in prompt order. */
  entryIds: string[];
}

export const NO_WORLD_INFO: WorldInfo = { before: '', after: '', atDepth: [], tokens: 0, entryIds: [] };

const RECURSION_ROUNDS = 3;

/** The scanned text (the newest scan-depth messages, then any matched content), in both cases. */
interface ScanText {
  exact: string;
  lower: string;
}

function scanText(exact: string): ScanText {
  return { exact, lower: exact.toLowerCase() };
}

function has(scan: ScanText, key: string, e: LorebookEntry): boolean {
  const k = key.trim();
  if (k === '') return false;
  if (e.use_regex) return regexMatches(k, e.case_sensitive, scan.exact);
  return e.case_sensitive ? scan.exact.includes(k) : scan.lower.includes(k.toLowerCase());
}

/** What a turn knows besides its messages. */
export interface WorldInfoContext {
  /** The play's active greeting (0 the opening line); undefined when the story has no opening line. */
  greeting?: number;
}

/** The decorators this product obeys in play, read from the lines opening an entry's content. */
export interface EntryDecorators {
  isGreeting?: number;
}

const DECORATOR_LINE = /^@@([A-Za-z_]+)(?:[ \t]+(.*?))?[ \t]*$/;

/** Applies one decorator line (`@@name value`); false when this product does not know it or its value is not valid. */
function applyDecorator(line: string, out: EntryDecorators): boolean {
  const m = DECORATOR_LINE.exec(line);
  if (!m) return false;
  const value = (m[2] ?? '').trim();
  if (m[1] === 'is_greeting' && /^\d{1,6}$/.test(value)) {
    // The first decorator of a name counts, later ones are ignored.
    out.isGreeting ??= Number(value);
    return true;
  }
  return false;
}

/**
 * The decorators opening `content`. A fallback line (`@@@name value`) right after a decorator counts only when no
 * decorator before it in the same chain was recognised, as the V3 specification describes.
 */
export function decoratorsOf(content: string): EntryDecorators {
  const out: EntryDecorators = {};
  if (!content.startsWith('@@')) return out;
  let chainResolved = true;
  for (const raw of content.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (!line.startsWith('@@')) break;
    if (line.startsWith('@@@')) {
      if (!chainResolved) chainResolved = applyDecorator(line.slice(1), out);
      continue;
    }
    chainResolved = applyDecorator(line, out);
  }
  return out;
}

/** False when the entry's decorators rule it out for this play whatever its keys. */
function decoratorsAllow(e: LorebookEntry, context: WorldInfoContext): boolean {
  const d = decoratorsOf(e.content);
  if (d.isGreeting !== undefined && context.greeting !== undefined && d.isGreeting !== context.greeting) return false;
  return true;
}

function matches(e: LorebookEntry, scan: ScanText): boolean {
  if (e.constant) return true;
  if (!e.keys.some((k) => has(scan, k, e))) return false;
  const secondary = e.secondary_keys.filter((k) => k.trim() !== '');
  if (!e.selective || secondary.length === 0) return true;
  const hits = secondary.filter((k) => has(scan, k, e)).length;
  switch (e.selective_logic) {
    case 'and_all':
      return hits === secondary.length;
    case 'not_any':
      return hits === 0;
    case 'not_all':
      return hits < secondary.length;
    default:
      return hits > 0;
  }
}

/** The content without the decorator lines (`@@name value`, fallbacks `@@@...`) it opens with. */
export function withoutDecorators(content: string): string {
  if (!content.startsWith('@@')) return content;
  const lines = content.split('\n');
  let i = 0;
  while (i < lines.length && lines[i]!.startsWith('@@')) i += 1;
  return lines.slice(i).join('\n').replace(/^\s*\n/, '');
}

/**
 * The world info for a turn from `recent` (message texts, newest last). `readable` turns an entry's stored text
 * (with mention placeholders) into what the model reads; `context` is what the play knows (its greeting).
 */
export function selectWorldInfo(
  book: Lorebook | undefined,
  recent: readonly string[],
  readable: (s: string) => string = (s) => s,
  context: WorldInfoContext = {},
): WorldInfo {
  if (!book || book.entries.length === 0) return NO_WORLD_INFO;
  const candidates = book.entries.filter((e) => e.enabled && e.content.trim() !== '' && decoratorsAllow(e, context));
  let text = recent.slice(-book.scan_depth).join('\n');
  let scan = scanText(text);
  const matched = new Set<LorebookEntry>();
  for (let round = 0; round <= (book.recursive_scanning ? RECURSION_ROUNDS : 0); round += 1) {
    const found: LorebookEntry[] = [];
    for (const e of candidates) {
      if (!matched.has(e) && matches(e, scan)) found.push(e);
    }
    if (found.length === 0) break;
    for (const e of found) matched.add(e);
    if (book.recursive_scanning) scan = scanText((text = `${text}\n${found.map((e) => withoutDecorators(e.content)).join('\n')}`));
  }
  const byPriority = [...matched].sort((a, b) => b.priority - a.priority || a.insertion_order - b.insertion_order);
  const chosen: Array<{ e: LorebookEntry; text: string }> = [];
  let tokens = 0;
  for (const e of byPriority) {
    const text = readable(withoutDecorators(e.content)).trim();
    if (text === '') continue;
    const cost = countTokens(text);
    if (tokens + cost > book.token_budget) continue;
    tokens += cost;
    chosen.push({ e, text });
  }
  chosen.sort((a, b) => a.e.insertion_order - b.e.insertion_order);
  const join = (position: LorebookEntry['position']): string =>
    chosen
      .filter((c) => c.e.position === position)
      .map((c) => c.text)
      .join('\n\n');
  const depths = [...new Set(chosen.filter((c) => c.e.position === 'at_depth').map((c) => c.e.depth))].sort((a, b) => b - a);
  const atDepth = depths.map((depth) => ({
    depth,
    text: chosen
      .filter((c) => c.e.position === 'at_depth' && c.e.depth === depth)
      .map((c) => c.text)
      .join('\n\n'),
  }));
  return { before: join('before_char'), after: join('after_char'), atDepth, tokens, entryIds: chosen.map((c) => c.e.entry_id) };
}
