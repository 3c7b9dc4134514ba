import { ErrorCode } from 'shared-kit';
import { assemblePrompt, countTokens, historyTokens, type ChatProvider, type JudgeVerdict, type TurnMaterial } from '../../../ai/chat';
import type { ChatSettings } from '../../../config';
import { AppError } from '../../../lib/errors';
import { Play, type PlayFields } from '../play.model';
import { PlayDebug, type PlayDebugFields } from './debug.model';

/** Tokens of each part of the prompt a reply got, as assemblePrompt built it from `m`. */
export function promptParts(m: TurnMaterial, settings: Pick<ChatSettings, 'contextTokens' | 'replyTokens'>) {
  const prompt = assemblePrompt(m, settings);
  const story = countTokens(
    [m.storyName, m.introduction, m.storySummary, m.chapter.content, m.chapter.objective, m.player.name, m.player.settings, ...m.characters.flatMap((c) => [c.name, c.settings, c.style])].join('\n'),
  );
  const summary = countTokens(m.runningSummary);
  const pins = countTokens((m.pins ?? []).join('\n'));
  const depth = m.worldInfo?.atDepth ?? [];
  const lorebook = countTokens([m.worldInfo?.before ?? '', m.worldInfo?.after ?? '', ...depth.map((d) => d.text)].join('\n'));
  const recent = historyTokens(m.history.slice(m.history.length - prompt.includedLines));
  const system = Math.max(0, prompt.tokens - story - summary - pins - lorebook - recent);
  const entries = [m.worldInfo?.before ?? '', m.worldInfo?.after ?? '', ...depth.map((d) => d.text)].flatMap((t) => t.split('\n')).filter((t) => t.trim() !== '');
  return { parts: { system, story, summary, pins, lorebook, recent_lines: recent, total: prompt.tokens }, recentLineCount: prompt.includedLines, entries };
}

export interface ReplyDebug {
  play: Pick<PlayFields, 'play_id' | 'is_draft'>;
  replyId: string;
  replySeq: number;
  material: TurnMaterial;
  ttftMs: number | null;
  verdict: JudgeVerdict | null;
  chat: ChatProvider;
  settings: ChatSettings;
  now: number;
}

/** Records a reply of a test play of a draft (nothing for any other play). */
export async function recordReplyDebug(r: ReplyDebug): Promise<void> {
  if (!r.play.is_draft) return;
  const { parts, recentLineCount, entries } = promptParts(r.material, r.settings);
  await PlayDebug.create({
    play_id: r.play.play_id,
    dialogue_id: r.replyId,
    seq: r.replySeq,
    parts,
    recent_line_count: recentLineCount,
    lorebook_entries: entries.map((e) => e.slice(0, 200)).slice(0, 20),
    verdict: r.verdict ? { met: r.verdict.met, failed: r.verdict.failed, reason: r.verdict.reason } : null,
    model: r.chat.model,
    ttft_ms: r.ttftMs === null ? null : Math.round(r.ttftMs),
    at: new Date(r.now),
  });
}

/**
 * `GET play/debug` (ours; the spec's play panel debug): the newest 50 replies' records of a test play of a draft.
 * Only the story's creator, who alone plays its drafts: anyone else, or a play that is not a draft's, gets 1201.
 */
export async function playDebug(uid: string, playId: string) {
  const play = await Play.findOne({ play_id: playId }, { play_id: 1, uid: 1, is_draft: 1 }).lean<Pick<PlayFields, 'play_id' | 'uid' | 'is_draft'>>();
  if (!play) throw new AppError(ErrorCode.RecordNotFound, 'No such play');
  if (play.uid !== uid || !play.is_draft) throw new AppError(ErrorCode.NoPermission, 'Only the story’s creator sees the debug view of a test play');
  const rows = await PlayDebug.find({ play_id: play.play_id }).sort({ seq: -1 }).limit(50).lean<PlayDebugFields[]>();
  return {
    play_id: play.play_id,
    replies: rows.map((d) => ({
      dialogue_id: d.dialogue_id,
      seq: d.seq,
      parts: d.parts,
      recent_line_count: d.recent_line_count,
      lorebook_entries: d.lorebook_entries,
      verdict: d.verdict,
      model: d.model,
      ttft_ms: d.ttft_ms,
      at: new Date(d.at).toISOString(),
    })),
  };
}
