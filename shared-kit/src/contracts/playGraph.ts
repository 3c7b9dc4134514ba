import { z } from 'zod';

/*
 * The play side of a branching story (api: play/graph): what `play_info`, the dialogues and `play_ending_info` add
 * for a graph play, and `story/endings`. A story of chapters in a line has none of these fields.
 */

const variableValue = z.union([z.number(), z.boolean(), z.string()]);

/** `play_info.graph`. */
export const playGraphInfoSchema = z.object({
  node: z.object({ node_id: z.string(), node_type: z.string(), title: z.string() }).nullable(),
  /** Only the variables the creator marked visible: the player's status line ("Trust 3", "Has the key"). */
  variables: z.array(z.object({ name: z.string(), label: z.string(), kind: z.enum(['Integer', 'Bool', 'String']), value: variableValue })),
  /** The options on offer now (a choice waits); [] otherwise. Chosen with `message/send` `option_contents: [option_id]`. */
  choices: z.array(z.object({ option_id: z.string(), text: z.string() })),
  /** The player may type (a scene, or a choice that takes free text). */
  free_text: z.boolean(),
  endings_count: z.number().int(),
});
export type PlayGraphInfo = z.infer<typeof playGraphInfoSchema>;

/** A dialogue's graph fields: an Option row's (or a chosen Input's) option, a fixed choice's options. */
export const dialogueGraphFields = {
  option_id: z.string().optional(),
  options: z.array(z.object({ option_id: z.string(), text: z.string() })).optional(),
};

/** `play_ending_info`'s graph fields. */
export const endingGraphFields = {
  ending_node_id: z.string().optional(),
  ending_title: z.string().optional(),
  endings_count: z.number().int().optional(),
};

/** `GET story/endings`: the endings the player found across their plays, and a play's map. */
export const endingsFoundSchema = z.object({
  story_id: z.string(),
  play_id: z.string().optional(),
  endings_count: z.number().int(),
  found: z.array(z.object({ node_id: z.string(), type: z.string(), content: z.string() })),
  map: z
    .object({
      /** Every node; one not reached has `node_type: null` and an empty title. */
      nodes: z.array(z.object({ node_id: z.string(), node_type: z.string().nullable(), title: z.string(), reached: z.boolean() })),
      edges: z.array(z.object({ source: z.string(), target: z.string() })),
    })
    .nullable(),
});
export type EndingsFound = z.infer<typeof endingsFoundSchema>;
