import { Emotion } from 'shared-kit';
import type {
  ChatProvider,
  JudgeMaterial,
  JudgeVerdict,
  SummariseRequest,
  TurnEvent,
  TurnMaterial,
  TurnRequest,
} from './types';
import { ChatFailure } from './errors';
import { judgeObjective } from './objective';
import { offlineChoice } from './choices';
import { lastPlayerLine, offlineReply } from './storyteller';
import { hashOf, pick, sentencesOf, streamPiecesOf } from './words';
import { offlineSuggestions } from './suggestions';

const GIVE_UP = /\b(give up|i surrender|i quit|abandon (?:it|everything|the quest)|run away)\b/i;

const EMOTION_CUES: Array<[RegExp, Emotion]> = [
  [/\b(sorry|sad|cry|lost|miss|alone|hurt)\b/i, Emotion.Care],
  [/\b(hate|stupid|angry|fight|attack|kill)\b/i, Emotion.Angry],
  [/\b(love|thank|thanks|wonderful|great|happy|yay)\b/i, Emotion.Happy],
  [/\b(joke|tease|silly|prank)\b/i, Emotion.Naughty],
  [/\b(why|how|what|confused|strange)\b|\?$/i, Emotion.Confused],
  [/\b(quiet|calm|gentle|soft|rest)\b/i, Emotion.Gentle],
  [/\b(danger|careful|serious|important|must)\b/i, Emotion.Serious],
];
const CALM: Emotion[] = [Emotion.Neutral, Emotion.Gentle, Emotion.Serious, Emotion.Happy];

/** Deterministic emotion: cues in the player's words first, else a calm one chosen by the turn. */
export function offlineEmotion(m: TurnMaterial): Emotion {
  const said = lastPlayerLine(m);
  for (const [cue, emotion] of EMOTION_CUES) if (cue.test(said)) return emotion;
  return (
    pick(CALM, hashOf(m.speaker.character_id, m.chapter.node_id, String(m.turnsInChapter))) ?? Emotion.Neutral
  );
}

/** The offline director: every step of the objective done (see objective.ts), or the player giving up. */
export function offlineJudge(m: JudgeMaterial): JudgeVerdict {
  const latest = m.chapterInputs[m.chapterInputs.length - 1] ?? '';
  if (GIVE_UP.test(latest)) return { met: false, failed: true, reason: 'the player gave up' };
  const names = [m.player.name, ...m.characters.map((c) => c.name)];
  const verdict = judgeObjective(m.chapter.objective, m.chapterInputs, names);
  const done = verdict.done.map((d) => `"${d}"`).join(', ');
  if (verdict.met) return { met: true, failed: false, reason: `the player did ${done}` };
  return { met: false, failed: false, reason: `steps done: ${verdict.done.length} of ${verdict.steps}${done ? ` (${done})` : ''}` };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ChatFailure('aborted', 'cancelled'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ChatFailure('aborted', 'cancelled'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The embedded storyteller, used when no model is configured: deterministic for the same inputs, paced like a
 * model (one word per `tokenDelayMs`), cancellable.
 */
export function createOfflineChat(options: { tokenDelayMs: number }): ChatProvider {
  return {
    mode: 'offline',
    model: 'offline storyteller',
    async *streamTurn(request: TurnRequest): AsyncIterable<TurnEvent> {
      const m = request.material;
      yield { type: 'emotion', emotion: offlineEmotion(m) };
      const tokens = streamPiecesOf(offlineReply(m));
      for (const token of tokens) {
        if (options.tokenDelayMs > 0) await sleep(options.tokenDelayMs, request.signal);
        else if (request.signal?.aborted) throw new ChatFailure('aborted', 'cancelled');
        yield { type: 'text', text: token };
      }
    },
    async judge(material) {
      return offlineJudge(material);
    },
    async summarise(request: SummariseRequest) {
      // Keep the first sentence of each line: a compact, faithful record without a model.
      const lines = request.lines.map(
        (l) => `${l.speaker === 'player' ? l.name || 'Player' : l.name}: ${sentencesOf(l.content)[0] ?? ''}`,
      );
      const text = [request.previousSummary.trim(), ...lines].filter((s) => s !== '').join('\n');
      // Bounded so the summary itself cannot grow without end.
      return text.length > 2000 ? text.slice(text.length - 2000) : text;
    },
    async suggest(request) {
      return offlineSuggestions(request.material);
    },
    async judgeChoice(request) {
      return offlineChoice(request);
    },
  };
}
