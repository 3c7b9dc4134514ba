import { z } from 'zod';
import { LIMITS } from '../constants';
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
