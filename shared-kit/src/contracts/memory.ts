import { z } from 'zod';
import { MEMORY_NOTE_MAX, MEMORY_SUMMARY_MAX } from '../memory';
import { isoDate } from './common';
import { dialogueSchema } from './play';

/** Ids are numeric strings (as in the play's other calls). */
const numericId = z.string().max(40).regex(/^\d+$/, 'must be a numeric id');

/** What the player sends to the memory calls (`/api/tyler/memory*`), as the api validates it. */
export const MEMORY_REQUESTS = {
  /** `GET memory`. */
  memoryQuery: z.object({ play_id: numericId }),
  /** `POST memory/pin`: a line of the play (`dialogue_id`) or a note of the player's (`note`), exactly one. */
  pinBody: z
    .object({
      play_id: numericId,
      dialogue_id: numericId.optional(),
      note: z.string().trim().min(1, 'must not be empty').max(MEMORY_NOTE_MAX).optional(),
    })
    .refine((b) => (b.dialogue_id === undefined) !== (b.note === undefined), { message: 'give either dialogue_id or note', path: ['dialogue_id'] }),
  /** `POST memory/unpin`. */
  unpinBody: z.object({ play_id: numericId, pin_id: z.string().max(40).regex(/^[a-z0-9]+$/, 'must be a pin id') }),
  /** `POST memory/summary`: the running summary as the player rewrote it. */
  summaryBody: z.object({ play_id: numericId, summary: z.string().max(MEMORY_SUMMARY_MAX) }),
  /** `POST message/suggest`: two or three things the player might say next. */
  suggestBody: z.object({ play_id: numericId }),
  /** `GET play/debug`: the creator's view of a draft play's replies. */
  debugQuery: z.object({ play_id: numericId }),
};
export type PinRequest = z.input<typeof MEMORY_REQUESTS.pinBody>;

export const memoryPinSchema = z.object({
  pin_id: z.string(),
  /** A pinned line's dialogue and place in the play; empty and 0 for a note. */
  dialogue_id: z.string(),
  seq: z.number().int(),
  kind: z.enum(['line', 'note']),
  /** The line's speaker ("" for a note). */
  speaker: z.string(),
  content: z.string(),
  /** Whether the pin is in the next prompt (the newest pins within the token budget are). */
  in_prompt: z.boolean(),
  created_at: isoDate.nullable(),
});
export type MemoryPin = z.infer<typeof memoryPinSchema>;

export const memorySchema = z.object({
  play_id: z.string(),
  summary: z.string(),
  summary_upto_seq: z.number().int(),
  /** Newest first. */
  pins: z.array(memoryPinSchema),
  limits: z.object({ pins: z.number().int(), note_chars: z.number().int(), pin_tokens: z.number().int(), summary_chars: z.number().int() }),
  /** Tokens the pins in the prompt take. */
  pin_tokens: z.number().int(),
});
export type PlayMemory = z.infer<typeof memorySchema>;

export const replyDebugSchema = z.object({
  dialogue_id: z.string(),
  seq: z.number().int(),
  /** Tokens of each part of the reply's prompt (cl100k), and of the whole prompt. */
  parts: z.object({ system: z.number().int(), story: z.number().int(), summary: z.number().int(), pins: z.number().int(), lorebook: z.number().int(), recent_lines: z.number().int(), total: z.number().int() }),
  recent_line_count: z.number().int(),
  lorebook_entries: z.array(z.string()),
  /** The director's verdict on the chapter's objective after the reply (null when it did not judge). */
  verdict: z.object({ met: z.boolean(), failed: z.boolean(), reason: z.string() }).nullable(),
  model: z.string(),
  ttft_ms: z.number().int().nullable(),
  at: isoDate,
});
export type ReplyDebug = z.infer<typeof replyDebugSchema>;
export const playDebugSchema = z.object({ play_id: z.string(), replies: z.array(replyDebugSchema) });
export type PlayDebugView = z.infer<typeof playDebugSchema>;

export const MEMORY_CONTRACTS = {
  'GET /tyler/memory': memorySchema,
  'POST /tyler/memory/pin': memorySchema,
  'POST /tyler/memory/unpin': memorySchema,
  'POST /tyler/memory/summary': memorySchema,
  /** Ours: two or three things to say next, stored as the FixedOptions row `dialogue`. */
  'GET /tyler/play/debug': playDebugSchema,
  'POST /tyler/message/suggest': z.object({ play_id: z.string(), options: z.array(z.string()), dialogue: dialogueSchema }),
} satisfies Record<string, z.ZodType>;
