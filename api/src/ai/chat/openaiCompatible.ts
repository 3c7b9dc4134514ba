import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { z } from 'zod';
import type { Logger } from '../../lib/logger';
import { httpFetch } from '../httpFetch';
import { ChatFailure } from './errors';
import { EmotionTagParser } from './emotionTag';
import type {
  ChatMessage,
  ChatProvider,
  ChoiceAnswer,
  ChoiceRequest,
  JudgeMaterial,
  JudgeVerdict,
  SuggestRequest,
  SummariseRequest,
  TurnEvent,
  TurnLine,
  TurnRequest,
} from './types';
import { checkedAnswer, choiceMessages } from './choices';
import { cleanSuggestions, suggestMessages, SUGGESTIONS_MIN } from './suggestions';

export interface OpenAICompatibleOptions {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** First token, gap between tokens, and each non-streamed call. */
  timeoutMs: number;
  /** Attempts after the first, before any token has arrived. */
  retries: number;
  contextTokens: number;
  replyTokens: number;
  logger: Logger;
}

const verdictSchema = z.object({
  met: z.boolean(),
  failed: z.boolean().default(false),
  reason: z.string().max(2000).default(''),
});

/** Maps what the client throws to our failure kinds. */
function failureOf(err: unknown, timedOut: boolean): ChatFailure {
  if (err instanceof ChatFailure) return err;
  if (timedOut || err instanceof APIConnectionTimeoutError)
    return new ChatFailure('timeout', 'the model did not answer in time', { cause: err });
  if (err instanceof APIUserAbortError) return new ChatFailure('aborted', 'cancelled', { cause: err });
  if (err instanceof SyntaxError)
    return new ChatFailure('malformed', 'the model sent a malformed chunk', { cause: err });
  if (err instanceof APIError && err.status !== undefined)
    return new ChatFailure('http', `the model answered HTTP ${err.status}`, { cause: err });
  if (err instanceof APIError)
    return new ChatFailure('malformed', `the model stream reported an error: ${err.message}`, { cause: err });
  return new ChatFailure('network', err instanceof Error ? err.message : 'model request failed', {
    cause: err,
  });
}

/** A watchdog that aborts when no progress is reported within `ms`. */
function watchdog(ms: number, controller: AbortController) {
  let fired = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      fired = true;
      controller.abort();
    }, ms);
  };
  arm();
  return {
    kick: arm,
    stop: () => clearTimeout(timer),
    get fired() {
      return fired;
    },
  };
}

function linesText(lines: TurnLine[]): string {
  return lines
    .map(
      (l) =>
        `${l.speaker === 'player' ? l.name || 'Player' : l.speaker === 'narrator' ? 'Narrator' : l.name}: ${l.content}`,
    )
    .join('\n');
}

/**
 * Chat through any OpenAI-compatible server with the official client. Streams are retried only until the first
 * token (a retry after that would repeat text the player has seen); the caller's signal cancels at any point.
 */
