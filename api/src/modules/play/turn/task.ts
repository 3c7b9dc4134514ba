import mongoose from 'mongoose';
import { DialogueStatus, DialogueType, ErrorCode, type Emotion } from 'shared-kit';
import { ChatFailure, chatForChoice, historyTokens, type ChatProvider, type JudgeMaterial, type JudgeVerdict, type TurnMaterial } from '../../../ai/chat';
import type { ChatSettings } from '../../../config';
import type { Account } from '../../../lib/context';
import type { Logger } from '../../../lib/logger';
import type { PlayContext } from '../context';
import { Dialogue, type DialogueFields } from '../dialogue.model';
import { appendDialogues } from '../dialogues';
import { directorStep } from './director';
import { graphStep, judgeRules } from '../graph/director';
import { playGraphOf, type PlayVars } from '../graph/model';
import { buildJudgeMaterial, buildMaterial, isSpoken, lineOf } from './material';
import type { LiveReplies } from '../stream/live';
import type { CheckText } from './moderation';
import { Play, type PlayFields } from '../play.model';
import { ReplyGuard, type ReplyWordList } from './replyGuard';
import { rowsBetween } from './rows';
import { OpenedReply } from './opening';
import { revisionOf, type TurnRows } from './rowCache';
import { finishRegeneration, type Regeneration } from './alternatives';
import { watchForStop } from './stop';
import { BOT_CHAT_NODE_ID, type PlayableStory } from '../stories/story.source';
import { recordReplyDebug } from '../memory/debug';

export interface TurnDeps {
  chat: ChatProvider;
  chatSettings: ChatSettings;
  live: LiveReplies;
  checkText: CheckText;
  /** The forbidden-word lists every chunk of a reply is checked against before it is shown or stored. */
  replyWords: ReplyWordList;
  logger: Logger;
  now: () => number;
}

export interface TurnJob {
  play: PlayFields;
  story: PlayableStory;
  groupId: string;
  replyId: string;
  replySeq: number;
  speakerId: string;
  /** The rows the send stored (Input and reply), for streams attaching in this process. */
  rows: DialogueFields[];
  /** The play's prompt rows as the turn found them, then as it writes them (null when they could not be read). */
  history: TurnRows | null;
  /** A finished reply written again: how its row ends (alternatives.ts). */
  regen?: Regeneration;
}

/**
 * What a turn needs from the play module's context; with the player's account, the chat asks for the model they
 * chose (a members-only one while they are a member), read from the account already held: no database command.
 */
export function turnDeps(ctx: PlayContext, user?: Account): TurnDeps {
  const chat = user ? chatForChoice(ctx.chat, ctx.config.chatModels, user, ctx.now()) : ctx.chat;
  return { chat, chatSettings: ctx.config.chat, live: ctx.live, checkText: ctx.checkText, replyWords: ctx.replyWords, logger: ctx.logger, now: ctx.now };
}

/**
 * Flushes of a streaming reply: at most one write in flight, at least every FLUSH_CHARS, and words shown are
 * stored within about FLUSH_MS (so another process can serve them if this one stops).
 */
const FLUSH_MS = 50;
const FLUSH_CHARS = 200;

/** Replies being written now, so shutdown and tests can wait for them. */
const running = new Set<Promise<void>>();
export function runningTurns(): Promise<void> {
  return Promise.allSettled([...running]).then(() => undefined);
}

function track(work: Promise<void>): void {
  const task = work.finally(() => running.delete(task));
  running.add(task);
}

/**
 * Starts writing the reply in the background; the caller answers the request at once. `opened` is the model
 * request already under way for this turn (its events are held until now); without it the task opens one.
 */
export function startTurn(deps: TurnDeps, job: TurnJob, opened?: OpenedReply): void {
  track(runTurn(deps, job, opened));
}

/** Opens the model request for a turn that is not stored yet; see OpenedReply. */
export function openReply(deps: Pick<TurnDeps, 'chat' | 'chatSettings'>, material: TurnMaterial): OpenedReply {
  const opened = new OpenedReply(deps.chat, deps.chatSettings, material);
  track(opened.settled);
  return opened;
}

