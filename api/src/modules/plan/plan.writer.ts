import OpenAI from 'openai';
import type { z } from 'zod';
import {
  generatedBranchingJsonSchema,
  generatedBranchingStorySchema,
  generatedStoryJsonSchema,
  generatedStorySchema,
} from 'shared-kit/schemas';
import { httpFetch } from '../../ai/httpFetch';
import type { Config } from '../../config';
import type { Logger } from '../../lib/logger';
import { offlineBranchingFromIdea, type Outline, type WrittenStory } from './plan.branching';
import { offlineStoryFromIdea } from './plan.offline';

/**
 * Turns an idea into a story: a line of chapters, or the branching outline the idea asks for. `check` returns the
 * section 5 problems of a candidate (graph rules included; empty when it passes).
 */
export interface StoryWriter {
  readonly name: 'model' | 'offline';
  write(idea: string, check: (story: WrittenStory) => string[], signal: AbortSignal, outline?: Outline): Promise<WriterResult>;
}

export interface WriterResult {
  story: WrittenStory;
  /** Model requests it took (0 offline). */
  calls: number;
}

/** The model's answer could not be made into a valid story within the attempts allowed. */
export class WriterFailure extends Error {}

/** Answers that do not parse or break the rules get this many more tries, each told what was wrong. */
const REPAIRS = 2;
/** A model request failing outright (HTTP error, network) is tried this many more times. */
const RETRIES = 1;
/** A branching outline that does not parse or breaks the graph rules is asked for once more, then the line is. */
const BRANCH_REPAIRS = 1;

const SYSTEM = [
  'You are a story designer for an interactive story app. From the creator\'s idea, write one complete story the',
  'player will play by chatting with its characters. Answer with one JSON object only, following the given schema:',
  'story_name (max 30 characters), introduction, summary, 1-6 characters (unique names with no special characters,',
  'never "Player", "User" or "Narrator"; settings describe who they are; style is a sample line of dialogue;',
  'appearance is a short picture prompt), player (the role the player takes), prologue (the opening line, spoken by',
  'one of the characters named in speaker_name, max 150 characters), and 1-5 chapters in nodes (name: one word, no',
  'spaces; content: what happens; ending_content: the objective the player must do to finish the chapter, max 100',
  'characters; scene: a short picture prompt of the place). Write in the language of the idea.',
].join(' ');

const BRANCH_SYSTEM = (endings: number) =>
  [
    'The idea asks for a branching story. Besides the fields above, give nodes as a graph and its edges. Each node has',
    'a node_id (letters, digits, _ or -), a node_type and a name (one word, no spaces): NormalContent is a scene',
    '(content, ending_content: the objective, scene: the picture prompt); ChoiceContent is the one decision the player',
    'makes (content: the question; options: 2-6 of { option_id, text }: the text is the button the player presses);',
    `Success and Fail are endings (content: the ending text the player reads). Write ${endings} endings, at least one`,
    'Success and one Fail. edges: { edge_id, source, target, handle }: a scene leaves by handle "next", an option by',
    'its option_id. The first node is the start; every node must be reachable and every path must end at an ending.',
    'You may declare up to 5 variables ({ name, kind: Integer or Bool, initial, min, max, visible, label }) and use them:',
    'a scene\'s rules ({ rule_id, variable, op: add or set, value, when: what the player does in the scene }) move one;',
    'a VariableAssignment node (assignments: [{ variable, op, value }]) changes them and leaves by "next"; a JudgeContent',
    'node (routes: [{ route_id, condition: { variable, op: eq ne gt ge lt le, value } }]) leaves by the first route that',
    'holds (handle: its route_id), else by handle "otherwise". Use only declared variables, of the right kind.',
  ].join(' ');

