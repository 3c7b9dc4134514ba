import type { Lorebook, LorebookEntry } from 'shared-kit';
import { countTokens } from '../../ai/chat/tokenizer';

/*
 * World info for one turn: which lorebook entries the recent messages call up, and which of them fit the token
 * budget. An entry matches when it is enabled, has content, and either is constant or one of its keys appears in
 * the newest `depth` messages (the entry's own depth, else the lorebook's scan depth), case-insensitively unless the
 * entry says otherwise; a selective entry also asks its secondary keys (`selective_logic`). With recursive scanning
 * the matched entries' content is scanned too (a few rounds at most). Entries are kept by priority, highest first,
 * then by insertion order, while their tokens (counted with the cl100k tokenizer) fit the budget; they go into the
 * prompt in insertion order, before or after the characters as their position says.
 */

export interface WorldInfo {
  /** Entries placed before the characters' descriptions, joined by blank lines. */
  before: string;
  /** Entries placed after them. */
  after: string;
  /** Tokens of the chosen entries' content. */
  tokens: number;
  /** The chosen entries' ids, in prompt order. */
  entryIds: string[];
}

export const NO_WORLD_INFO: WorldInfo = { before: '', after: '', tokens: 0, entryIds: [] };

const RECURSION_ROUNDS = 3;

/** The scanned text of the newest `depth` messages, in both cases, made once per depth. */
class ScanText {
  private readonly byDepth = new Map<number, { exact: string; lower: string }>();
  private extra = '';
  constructor(private readonly messages: readonly string[]) {}

  add(text: string): void {
    this.extra += `\n${text}`;
    this.byDepth.clear();
  }

  get(depth: number): { exact: string; lower: string } {
    let t = this.byDepth.get(depth);
    if (!t) {
      const exact = `${this.messages.slice(-depth).join('\n')}${this.extra}`;
      t = { exact, lower: exact.toLowerCase() };
      this.byDepth.set(depth, t);
    }
    return t;
  }
}

function has(scan: { exact: string; lower: string }, key: string, caseSensitive: boolean): boolean {
  const k = key.trim();
  if (k === '') return false;
  return caseSensitive ? scan.exact.includes(k) : scan.lower.includes(k.toLowerCase());
}

function matches(e: LorebookEntry, scan: { exact: string; lower: string }): boolean {
  if (e.constant) return true;
  if (!e.keys.some((k) => has(scan, k, e.case_sensitive))) return false;
  const secondary = e.secondary_keys.filter((k) => k.trim() !== '');
  if (!e.selective || secondary.length === 0) return true;
  const hits = secondary.filter((k) => has(scan, k, e.case_sensitive)).length;
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

/**
 * The world info for a turn from `recent` (message texts, newest last). `readable` turns an entry's stored text
 * (with mention placeholders) into what the model reads.
 */
export function selectWorldInfo(book: Lorebook | undefined, recent: readonly string[], readable: (s: string) => string = (s) => s): WorldInfo {
  if (!book || book.entries.length === 0) return NO_WORLD_INFO;
  const candidates = book.entries.filter((e) => e.enabled && e.content.trim() !== '');
  const scan = new ScanText(recent);
  const matched = new Set<LorebookEntry>();
  for (let round = 0; round <= (book.recursive_scanning ? RECURSION_ROUNDS : 0); round += 1) {
    const found: LorebookEntry[] = [];
    for (const e of candidates) {
      if (!matched.has(e) && matches(e, scan.get(e.depth > 0 ? e.depth : book.scan_depth))) found.push(e);
    }
    if (found.length === 0) break;
    for (const e of found) {
      matched.add(e);
      if (book.recursive_scanning) scan.add(e.content);
    }
  }
  const byPriority = [...matched].sort((a, b) => b.priority - a.priority || a.insertion_order - b.insertion_order);
  const chosen: Array<{ e: LorebookEntry; text: string }> = [];
  let tokens = 0;
  for (const e of byPriority) {
    const text = readable(e.content).trim();
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
  return { before: join('before_char'), after: join('after_char'), tokens, entryIds: chosen.map((c) => c.e.entry_id) };
}