async function runTurn(deps: TurnDeps, job: TurnJob, early?: OpenedReply): Promise<void> {
  const log = deps.logger.child({ play_id: job.play.play_id, dialogue_id: job.replyId });
  const { live } = deps;
  const playId = job.play.play_id;
  live.open(playId, job.replyId, job.replySeq, { uid: job.play.uid, play: job.play, story: job.story, rows: job.rows });
  live.emit(playId, { type: 'turn', dialogue_id: job.replyId, seq: job.rows[0]!.seq });
  const guard = new ReplyGuard(deps.replyWords);
  /** Everything the model sent: the record. Players only ever get `guard.shown`. */
  let content = '';
  let emotion: Emotion | undefined;
  let flushedLen = 0;
  let lastFlush = deps.now();
  let inFlight: Promise<unknown> | null = null;
  let later: NodeJS.Timeout | null = null;

  const flush = () => {
    if (later) clearTimeout(later);
    later = null;
    if (inFlight) return;
    const snapshot = guard.shown;
    const set: Record<string, unknown> = { content: snapshot, updated_at: new Date(deps.now()) };
    if (emotion) set.emotion = emotion;
    // A row the player asked to stop (through any process) no longer matches: the reply stops.
    inFlight = Dialogue.updateOne({ dialogue_id: job.replyId, done: false, stop_requested: mongoose.trusted({ $ne: true }) }, { $set: set })
      .then((r) => (r.matchedCount === 0 ? stop() : (flushedLen = snapshot.length)))
      .catch((err: unknown) => log.warn({ err }, 'reply flush failed'))
      .finally(() => (inFlight = null));
    lastFlush = deps.now();
  };
  /** No flush is pending or in flight any more: the reply's own writes follow. */
  const flushesOver = async () => {
    if (later) clearTimeout(later);
    later = null;
    if (inFlight) await inFlight;
  };
  /** Words shown and not stored yet are flushed once the write in flight (if any) is over. */
  const flushSoon = () => {
    later ??= setTimeout(() => {
      later = null;
      if (inFlight) flushSoon();
      else if (guard.shown.length > flushedLen) flush();
    }, FLUSH_MS);
  };
  const release = (text: string) => {
    if (text === '') return;
    live.append(playId, job.replyId, text);
    if (deps.now() - lastFlush >= FLUSH_MS || guard.shown.length - flushedLen >= FLUSH_CHARS) flush();
    else flushSoon();
  };
  /**
   * Writes the reply's row as finished, and tells this process's streams: the row as written comes back with the
   * write. The turn's copy of the rows follows only what MongoDB acknowledged.
   */
  const storeReply = async (end: { content: string; status: DialogueStatus; emotion?: Emotion; error_code?: number; error_reason?: string }) => {
    // A regenerated reply keeps its texts: a clean one joins them, anything else puts the shown one back.
    const set = job.regen ? finishRegeneration(job.regen, end, deps.now()) : end;
    let stored: DialogueFields | null;
    try {
      stored = await Dialogue.findOneAndUpdate(
        { dialogue_id: job.replyId },
        { $set: { ...set, done: true, updated_at: new Date(deps.now()) }, $unset: { stop_requested: 1 } },
        { new: true },
      ).lean<DialogueFields>();
    } catch (err) {
      job.history?.lose();
      throw err;
    }
    if (stored) job.history?.wrote([stored]);
    else job.history?.lose();
    live.emit(playId, stored ? { type: 'stored', rows: [stored] } : { type: 'stored' });
  };
  /** Ends the reply as SecurityFail: kept for the record, never shown, never in a prompt. */
  const refuse = async (detail: string) => {
    await flushesOver();
    await storeReply({
      content,
      ...(emotion ? { emotion } : {}),
      status: DialogueStatus.SecurityFail,
      error_code: ErrorCode.SecurityFail,
      error_reason: detail,
    });
    log.warn({ detail }, 'reply stopped by moderation');
  };

  /** The player stopped the reply (stop.ts): the model request closes, the words shown stay, the turn ends. */
  let stopped = false;
  let current = early;
  const stop = () => {
    stopped = true;
    current?.stop();
  };
  const unwatch = watchForStop(job.replyId, stop, () => deps.now() - lastFlush);

  try {
    const opened = (current ??= openReply(deps, await buildMaterial(job.play, job.story, job.speakerId, job.replySeq - 1)));
    if (stopped) opened.stop();
    let tripped: string | null = null;
    // Leaving the loop early closes the provider's stream, which cancels the model request.
    for await (const event of opened) {
      if (event.type === 'emotion') {
        emotion = event.emotion;
        live.setEmotion(playId, job.replyId, event.emotion);
        continue;
      }
      content += event.text;
      const step = guard.push(event.text);
      if (step.flagged !== null) {
        tripped = step.flagged;
        break;
      }
      release(step.release);
    }
    if (stopped && tripped === null) {
      await flushesOver();
      // Only the words shown are kept (text held back by the word lists is not).
      const kept = guard.shown;
      if (kept.trim() === '') await storeReply({ content: '', status: DialogueStatus.Fail, error_code: ErrorCode.ModelStreamError, error_reason: 'stopped by the player' });
      else await storeReply({ content: kept, ...(emotion ? { emotion } : {}), status: DialogueStatus.Normal });
      return;
    }
    if (tripped === null && content.trim() === '') throw new ChatFailure('empty', 'the storyteller sent an empty answer');
    if (tripped === null) {
      const last = guard.finish();
      if (last.flagged !== null) tripped = last.flagged;
      else release(last.release);
    }
    if (tripped !== null) {
      await refuse(`listed word "${tripped}"`);
      return;
    }
    await flushesOver();
    // The model moderation (when configured) sees the whole reply; the word lists already saw every chunk.
    const check = await deps.checkText(content);
    const status = check.flagged ? DialogueStatus.SecurityFail : DialogueStatus.Normal;
    await storeReply({ content, ...(emotion ? { emotion } : {}), status, error_code: check.flagged ? ErrorCode.SecurityFail : 0, error_reason: check.detail });
    if (!check.flagged) {
      const verdict = await direct(deps, job, log);
      // A test play of a draft keeps what its creator's debug view shows (memory/debug.ts); other plays nothing.
      if (job.play.is_draft) {
        const ttftMs = opened.firstEventAt === null ? null : opened.firstEventAt - opened.openedAt;
        await recordReplyDebug({ play: job.play, replyId: job.replyId, replySeq: job.replySeq, material: opened.material, ttftMs, verdict, chat: deps.chat, settings: deps.chatSettings, now: deps.now() }).catch(
          (err: unknown) => log.warn({ err }, 'debug record failed'),
        );
      }
    }
  } catch (err) {
    // The failure is written over the reply whatever it held, even when it was already finished.
    const failure = err instanceof ChatFailure ? err : new ChatFailure('network', err instanceof Error ? err.message : 'reply failed', { cause: err });
    if (!(err instanceof ChatFailure)) log.error({ err }, 'reply task failed');
    else log.warn({ kind: failure.kind, code: failure.code, reason: failure.message }, 'reply failed');
    await flushesOver();
    const listed = guard.check(content);
    if (listed !== null) {
      // Text held back when the model failed may be the start of a listed phrase: the record stays hidden.
      await refuse(`listed word "${listed}"`).catch((e: unknown) => log.error({ err: e }, 'could not record the refused reply'));
      return;
    }
    // The partial text stays for the record, but a Fail dialogue never enters a prompt and the player may retry.
    await storeReply({ content, status: DialogueStatus.Fail, error_code: failure.code, error_reason: failure.message }).catch((e: unknown) =>
      log.error({ err: e }, 'could not record the failed reply'),
    );
  } finally {
    unwatch();
    if (later) clearTimeout(later);
    live.close(job.replyId);
    const released = await releasePlay(job).catch((e: unknown) => void log.error({ err: e }, 'could not release the play'));
    live.emit(playId, released ? { type: 'end', play: released } : { type: 'end' });
  }
}

