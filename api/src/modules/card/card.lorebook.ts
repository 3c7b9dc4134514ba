import { randomBytes } from 'node:crypto';
import {
  LOREBOOK_DEFAULTS,
  LOREBOOK_MAX_SCAN_DEPTH,
  LOREBOOK_MAX_TOKEN_BUDGET,
  SELECTIVE_LOGICS,
  type Lorebook,
  type LorebookEntry,
  type SelectiveLogic,
} from 'shared-kit';
import type { CardBook, CardBookEntry } from './card.format';

/*
 * A card's `character_book` (and the standalone `lorebook_v3` file) <-> our lorebook. The spec's fields map one to
 * one; what the spec leaves to `extensions` is read from the names the common editors write there:
 * `selectiveLogic` (0 AND ANY, 1 NOT ALL, 2 NOT ANY, 3 AND ALL, the order of SELECTIVE_LOGICS) and a per-entry
 * `scan_depth`. Our own ids travel in `extensions.storyverse` so an export imports back as the same entries.
 */

const ID = /^[A-Za-z0-9_-]{1,64}$/;
export const OUR_EXTENSION = 'storyverse';

export function newItemId(prefix: string): string {
  return `${prefix}${randomBytes(6).toString('hex')}`;
}

function ours(ext: Record<string, unknown>): Record<string, unknown> {
  const v = ext[OUR_EXTENSION];
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
}

function clampInt(v: number | undefined, min: number, max: number, fallback: number): number {
  if (v === undefined || !Number.isFinite(v)) return fallback;
  return Math.min(max, Math.max(min, Math.round(v)));
}

export interface BookImport {
  lorebook: Lorebook;
  warnings: string[];
}

/** A card's lorebook as ours; `mapText` turns the card's macros into our mentions. */
export function lorebookFromCard(book: CardBook, mapText: (s: string) => string = (s) => s): BookImport {
  const warnings: string[] = [];
  const used = new Set<string>();
  const entries = book.entries.map((e: CardBookEntry, i): LorebookEntry => {
    const ext = e.extensions;
    const ourId = ours(ext).entry_id;
    let id = typeof ourId === 'string' && ID.test(ourId) ? ourId : newItemId('w');
    if (used.has(id)) id = newItemId('w');
    used.add(id);
    if (e.use_regex) warnings.push(`Lorebook entry ${i + 1}: its keys are regular expressions, read here as plain words`);
    const logic = typeof ext.selectiveLogic === 'number' ? SELECTIVE_LOGICS[ext.selectiveLogic] : undefined;
    const depth = typeof ext.scan_depth === 'number' ? ext.scan_depth : undefined;
    return {
      entry_id: id,
      name: e.name ?? e.comment ?? '',
      keys: e.keys,
      secondary_keys: e.secondary_keys ?? [],
      selective: e.selective ?? false,
      selective_logic: (logic as SelectiveLogic | undefined) ?? 'and_any',
      constant: e.constant ?? false,
      content: mapText(e.content),
      insertion_order: clampInt(e.insertion_order, -100_000, 100_000, 100),
      priority: clampInt(e.priority, -100_000, 100_000, 10),
      position: e.position ?? 'before_char',
      depth: clampInt(depth, 0, LOREBOOK_MAX_SCAN_DEPTH, 0),
      case_sensitive: e.case_sensitive ?? false,
      enabled: e.enabled,
    };
  });
  return {
    lorebook: {
      name: book.name ?? '',
      description: book.description ?? '',
      scan_depth: clampInt(book.scan_depth, 1, LOREBOOK_MAX_SCAN_DEPTH, LOREBOOK_DEFAULTS.scanDepth),
      token_budget: clampInt(book.token_budget, 16, LOREBOOK_MAX_TOKEN_BUDGET, LOREBOOK_DEFAULTS.tokenBudget),
      recursive_scanning: book.recursive_scanning ?? false,
      entries,
    },
    warnings,
  };
}

/** Our lorebook in the cards' `character_book` shape (also the `data` of a `lorebook_v3` file). */
export function lorebookToCard(book: Lorebook, mapText: (s: string) => string = (s) => s): CardBook {
  return {
    name: book.name,
    description: book.description,
    scan_depth: book.scan_depth,
    token_budget: book.token_budget,
    recursive_scanning: book.recursive_scanning,
    extensions: {},
    entries: book.entries.map((e, i) => ({
      keys: [...e.keys],
      content: mapText(e.content),
      extensions: {
        selectiveLogic: SELECTIVE_LOGICS.indexOf(e.selective_logic),
        ...(e.depth > 0 ? { scan_depth: e.depth } : {}),
        [OUR_EXTENSION]: { entry_id: e.entry_id },
      },
      enabled: e.enabled,
      insertion_order: e.insertion_order,
      case_sensitive: e.case_sensitive,
      use_regex: false,
      constant: e.constant,
      name: e.name,
      comment: e.name,
      priority: e.priority,
      id: i + 1,
      selective: e.selective,
      secondary_keys: [...e.secondary_keys],
      position: e.position,
    })),
  };
}

/** The standalone lorebook file of the V3 specification. */
export function lorebookFile(book: Lorebook): { spec: 'lorebook_v3'; data: CardBook } {
  return { spec: 'lorebook_v3', data: lorebookToCard(book) };
}
