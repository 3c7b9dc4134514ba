import {
  CARD_LIST_CAP,
  LOREBOOK_DEFAULTS,
  LOREBOOK_ENTRIES_CAP,
  LOREBOOK_MAX_DEPTH,
  LOREBOOK_MAX_SCAN_DEPTH,
  LOREBOOK_MAX_TOKEN_BUDGET,
  LOREBOOK_REGEX_MAX,
  STORY_SHORT_TEXT_CAP,
  STORY_TEXT_CAP,
  type Lorebook,
  type LorebookEntry,
} from 'shared-kit';
import { newId } from './content';

/*
 * The lorebook editor's operations, as pure functions over the story's lorebook (the store keeps the result and
 * saves it with the story as usual), and its limits: the api's own bounds, told on the field instead of refused.
 */

export function emptyLorebook(name = ''): Lorebook {
  return { name, description: '', scan_depth: LOREBOOK_DEFAULTS.scanDepth, token_budget: LOREBOOK_DEFAULTS.tokenBudget, recursive_scanning: false, entries: [] };
}

export function emptyEntry(order: number): LorebookEntry {
  return {
    entry_id: newId('w'),
    name: '',
    keys: [],
    secondary_keys: [],
    selective: false,
    selective_logic: 'and_any',
    constant: false,
    content: '',
    insertion_order: order,
    priority: 10,
    position: 'before_char',
    depth: 0,
    case_sensitive: false,
    use_regex: false,
    enabled: true,
  };
}

/** A new entry at the end, ordered after every other one. */
export function addEntry(book: Lorebook): { book: Lorebook; id: string } {
  const last = book.entries.reduce((max, e) => Math.max(max, e.insertion_order), 0);
  const entry = emptyEntry(book.entries.length === 0 ? 100 : Math.min(100_000, last + 10));
  return { book: { ...book, entries: [...book.entries, entry] }, id: entry.entry_id };
}

export function updateEntry(book: Lorebook, id: string, patch: Partial<Omit<LorebookEntry, 'entry_id'>>): Lorebook {
  return { ...book, entries: book.entries.map((e) => (e.entry_id === id ? { ...e, ...patch } : e)) };
}

export function removeEntry(book: Lorebook, id: string): Lorebook {
  return { ...book, entries: book.entries.filter((e) => e.entry_id !== id) };
}

/**
 * Moves an entry to `to` in the list. The prompt follows the list: the moved entries' insertion orders are
 * renumbered (in steps of 10 from the smallest of them) only where the list order and theirs disagree.
 */
export function moveEntry(book: Lorebook, id: string, to: number): Lorebook {
  const from = book.entries.findIndex((e) => e.entry_id === id);
  if (from < 0) return book;
  const target = Math.max(0, Math.min(book.entries.length - 1, to));
  if (target === from) return book;
  const entries = [...book.entries];
  const [moved] = entries.splice(from, 1);
  entries.splice(target, 0, moved!);
  const sorted = entries.every((e, i) => i === 0 || entries[i - 1]!.insertion_order <= e.insertion_order);
  if (sorted) return { ...book, entries };
  const base = Math.min(...entries.map((e) => e.insertion_order));
  return { ...book, entries: entries.map((e, i) => ({ ...e, insertion_order: Math.min(100_000, base + i * 10) })) };
}

/** The entries whose name, keys or content hold the query (any case). */
export function searchEntries(book: Lorebook, query: string): LorebookEntry[] {
  const q = query.trim().toLowerCase();
  if (q === '') return book.entries;
  return book.entries.filter((e) => [e.name, e.content, ...e.keys, ...e.secondary_keys].some((s) => s.toLowerCase().includes(q)));
}

/** Keys as the editor writes them: one a line. */
export const keysText = (keys: readonly string[]): string => keys.join('\n');
export const keysOf = (text: string): string[] => text.split('\n').map((k) => k.trim()).filter((k) => k !== '');