/**
 * Releases the play, bumping its rows' revision, and returns it as released (for this process's streams of the
 * turn); the turn's copy of the rows is kept at the new revision when no one else wrote since the claim. A hold
 * taken away meanwhile (a reply reaped by another process) may have let rows of this turn land after that release:
 * the revision is bumped once more, and nothing is returned.
 */
async function releasePlay(job: TurnJob): Promise<PlayFields | undefined> {
  const playId = job.play.play_id;
  const released = await Play.findOneAndUpdate(
    { play_id: playId, pending_group_id: job.groupId },
    { $set: { pending_group_id: null }, $inc: { history_rev: 1 } },
    { new: true },
  ).lean<PlayFields>();
  if (released) {
    job.history?.released(revisionOf(released));
    return released;
  }
  await Play.updateOne({ play_id: playId }, { $inc: { history_rev: 1 } });
  return undefined;
}

/**
 * After a clean reply: the director's verdict, then folding old turns when the prompt would grow too long. The play
 * is not read again: while the turn holds it, only the turn changes what the director and folding use, so it is the
 * play as the claim returned it with the turn's own changes (`job.play`). Every write of theirs is conditional on the
 * hold: a hold taken away meanwhile (a reply reaped by another process) writes nothing and ends the director there.
 * The rows come from the turn's copy when it holds them all.
 */
