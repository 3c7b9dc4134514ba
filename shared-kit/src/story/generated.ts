import { z } from 'zod';
import { LIMITS } from '../constants';
import { STORY_SHORT_TEXT_CAP } from './constants';
import { itemId } from './ids';
import { assignmentSchema, choiceOptionSchema, conditionSchema, directorRuleSchema, edgeSchema, variableSchema } from './graph/schema';
import { characterSchema, nodeSchema, playerSchema, prologueSchema, storyContentSchema } from './schema';

/**
 * What a brainstorm writer (a model or the offline storyteller) returns for an idea: the story's own fields under
 * the story schema's names, with the section 9 limits as hard bounds and ids, pictures and voices left out (the plan
 * adds those). Its JSON schema is the model's structured-output format; the model's answer is parsed with it, and
 * the assembled story then goes through the same section 5 rules as a hand-made one.
 */
const shape = storyContentSchema.shape;
const bounded = (cap: number) => z.string().trim().min(1).max(cap);

export const generatedCharacterSchema = characterSchema.pick({ character_name: true, settings: true, style: true }).extend({
  character_name: bounded(LIMITS.characterName),
  settings: bounded(LIMITS.characterSettings),
  style: z.string().max(LIMITS.characterStyle),
  /** How the character looks: the picture's prompt. */
  appearance: bounded(LIMITS.aiPrompt),
});

export const generatedNodeSchema = nodeSchema.pick({ name: true, content: true, ending_content: true }).extend({
  name: bounded(LIMITS.plotTitle).regex(/^\S+$/, 'must contain no spaces'),
  content: bounded(LIMITS.plotContent),
  ending_content: bounded(LIMITS.plotEnding),
  /** Where the chapter happens: the background's prompt. */
  scene: bounded(LIMITS.aiPrompt),
});

export const generatedStorySchema = z.object({
  story_name: bounded(LIMITS.storyName),
  introduction: shape.introduction.unwrap().max(LIMITS.introduction),
  summary: shape.summary.unwrap().max(LIMITS.summary),
  characters: z.array(generatedCharacterSchema).min(1).max(6),
  player: playerSchema.extend({
    character_name: z.string().max(LIMITS.playerName),
    settings: z.string().max(LIMITS.playerSettings),
  }),
  /** The opening line and the name of the character who says it. */
  prologue: prologueSchema.pick({ content: true }).extend({
    content: bounded(LIMITS.prologue),
    speaker_name: bounded(LIMITS.characterName),
  }),
  nodes: z.array(generatedNodeSchema).min(1).max(5),
});
export type GeneratedStory = z.output<typeof generatedStorySchema>;

/** The JSON schema of a generated story, for a model's structured output. */
export function generatedStoryJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(generatedStorySchema, { target: 'draft-7' }) as Record<string, unknown>;
}

/**
 * A branching outline (issue 29, point 5): when the idea asks for a choice or several endings, the writer returns its
 * plots as graph nodes joined by edges. Scenes are Normal content (the chapter fields above), a Choice content node
 * holds its options (the graph schema's option shape: an id and the text on the button), Success and Fail hold their
 * ending text in `content`. Variables (a few, Integer or Bool) may be declared: a scene's director rules move them on
 * what the player does, a Variable assignment node changes them on the way, and a Judge content node routes on
 * conditions over them (then "otherwise"). Edges are the graph schema's own. The shape is checked here; the graph's
 * rules (reachability, every option leading somewhere, conditions naming declared variables of the right kind, both
 * endings reached) are `validateGraph`'s, after assembly.
 */
export const GENERATED_BRANCH_TYPES = ['NormalContent', 'ChoiceContent', 'VariableAssignment', 'JudgeContent', 'Success', 'Fail'] as const;
/** Node types that carry no text of their own (their `content` may be empty). */
const TEXTLESS: ReadonlySet<string> = new Set(['VariableAssignment', 'JudgeContent']);

export const generatedBranchNodeSchema = z.object({
  node_id: itemId,
  node_type: z.enum(GENERATED_BRANCH_TYPES),
  name: bounded(LIMITS.plotTitle).regex(/^\S+$/, 'must contain no spaces'),
  /** A scene's content, the choice's question, or the ending's text (none on an assignment or a judge). */
  content: z.string().trim().max(LIMITS.plotContent).default(''),
  /** A scene's objective (scenes only). */
  ending_content: z.string().trim().max(LIMITS.plotEnding).default(''),
  /** A scene's place, the background's prompt (scenes only). */
  scene: z.string().trim().max(LIMITS.aiPrompt).default(''),
  /** A choice's options (2-6), each leaving by the edge whose handle is its option_id. */
  options: z.array(choiceOptionSchema.pick({ option_id: true }).extend({ text: bounded(STORY_SHORT_TEXT_CAP) })).max(6).optional(),
  /** A scene's director rules: a variable moves when what `when` says happens in the scene. */
  rules: z.array(directorRuleSchema.extend({ when: bounded(STORY_SHORT_TEXT_CAP) })).max(3).optional(),
  /** A Variable assignment node's changes, in order. */
  assignments: z.array(assignmentSchema).min(1).max(4).optional(),
  /** A Judge content node's routes on variables, tried in order; then its "otherwise" edge. */
  routes: z.array(z.object({ route_id: itemId, condition: conditionSchema })).min(1).max(4).optional(),
});

/** The node with its text where its type needs one. */
const branchNodeChecked = generatedBranchNodeSchema.superRefine((n, ctx) => {
  if (!TEXTLESS.has(n.node_type) && n.content === '') ctx.addIssue({ code: 'custom', path: ['content'], message: 'must not be empty' });
});

export const generatedBranchingStorySchema = generatedStorySchema.extend({
  nodes: z.array(branchNodeChecked).min(3).max(14),
  edges: z.array(edgeSchema).min(2).max(40),
  variables: z.array(variableSchema.extend({ kind: z.enum(['Integer', 'Bool']) })).max(5).optional(),
});
export type GeneratedBranchingStory = z.output<typeof generatedBranchingStorySchema>;
export type GeneratedBranchNode = z.output<typeof generatedBranchNodeSchema>;

/** True when a writer's story is a branching outline. */
export const isBranchingOutline = (story: GeneratedStory | GeneratedBranchingStory): story is GeneratedBranchingStory =>
  'edges' in story && Array.isArray((story as { edges?: unknown }).edges);

/** The JSON schema of a branching outline, for a model's structured output. */
export function generatedBranchingJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(generatedBranchingStorySchema, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
}