function parseAnswer<S extends z.ZodType<WrittenStory>>(text: string, schema: S): { story?: WrittenStory; problems: string[] } {
  let json: unknown;
  try {
    // Some servers wrap JSON in a code fence even when asked not to.
    json = JSON.parse(text.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ''));
  } catch {
    return { problems: ['The answer was not valid JSON.'] };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.slice(0, 12).map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`),
    };
  }
  return { story: parsed.data, problems: [] };
}

/** The openai-compatible writer: structured output with the generated-story JSON schema, parsed with zod. */
export function modelWriter(config: Config, logger?: Logger): StoryWriter {
  const client = new OpenAI({
    baseURL: config.llm.baseUrl,
    apiKey: config.llm.apiKey ?? 'not-needed',
    maxRetries: 0,
    timeout: Math.max(60_000, config.chat.timeoutMs * 2),
    fetch: httpFetch,
  });
  const model = config.llm.model ?? '';
  const lineSchema = generatedStoryJsonSchema();
  const branchSchema = generatedBranchingJsonSchema();

  async function ask(messages: OpenAI.ChatCompletionMessageParam[], signal: AbortSignal, schema = lineSchema): Promise<string> {
    let lastError: unknown;
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      try {
        const res = await client.chat.completions.create(
          {
            model,
            messages,
            temperature: 0.8,
            response_format: { type: 'json_schema', json_schema: { name: 'story', schema, strict: false } },
          },
          { signal },
        );
        return res.choices[0]?.message?.content ?? '';
      } catch (err) {
        if (signal.aborted) throw err;
        lastError = err;
      }
    }
    throw lastError;
  }

  return {
    name: 'model',
    async write(idea, check, signal, outline = { branching: false }) {
      let calls = 0;
      let problems: string[] = [];
      if (outline.branching) {
        // The branching outline: the answer is parsed with the graph's shapes and checked with its rules; an answer
        // that fails is asked for once more, then the idea gets the line of chapters below (never half a graph).
        const messages: OpenAI.ChatCompletionMessageParam[] = [
          { role: 'system', content: `${SYSTEM} ${BRANCH_SYSTEM(outline.endings)}` },
          { role: 'user', content: `Idea:\n${idea}` },
        ];
        for (let round = 0; round <= BRANCH_REPAIRS; round++) {
          const answer = await ask(messages, signal, branchSchema);
          calls++;
          const parsed = parseAnswer(answer, generatedBranchingStorySchema);
          problems = parsed.story ? check(parsed.story) : parsed.problems;
          if (parsed.story && problems.length === 0) return { story: parsed.story, calls };
          messages.push(
            { role: 'assistant', content: answer },
            { role: 'user', content: `That outline cannot be used:\n- ${problems.join('\n- ')}\nAnswer again with the whole corrected story as one JSON object.` },
          );
        }
        logger?.warn({ problems: problems.slice(0, 5) }, 'branching outline still invalid: writing the line of chapters');
      }
      const messages: OpenAI.ChatCompletionMessageParam[] = [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: `Idea:\n${idea}` },
      ];
      for (let round = 0; round <= REPAIRS; round++) {
        const answer = await ask(messages, signal);
        calls++;
        const parsed = parseAnswer(answer, generatedStorySchema);
        problems = parsed.story ? check(parsed.story) : parsed.problems;
        if (parsed.story && problems.length === 0) return { story: parsed.story, calls };
        messages.push(
          { role: 'assistant', content: answer },
          {
            role: 'user',
            content: `That story cannot be used:\n- ${problems.join('\n- ')}\nAnswer again with the whole corrected story as one JSON object.`,
          },
        );
      }
      throw new WriterFailure(`the model's story was still invalid after ${REPAIRS} repairs: ${problems.join('; ')}`);
    },
  };
}

export function offlineWriter(): StoryWriter {
  return {
    name: 'offline',
    async write(idea, check, _signal, outline = { branching: false }) {
      const story = outline.branching ? offlineBranchingFromIdea(idea, outline.endings) : offlineStoryFromIdea(idea);
      const problems = check(story);
      if (problems.length > 0) throw new WriterFailure(`the offline story broke the rules: ${problems.join('; ')}`);
      return { story, calls: 0 };
    },
  };
}
