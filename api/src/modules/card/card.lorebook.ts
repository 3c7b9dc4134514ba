import { randomBytes } from 'node:crypto';
import {
  LOREBOOK_DEFAULTS,
  LOREBOOK_MAX_DEPTH,
  LOREBOOK_MAX_SCAN_DEPTH,
  LOREBOOK_POSITIONS,
  LOREBOOK_MAX_TOKEN_BUDGET,
  SELECTIVE_LOGICS,
  type Lorebook,
  type LorebookEntry,
  type LorebookPosition,
  type SelectiveLogic,
} from 'shared-kit';
import type { CardBook, CardBookEntry } from './card.format';

/*
 * A card's `character_book` (and the standalone `lorebook_v3` file) <-> our lorebook. The spec's fields map one to
 * one; what the spec leaves to `extensions` is read from the names the common editors write there:
 * `selectiveLogic` (0 AND ANY, 1 NOT ALL, 2 NOT ANY, 3 AND ALL, the order of SELECTIVE_LOGICS), and `position` 4
 * with `depth` for an entry placed in the conversation; the V3 `@@depth N` decorator opening an entry's content says
 * the same. Our own ids and position travel in `extensions.storyverse` so an export imports back as the same
 * entries. Scan depth is the lorebook's alone.
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

const DEPTH_DECORATOR = /^@@depth[ \t]+(-?\d+)[ \t]*(?:\r?\n|$)/;

/** Where a card's entry goes: our extension first, then the common editors' `position: 4` + `depth`, then `@@depth`. */
function placementOf(e: CardBookEntry, ext: Record<string, unknown>): { position: LorebookPosition; depth: number; content: string; depthOver: boolean } {
  const own = ours(ext);
  const fallback: LorebookPosition = e.position ?? 'before_char';
  let position: LorebookPosition = fallback;
  let depth: number | undefined;
  let content = e.content;
  const decorator = DEPTH_DECORATOR.exec(content);
  if (typeof own.position === 'string' && (LOREBOOK_POSITIONS as readonly string[]).includes(own.position)) {
    position = own.position as LorebookPosition;
    if (typeof own.depth === 'number') depth = own.depth;
    // Our export writes `@@depth` before a conversation entry's content for other readers.
    if (position === 'at_depth' && decorator) content = content.slice(decorator[0].length);
  } else if (ext.position === 4 && typeof ext.depth === 'number') {
    position = 'at_depth';
    depth = ext.depth;
    if (decorator) content = content.slice(decorator[0].length);
  } else if (decorator) {
    position = 'at_depth';
    depth = Number(decorator[1]);
    content = content.slice(decorator[0].length);
  }
  const depthOver = depth !== undefined && depth > LOREBOOK_MAX_DEPTH;
  return { position, depth: clampInt(depth, 0, LOREBOOK_MAX_DEPTH, 0), content, depthOver };
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
    const logic = typeof ext.selectiveLogic === 'number' ? SELECTIVE_LOGICS[ext.selectiveLogic] : undefined;
    const placed = placementOf(e, ext);
    if (placed.depthOver) warnings.push(`Lorebook entry ${i + 1}: its depth is more than ${LOREBOOK_MAX_DEPTH}, read as ${LOREBOOK_MAX_DEPTH}`);
    return {
      entry_id: id,
      name: e.name ?? e.comment ?? '',
      keys: e.keys,
      secondary_keys: e.secondary_keys ?? [],
      selective: e.selective ?? false,
      selective_logic: (logic as SelectiveLogic | undefined) ?? 'and_any',
      constant: e.constant ?? false,
      content: mapText(placed.content),
      insertion_order: clampInt(e.insertion_order, -100_000, 100_000, 100),
      priority: clampInt(e.priority, -100_000, 100_000, 10),
      position: placed.position,
      depth: placed.depth,
      case_sensitive: e.case_sensitive ?? false,
      use_regex: e.use_regex ?? false,
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
        ...(e.position === 'at_depth' ? { position: 4, depth: e.depth } : {}),
        [OUR_EXTENSION]: { entry_id: e.entry_id, position: e.position, depth: e.depth },
      },
      enabled: e.enabled,
      insertion_order: e.insertion_order,
      case_sensitive: e.case_sensitive,
      use_regex: e.use_regex,
      constant: e.constant,
      name: e.name,
      comment: e.name,
      priority: e.priority,
      id: i + 1,
      selective: e.selective,
      secondary_keys: [...e.secondary_keys],
      // The card formats know two places; a conversation entry also says `@@depth` for the V3 readers.
      position: e.position === 'at_depth' ? 'before_char' : e.position,
      ...(e.position === 'at_depth' ? { content: `@@depth ${e.depth}\n${mapText(e.content)}` } : {}),
    })),
  };
}

/** The standalone lorebook file of the V3 specification. */
export function lorebookFile(book: Lorebook): { spec: 'lorebook_v3'; data: CardBook } {
  return { spec: 'lorebook_v3', data: lorebookToCard(book) };
}