export function createOpenAICompatibleChat(options: OpenAICompatibleOptions, siblings = new Map<string, ChatProvider>()): ChatProvider {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // Local servers (llama.cpp, Ollama) take any key; the client insists on one.
    apiKey: options.apiKey ?? 'unused',
    maxRetries: 0,
    timeout: options.timeoutMs,
    logLevel: 'off',
    fetch: httpFetch,
  });
  const log = options.logger.child({ provider: 'openai-compatible' });

  async function complete(messages: ChatMessage[], maxTokens: number, signal?: AbortSignal): Promise<string> {
    const res = await client.chat.completions.create(
      { model: options.model, messages, max_tokens: maxTokens, temperature: 0 },
      { signal, timeout: options.timeoutMs, maxRetries: options.retries },
    );
    return res.choices[0]?.message?.content ?? '';
  }

  async function* streamOnce(
    messages: ChatMessage[],
    outer: AbortSignal | undefined,
    onFirst: () => void,
  ): AsyncIterable<TurnEvent> {
    const controller = new AbortController();
    const onOuterAbort = () => controller.abort();
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    const dog = watchdog(options.timeoutMs, controller);
    const tags = new EmotionTagParser();
    let produced = false;
    try {
      const stream = await client.chat.completions.create(
        { model: options.model, messages, max_tokens: options.replyTokens, stream: true },
        { signal: controller.signal, timeout: options.timeoutMs },
      );
      for await (const chunk of stream) {
        dog.kick();
        const delta = chunk.choices?.[0]?.delta?.content;
        if (typeof delta !== 'string' || delta === '') continue;
        const text = tags.push(delta);
        if (!produced && (tags.emotion !== undefined || text !== '')) {
          produced = true;
          onFirst();
          if (tags.emotion) yield { type: 'emotion', emotion: tags.emotion };
        }
        if (text !== '') yield { type: 'text', text };
      }
      // The client ends quietly on abort: tell a timeout and a cancellation apart from a finished answer.
      if (dog.fired) throw new ChatFailure('timeout', 'the model stopped streaming');
      if (outer?.aborted) throw new ChatFailure('aborted', 'cancelled');
      const rest = tags.flush();
      if (rest.trim() !== '') {
        if (!produced) onFirst();
        produced = true;
        yield { type: 'text', text: rest };
      }
      if (!produced) throw new ChatFailure('empty', 'the model sent an empty answer');
    } catch (err) {
      throw failureOf(err, dog.fired);
    } finally {
      dog.stop();
      outer?.removeEventListener('abort', onOuterAbort);
      controller.abort();
    }
  }

  const provider: ChatProvider = {
    mode: 'openai-compatible',
    model: options.model,
    // The same server and settings with another model; one provider per model, made on first use.
    forModel(model: string): ChatProvider {
      if (model === options.model) return provider;
      let other = siblings.get(model);
      if (!other) siblings.set(model, (other = createOpenAICompatibleChat({ ...options, model }, siblings)));
      return other;
    },
    async *streamTurn(request: TurnRequest): AsyncIterable<TurnEvent> {
      for (let attempt = 0; ; attempt += 1) {
        let started = false;
        try {
          for await (const event of streamOnce(request.messages, request.signal, () => (started = true)))
            yield event;
          return;
        } catch (err) {
          const failure = failureOf(err, false);
          const retryable =
            !started && failure.kind !== 'aborted' && failure.kind !== 'empty' && attempt < options.retries;
          log.warn(
            { attempt, kind: failure.kind, retrying: retryable, err: failure.message },
            'chat stream failed',
          );
          if (!retryable) throw failure;
        }
      }
    },

    async judge(material: JudgeMaterial, signal?: AbortSignal): Promise<JudgeVerdict> {
      const recent = material.history.slice(-12);
      const messages: ChatMessage[] = [
        {
          role: 'system',
          content:
            'You are the director of an interactive story. Decide whether the player has reached the chapter objective, ' +
            'or has run into a failure condition that ends the story badly. Answer with JSON only, exactly: ' +
            '{"met": true|false, "failed": true|false, "reason": "<one sentence>"}',
        },
        {
          role: 'user',
          content:
            `Chapter: ${material.chapter.content}\nObjective: ${material.chapter.objective || '(none)'}\n` +
            `Turns in this chapter: ${material.turnsInChapter}\n\nConversation:\n${linesText(recent)}`,
        },
      ];
      let text = '';
      try {
        text = await complete(messages, 200, signal);
      } catch (err) {
        const failure = failureOf(err, false);
        log.warn(
          { kind: failure.kind, err: failure.message },
          'objective judgement failed; treated as not met',
        );
        return { met: false, failed: false, reason: `judge unavailable: ${failure.kind}` };
      }
      const json = /\{[\s\S]*\}/.exec(text)?.[0];
      let parsed: unknown;
      try {
        parsed = json === undefined ? undefined : JSON.parse(json);
      } catch {
        parsed = undefined;
      }
      const verdict = verdictSchema.safeParse(parsed);
      if (!verdict.success) {
        log.warn(
          { answer: text.slice(0, 300) },
          'objective judgement was not the expected JSON; treated as not met',
        );
        return { met: false, failed: false, reason: 'unparseable judgement' };
      }
      return verdict.data;
    },

    async summarise(request: SummariseRequest): Promise<string> {
      const messages: ChatMessage[] = [
        {
          role: 'system',
          content:
            "Summarise the story so far in at most 150 words, in the story's language, keeping names, facts and promises.",
        },
        {
          role: 'user',
          content: `Summary so far:\n${request.previousSummary || '(none)'}\n\nNew events:\n${linesText(request.lines)}`,
        },
      ];
      const text = (await complete(messages, 300, request.signal)).trim();
      if (text === '') throw new ChatFailure('empty', 'the model sent an empty summary');
      return text;
    },

    async suggest(request: SuggestRequest): Promise<string[]> {
      const options = cleanSuggestions(await complete(suggestMessages(request.messages), 200, request.signal).catch((err: unknown) => {
        throw failureOf(err, false);
      }));
      if (options.length < SUGGESTIONS_MIN) throw new ChatFailure('empty', 'the model sent no usable suggestions');
      return options;
    },

    async judgeChoice(request: ChoiceRequest): Promise<ChoiceAnswer> {
      let text = '';
      try {
        text = await complete(choiceMessages(request), 200, request.signal);
      } catch (err) {
        const failure = failureOf(err, false);
        log.warn({ kind: failure.kind, err: failure.message }, 'choice judgement failed; nothing chosen');
        return { ids: [], reason: `judge unavailable: ${failure.kind}` };
      }
      const answer = checkedAnswer(request, text);
      if (answer) return answer;
      log.warn({ answer: text.slice(0, 300) }, 'choice judgement was not the expected JSON; nothing chosen');
      return { ids: [], reason: 'unparseable judgement' };
    },
  };
  siblings.set(options.model, provider);
  return provider;
}
