import { z } from 'zod';
import { itemId } from '../ids';
import { STORY_SHORT_TEXT_CAP } from '../constants';
import {
  CONDITION_OPS,
  GRAPH_EDGES_CAP,
  GRAPH_LIST_CAP,
  GRAPH_VARIABLES_CAP,
  JUDGE_MODES,
  VARIABLE_KINDS,
  VARIABLE_OPS,
} from './constants';

/**
 * The shapes of a branching story (spec: node types, variables of `story/create`), as zod schemas for the api. They
 * check SHAPE only (types, ids, caps); the graph's rules (reachability, endings, options, kinds of conditions) are
 * `validateGraph` in ./validate, the same pure code the editor runs.
 */

const text = (cap: number) => z.string().max(cap, `must be at most ${cap} characters`);
const list = <T extends z.ZodType>(item: T, cap = GRAPH_LIST_CAP) => z.array(item).max(cap, `at most ${cap} items`);

/** A variable's name: letters (any script), digits and _, not starting with a digit. */
export const variableName = z
  .string()
  .min(1, 'must not be empty')
  .max(30, 'must be at most 30 characters')
  .regex(/^[\p{L}_][\p{L}\p{N}_]*$/u, 'must contain only letters, digits and _, and not start with a digit');

/** A value a variable holds: a whole number (Integer), true/false (Bool) or a text (String). */
export const variableValue = z.union([z.number().int().min(-1e9).max(1e9), z.boolean(), text(STORY_SHORT_TEXT_CAP)]);

export const variableSchema = z.object({
  name: variableName,
  kind: z.enum(VARIABLE_KINDS),
  initial: variableValue,
  /** Integer only: the value is kept between min and max (both included). */
  min: z.number().int().min(-1e9).max(1e9).optional(),
  max: z.number().int().min(-1e9).max(1e9).optional(),
  /** Shown to the player in the status line ("Trust 3", "Has the key"). */
  visible: z.boolean().default(false),
  /** What the status line calls it; the name when blank. */
  label: text(STORY_SHORT_TEXT_CAP).optional(),
});

/** A test on one variable: Integer takes every operator, Bool and String only eq and ne. */
export const conditionSchema = z.object({
  variable: variableName,
  op: z.enum(CONDITION_OPS),
  value: variableValue,
});

/** A change to one variable: `set` any kind, `add` (a signed number) Integer only. */
export const assignmentSchema = z.object({
  variable: variableName,
  op: z.enum(VARIABLE_OPS),
  value: variableValue,
});

/** A content node's rule the director applies on what happened in the scene ("trust +1 when ..."). */
export const directorRuleSchema = assignmentSchema.extend({
  rule_id: itemId,
  when: text(STORY_SHORT_TEXT_CAP).default(''),
});

export const choiceOptionSchema = z.object({
  option_id: itemId,
  text: text(STORY_SHORT_TEXT_CAP).default(''),
  /** Offered only while it holds. */
  condition: conditionSchema.optional(),
});

export const judgeRouteSchema = z.object({
  route_id: itemId,
  /** Mode `variables`: taken when it holds (routes are tried in order, then "otherwise"). */
  condition: conditionSchema.optional(),
  /** Mode `outcomes`: what the director judges the play so far against. */
  outcome: text(STORY_SHORT_TEXT_CAP).optional(),
});

/** Where a node sits in the graph view. */
export const positionSchema = z.object({ x: z.number().finite(), y: z.number().finite() });

/** The graph fields a node may carry beside today's chapter fields (all optional: a chapter has none). */
export const nodeGraphFields = {
  position: positionSchema.optional(),
  /** The Folder the node is grouped under in the editor. */
  parent_id: itemId.optional(),
  /** Choice content: the options, each leaving by the edge whose handle is its option_id. */
  options: list(choiceOptionSchema).optional(),
  /** Choice content: the player may type instead; the director judges the text against the options. */
  free_text: z.boolean().optional(),
  /** Judge content: on conditions over variables or on the director's judgement against named outcomes. */
  judge_mode: z.enum(JUDGE_MODES).optional(),
  routes: list(judgeRouteSchema).optional(),
  /** Variable assignment: the changes, in order. */
  assignments: list(assignmentSchema).optional(),
  /** Normal content: the director's rules moving variables on what happens in the scene. */
  rules: list(directorRuleSchema).optional(),
};

/** An edge leaves `source` by one of its handles (`next`, an option_id, a route_id or `otherwise`). */
export const edgeSchema = z.object({
  edge_id: itemId,
  source: itemId,
  target: itemId,
  handle: z.union([itemId, z.literal('')]).default('next'),
});

/** The graph fields of a story's content. */
export const storyGraphFields = {
  edges: list(edgeSchema, GRAPH_EDGES_CAP).optional(),
  variables: list(variableSchema, GRAPH_VARIABLES_CAP).optional(),
};

export type StoryVariable = z.output<typeof variableSchema>;
export type VariableValue = z.output<typeof variableValue>;
export type Condition = z.output<typeof conditionSchema>;
export type Assignment = z.output<typeof assignmentSchema>;
export type DirectorRule = z.output<typeof directorRuleSchema>;
export type ChoiceOption = z.output<typeof choiceOptionSchema>;
export type JudgeRoute = z.output<typeof judgeRouteSchema>;
export type StoryEdge = z.output<typeof edgeSchema>;
export type NodePosition = z.output<typeof positionSchema>;