export type EntryProblem =
  | { field: 'content' | 'name'; code: 'too_long'; limit: number }
  | { field: 'keys' | 'secondary_keys'; code: 'too_many'; limit: number }
  | { field: 'keys' | 'secondary_keys'; code: 'key_too_long'; limit: number }
  | { field: 'keys' | 'secondary_keys'; code: 'bad_regex'; key: string }
  | { field: 'keys'; code: 'no_keys' }
  | { field: 'insertion_order' | 'priority' | 'depth'; code: 'range'; min: number; max: number };

const chars = (s: string): number => [...s].length;

function regexProblem(key: string): boolean {
  const slashed = /^\/(.+)\/([a-z]*)$/s.exec(key.trim());
  const pattern = slashed ? slashed[1]! : key.trim();
  if (pattern.length > LOREBOOK_REGEX_MAX || (slashed && !/^[imsu]*$/.test(slashed[2]!))) return true;
  try {
    new RegExp(pattern, slashed ? slashed[2] : '');
    return false;
  } catch {
    return true;
  }
}

/** What is wrong with an entry, at most one problem per field, in the field order. */
export function entryProblems(e: LorebookEntry): EntryProblem[] {
  const out: EntryProblem[] = [];
  if (chars(e.name) > STORY_SHORT_TEXT_CAP) out.push({ field: 'name', code: 'too_long', limit: STORY_SHORT_TEXT_CAP });
  for (const field of ['keys', 'secondary_keys'] as const) {
    const keys = e[field];
    if (keys.length > CARD_LIST_CAP) out.push({ field, code: 'too_many', limit: CARD_LIST_CAP });
    else if (keys.some((k) => chars(k) > STORY_SHORT_TEXT_CAP)) out.push({ field, code: 'key_too_long', limit: STORY_SHORT_TEXT_CAP });
    else if (e.use_regex) {
      const bad = keys.find(regexProblem);
      if (bad !== undefined) out.push({ field, code: 'bad_regex', key: bad });
    }
  }
  if (!e.constant && e.enabled && e.keys.length === 0 && !out.some((p) => p.field === 'keys')) out.push({ field: 'keys', code: 'no_keys' });
  if (chars(e.content) > STORY_TEXT_CAP) out.push({ field: 'content', code: 'too_long', limit: STORY_TEXT_CAP });
  const range = (field: 'insertion_order' | 'priority' | 'depth', min: number, max: number) => {
    const v = e[field];
    if (!Number.isInteger(v) || v < min || v > max) out.push({ field, code: 'range', min, max });
  };
  range('insertion_order', -100_000, 100_000);
  range('priority', -100_000, 100_000);
  range('depth', 0, LOREBOOK_MAX_DEPTH);
  return out;
}

/** Whether the lorebook's own settings are within bounds. */
export function bookProblems(book: Lorebook): Array<{ field: 'scan_depth' | 'token_budget' | 'entries'; min: number; max: number }> {
  const out: Array<{ field: 'scan_depth' | 'token_budget' | 'entries'; min: number; max: number }> = [];
  if (!Number.isInteger(book.scan_depth) || book.scan_depth < 1 || book.scan_depth > LOREBOOK_MAX_SCAN_DEPTH) out.push({ field: 'scan_depth', min: 1, max: LOREBOOK_MAX_SCAN_DEPTH });
  if (!Number.isInteger(book.token_budget) || book.token_budget < 16 || book.token_budget > LOREBOOK_MAX_TOKEN_BUDGET) out.push({ field: 'token_budget', min: 16, max: LOREBOOK_MAX_TOKEN_BUDGET });
  if (book.entries.length > LOREBOOK_ENTRIES_CAP) out.push({ field: 'entries', min: 0, max: LOREBOOK_ENTRIES_CAP });
  return out;
}

/** A lorebook read from a file joins the story's: its entries after the current ones (new ids where taken). */
export function mergeLorebook(current: Lorebook | undefined, imported: Lorebook): Lorebook {
  if (!current || current.entries.length === 0) return { ...imported, entries: [...imported.entries] };
  const taken = new Set(current.entries.map((e) => e.entry_id));
  const entries = imported.entries.map((e) => (taken.has(e.entry_id) ? { ...e, entry_id: newId('w') } : e));
  return { ...current, entries: [...current.entries, ...entries] };
}
