import { z } from 'zod';
import { CARD_LIMITS, CardError, mbText } from './card.errors';

/*
 * The community's character card formats, read leniently (missing fields take their empty value, as the V2 and V3
 * specifications ask applications to fill them) but strictly typed: a field of the wrong type is refused, naming it.
 * V1 is the bare object; V2 is `{spec: "chara_card_v2", data}`; V3 is `{spec: "chara_card_v3", spec_version, data}`
 * with `assets` and the rest. Unknown fields and `extensions` are kept so nothing is lost on the way through.
 */

const str = z.string();
const strList = z.array(z.string());
const record = z.record(z.string(), z.unknown());

export const cardBookEntrySchema = z.looseObject({
  keys: strList.default([]),
  content: str.default(''),
  extensions: record.default({}),
  enabled: z.boolean().default(true),
  insertion_order: z.number().default(100),
  case_sensitive: z.boolean().optional(),
  use_regex: z.boolean().optional(),
  constant: z.boolean().optional(),
  name: str.optional(),
  priority: z.number().optional(),
  id: z.union([z.number(), z.string()]).optional(),
  comment: str.optional(),
  selective: z.boolean().optional(),
  // V3 says a comma-separated list; V2 and every writer in practice use an array: both are read.
  secondary_keys: z.union([strList, str.transform((s) => s.split(',').map((k) => k.trim()).filter(Boolean))]).optional(),
  position: z.enum(['before_char', 'after_char']).optional().catch(undefined),
});
export type CardBookEntry = z.output<typeof cardBookEntrySchema>;

export const cardBookSchema = z.looseObject({
  name: str.optional(),
  description: str.optional(),
  scan_depth: z.number().optional(),
  token_budget: z.number().optional(),
  recursive_scanning: z.boolean().optional(),
  extensions: record.default({}),
  entries: z.array(cardBookEntrySchema),
});
export type CardBook = z.output<typeof cardBookSchema>;

export const cardAssetSchema = z.looseObject({ type: str, uri: str, name: str.default(''), ext: str.default('') });
export type CardAsset = z.output<typeof cardAssetSchema>;

const cardDataSchema = z.looseObject({
  name: str.default(''),
  description: str.default(''),
  personality: str.default(''),
  scenario: str.default(''),
  first_mes: str.default(''),
  mes_example: str.default(''),
  creator_notes: str.default(''),
  system_prompt: str.default(''),
  post_history_instructions: str.default(''),
  alternate_greetings: strList.default([]),
  character_book: cardBookSchema.optional(),
  tags: strList.default([]),
  creator: str.default(''),
  character_version: str.default(''),
  extensions: record.default({}),
  // V3 additions
  assets: z.array(cardAssetSchema).optional(),
  nickname: str.optional(),
  creator_notes_multilingual: z.record(z.string(), z.string()).optional(),
  source: strList.optional(),
  group_only_greetings: strList.default([]),
  creation_date: z.number().optional(),
  modification_date: z.number().optional(),
});
export type CardData = z.output<typeof cardDataSchema>;

export type CardSpec = 'chara_card_v1' | 'chara_card_v2' | 'chara_card_v3';

/** Any card, read into one shape: the V3 data fields (a V1 or V2 card simply has no V3 extras). */
export interface Card {
  spec: CardSpec;
  data: CardData;
}

const V1_FIELDS = ['name', 'description', 'personality', 'scenario', 'first_mes', 'mes_example'] as const;

function shapeError(prefix: string, error: z.ZodError): CardError {
  const issue = error.issues[0];
  const path = [prefix, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
  const what = issue?.code === 'invalid_type' ? `must be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}` : (issue?.message ?? 'is malformed');
  return new CardError('shape', `The card's ${path || 'content'} ${what}`);
}

/** A card from its parsed JSON: V3, V2 or V1 by its `spec`; anything else is refused, saying what was expected. */
export function cardOf(json: unknown): Card {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new CardError('shape', 'The card must be a JSON object');
  }
  const o = json as Record<string, unknown>;
  if (o.spec === 'chara_card_v3' || o.spec === 'chara_card_v2') {
    if (typeof o.data !== 'object' || o.data === null || Array.isArray(o.data)) {
      throw new CardError('shape', `The card's data must be an object (spec ${o.spec})`);
    }
    const parsed = cardDataSchema.safeParse(o.data);
    if (!parsed.success) throw shapeError('data', parsed.error);
    return { spec: o.spec, data: parsed.data };
  }
  if (o.spec !== undefined) {
    throw new CardError('shape', `The card's spec "${String(o.spec).slice(0, 40)}" is not one this product reads (chara_card_v2 or chara_card_v3)`);
  }
  if (o.spec === undefined && o.data === undefined && V1_FIELDS.some((f) => typeof o[f] === 'string') && typeof o.name === 'string') {
    const v1: Record<string, unknown> = {};
    for (const f of V1_FIELDS) v1[f] = o[f];
    const parsed = cardDataSchema.safeParse(v1);
    if (!parsed.success) throw shapeError('', parsed.error);
    return { spec: 'chara_card_v1', data: parsed.data };
  }
  throw new CardError('shape', 'This JSON is not a character card: it has no spec (chara_card_v2 or chara_card_v3) and no V1 name');
}

/** JSON text to a value, refusing oversized or malformed text with the place it broke. */
export function parseJsonText(text: string, what: string): unknown {
  if (Buffer.byteLength(text) > CARD_LIMITS.cardJsonBytes) {
    throw new CardError('size', `${what} is larger than ${mbText(CARD_LIMITS.cardJsonBytes)}`);
  }
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new CardError('json', `${what} is not valid JSON (${e instanceof Error ? e.message.slice(0, 120) : 'parse error'})`);
  }
}

/** The standalone lorebook file (V3 `{spec: "lorebook_v3", data}`). */
export function lorebookFileOf(json: unknown): CardBook {
  const o = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  if (o.spec !== 'lorebook_v3') throw new CardError('shape', 'This JSON is not a lorebook: its spec must be "lorebook_v3"');
  const parsed = cardBookSchema.safeParse(o.data);
  if (!parsed.success) throw shapeError('data', parsed.error);
  return parsed.data;
}
