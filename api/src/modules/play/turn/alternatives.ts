import { DialogueStatus, Emotion, ErrorCode } from 'shared-kit';
import type { ReplyAlternative } from '../dialogue.model';

/** What a regeneration takes over: the texts the reply keeps, and the one shown before it began. */
export interface Regeneration {
  alternatives: ReplyAlternative[];
  shown: number;
}

interface Ending {
  content: string;
  status: DialogueStatus;
  emotion?: Emotion;
  error_code?: number;
  error_reason?: string;
}

/**
 * How a regenerated reply's row is finished: a clean text joins its alternatives and is shown; anything else (a
 * failure, a refusal) puts back the text shown before, with the failure's code, so nothing half-written stays.
 */
export function finishRegeneration(regen: Regeneration, end: Ending, now: number): Record<string, unknown> & { content: string; status: DialogueStatus } {
  if (end.status === DialogueStatus.Normal) {
    const emotion = end.emotion ?? Emotion.Neutral;
    return {
      content: end.content,
      emotion,
      status: DialogueStatus.Normal,
      error_code: 0,
      error_reason: '',
      alternatives: [...regen.alternatives, { content: end.content, emotion, created_at: new Date(now) }],
      shown: regen.alternatives.length,
    };
  }
  return restoreShown(regen, end.error_code || ErrorCode.RegenerateError, end.error_reason ?? '');
}

/** The row as it was before the regeneration began, with why the regeneration did not stay. */
export function restoreShown(regen: Regeneration, code: number, reason: string): Record<string, unknown> & { content: string; status: DialogueStatus } {
  const was = regen.alternatives[regen.shown] ?? regen.alternatives[regen.alternatives.length - 1]!;
  return {
    content: was.content,
    emotion: was.emotion,
    status: DialogueStatus.Normal,
    error_code: code,
    error_reason: reason,
    alternatives: regen.alternatives,
    shown: regen.shown,
  };
}
