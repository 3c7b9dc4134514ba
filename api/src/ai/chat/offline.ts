import { Emotion } from 'shared-kit';
import type {
  ChatProvider,
  JudgeVerdict,
  SummariseRequest,
  TurnEvent,
  TurnMaterial,
  TurnRequest,
} from './types';
import { ChatFailure } from './errors';
import { hashOf, keywordsOf, pick, sentencesOf, wordsOf } from './words';

/** Turns in one chapter after which the offline director moves the story on even without the objective's words. */
export const OFFLINE_MAX_TURNS_PER_CHAPTER = 6;

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

function lastPlayerLine(m: TurnMaterial): string {
  for (let i = m.history.length - 1; i >= 0; i -= 1)
    if (m.history[i]!.speaker === 'player') return m.history[i]!.content;
  return '';
}

/** Deterministic emotion: cues in the player's words first, else a calm one chosen by the turn. */
export function offlineEmotion(m: TurnMaterial): Emotion {
  const said = lastPlayerLine(m);
  for (const [cue, emotion] of EMOTION_CUES) if (cue.test(said)) return emotion;
  return (
    pick(CALM, hashOf(m.speaker.character_id, m.chapter.node_id, String(m.turnsInChapter))) ?? Emotion.Neutral
  );
}

/** The reply, written from the story's own material: the player's words, the speaker's voice, the chapter, the goal. */
export function offlineReply(m: TurnMaterial): string {
  const said = lastPlayerLine(m);
  const seed = hashOf(m.storyName, m.chapter.node_id, m.speaker.character_id, said, String(m.turnsInChapter));
  const parts: string[] = [];
  const echo = keywordsOf(said, 3);
  const playerName = m.player.name.trim() || 'traveller';
  if (echo.length > 0) {
    const word = pick(echo, seed)!;
    parts.push(
      pick(
        [
          `"${word}"... you said ${word}, ${playerName}?`,
          `${playerName}, ${word} is not a word to use lightly.`,
          `So it is ${word} you have in mind.`,
        ],
        seed >>> 3,
      )!,
    );
  } else if (said.trim() !== '') {
    parts.push(
      pick(
        [`I hear you, ${playerName}.`, `Hm. Go on, ${playerName}.`, `Is that so, ${playerName}?`],
        seed >>> 3,
      )!,
    );
  }
  const voice = sentencesOf(m.speaker.style);
  const line = pick(voice, seed >>> 5);
  if (line) parts.push(line);
  const scene = sentencesOf(m.chapter.content);
  const beat =
    scene.length > 0 ? scene[Math.min(scene.length - 1, Math.max(0, m.turnsInChapter - 1))] : undefined;
  if (beat) parts.push(beat);
  const said_ = new Set(m.chapterInputs.flatMap((t) => wordsOf(t)));
  const missing = keywordsOf(m.chapter.objective).filter((k) => !said_.has(k));
  const hint = pick(missing, seed >>> 7);
  if (hint)
    parts.push(
      pick(
        [
          `We should think about the ${hint}.`,
          `Have you considered the ${hint}?`,
          `Everything here comes back to the ${hint}.`,
        ],
        seed >>> 9,
      )!,
    );
  if (parts.length === 0) parts.push(sentencesOf(m.speaker.settings)[0] ?? '...');
  return parts.join(' ');
}

/** The offline director: objective words the player used in this chapter, the turns spent, and giving up. */
export function offlineJudge(m: TurnMaterial): JudgeVerdict {
  const latest = m.chapterInputs[m.chapterInputs.length - 1] ?? '';
  if (GIVE_UP.test(latest)) return { met: false, failed: true, reason: 'the player gave up' };
  const keywords = keywordsOf(m.chapter.objective);
  const used = new Set(m.chapterInputs.flatMap((t) => wordsOf(t)));
  const hits = keywords.filter((k) => used.has(k));
  const needed = Math.min(2, keywords.length);
  if (keywords.length > 0 && hits.length >= needed) {
    return { met: true, failed: false, reason: `the player spoke of ${hits.join(', ')}` };
  }
  if (m.turnsInChapter >= OFFLINE_MAX_TURNS_PER_CHAPTER) {
    return { met: true, failed: false, reason: `${m.turnsInChapter} turns in this chapter` };
  }
  return { met: false, failed: false, reason: `objective words used: ${hits.length} of ${needed}` };
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
    async *streamTurn(request: TurnRequest): AsyncIterable<TurnEvent> {
      const m = request.material;
      yield { type: 'emotion', emotion: offlineEmotion(m) };
      const tokens = offlineReply(m).match(/\S+\s*/g) ?? [];
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
  };
}