async function direct(deps: TurnDeps, job: TurnJob, log: Logger): Promise<JudgeVerdict | null> {
  let play = job.play;
  const known = job.history?.since(Math.min(play.summary_upto_seq, play.chapter_start_seq)) ?? null;
  let verdict;
  let material: JudgeMaterial | null = null;
  const graph = playGraphOf(job.story.content);
  let rules: Promise<PlayVars> | null = null;
  if (job.story.content.nodes[play.chapter_index]?.node_id === BOT_CHAT_NODE_ID) {
    // A bot's chat has no objective to judge: it goes on until the player leaves.
    verdict = { met: false, failed: false, reason: 'a bot chat has no objective' };
  } else {
    try {
      material = await buildJudgeMaterial(play, job.story, job.speakerId, job.replySeq, known);
      // A branching story's rules are judged beside the objective (graph/director.ts).
      if (graph) rules = judgeRules(deps.chat, graph, job, play, material, log);
      verdict = await deps.chat.judge(material);
    } catch (err) {
      log.warn({ err }, 'objective judgement failed; treated as not met');
      verdict = { met: false, failed: false, reason: 'judge failed' };
    }
  }
  if (graph && material) {
    // A branching story: its rules and its map decide (graph/director.ts).
    const moved = await graphStep(deps.chat, graph, job, play, verdict, material, rules, deps.now(), log).catch(lost(job));
    play = moved.play;
    if (moved.rows.length > 0) {
      job.history?.wrote(moved.rows);
      log.info({ verdict, added: moved.rows.map((d) => d.type) }, 'director moved the story');
      deps.live.emit(play.play_id, { type: 'stored', rows: moved.rows });
    }
  } else {
    const step = directorStep(play, job.story, verdict, deps.now());
    if (step.dialogues.length > 0) {
      // The next chapter starts at its target's row, numbered after the play's last row.
      const set = step.targetIndex === null ? step.set : { ...step.set, chapter_start_seq: play.next_seq + 1 + step.targetIndex };
      const docs = await appendDialogues(play, job.groupId, step.dialogues, deps.now(), set).catch(lost(job));
      if (docs === null) return null;
      job.history?.wrote(docs);
      // The play as these writes left it.
      play = { ...play, ...(set as Partial<PlayFields>), next_seq: docs[docs.length - 1]!.seq };
      log.info({ verdict, added: step.dialogues.map((d) => d.type) }, 'director moved the story');
      deps.live.emit(play.play_id, { type: 'stored', rows: docs });
    }
  }
  await fold(deps, job, log, play).catch((err: unknown) => log.warn({ err }, 'folding older turns failed; will try again next turn'));
  return verdict;
}

/**
 * Keeps the unfolded conversation under half of the prompt's room: past that, the oldest lines are summarised into
 * a Summary dialogue until a quarter remains. Any play length then fits the model's context. `play` is the play as
 * the director left it.
 */
async function fold(deps: TurnDeps, job: TurnJob, log: Logger, play: PlayFields): Promise<void> {
  const room = Math.max(0, deps.chatSettings.contextTokens - deps.chatSettings.replyTokens);
  const known = job.history?.since(play.summary_upto_seq)?.filter((d) => d.seq <= play.next_seq);
  const rows = (known ?? (await rowsBetween(play.play_id, play.summary_upto_seq, play.next_seq))).filter((d) => d.done);
  const spoken = rows.filter(isSpoken);
  const lines = spoken.map((d) => lineOf(d, job.story));
  if (historyTokens(lines) <= room * 0.5) return;
  let cut = 0;
  while (cut < lines.length - 1 && historyTokens(lines.slice(cut)) > room * 0.25) cut += 1;
  if (cut === 0) return;
  const folded = lines.slice(0, cut);
  const uptoSeq = spoken[cut - 1]!.seq;
  const summary = await deps.chat.summarise({ previousSummary: play.summary, lines: folded });
  const docs = await appendDialogues(
    play,
    job.groupId,
    [{ type: DialogueType.Summary, role: 'system', node_id: play.node_id, content: summary, covers_upto_seq: uptoSeq }],
    deps.now(),
    { summary, summary_upto_seq: uptoSeq },
  ).catch(lost(job));
  if (docs === null) return;
  job.history?.wrote(docs);
  job.history?.folded(uptoSeq);
  deps.live.emit(play.play_id, { type: 'stored', rows: docs });
  log.info({ folded: cut, upto_seq: uptoSeq }, 'older turns folded into a summary');
}

/** A failed write of rows: the turn's copy of them is not kept (the error goes on). */
function lost(job: TurnJob) {
  return (err: unknown): never => {
    job.history?.lose();
    throw err;
  };
}
