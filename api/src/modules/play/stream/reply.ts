import { DialogueStatus, ErrorCode } from 'shared-kit';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import type { PlayContext } from '../context';
import { Dialogue, type DialogueFields } from '../dialogue.model';
import { dialoguesFrom } from '../dialogues';
import { mergeRows, type LiveEvent } from './live';
import { openEvents, type EventStream } from './events';
import { presentDialogue } from '../stories/play.presenter';
import { Play, type PlayFields } from '../play.model';
import { ownPlay, playInfo, storyOfPlay } from '../session/plays';
import type { PlayableStory } from '../stories/story.source';
import { reapOrphan } from '../turn/reap';
import { withSpeech } from './speech';

/** How long a stream waits for news before reading the database again (replies written by another process). */
const POLL_MS = 250;
const PAGE = 100;

export interface StreamQuery {
  /** The reply to follow; or, with `play_id` instead, the play's next turn from `seq_st`. */
  dialogue_id?: string;
  play_id?: string;
  seq_st?: number;
  seq_ed?: number;
  offset: number;
  /** With `play_id`: the stream opens at once and waits (STREAM_STANDBY_MS) for the play's next turn. */
  standby?: boolean;
}

/** `Last-Event-ID` as sent back by EventSource: "<seq>:<offset>" of the last event received. */
function resumePoint(header: string | undefined): { seq: number; offset: number } | null {
  const m = /^(\d{1,12}):(\d{1,9})$/.exec(header?.trim() ?? '');
  return m ? { seq: Number(m[1]), offset: Number(m[2]) } : null;
}

/**
 * `message/stream_reply` as server-sent events. Sends, from `seq_st` (default: the reply's) and `offset`
 * characters into it: `delta` events with new text, `dialogue` when a dialogue is complete, `error` for a failed
 * reply (with the spec's code), and `done` with the play's state once the turn is over. The stream follows the
 * stored dialogues, so after a dropped connection the same call with the last seq/offset seen loses nothing.
 */
export async function streamReply(pctx: PlayContext, ctx: AppContext, uid: string, query: StreamQuery): Promise<void> {
  if (query.dialogue_id === undefined && query.standby) return standBy(pctx, ctx, uid, query.play_id!, query);
  let dialogueId = query.dialogue_id;
  if (dialogueId === undefined) {
    const playId = query.play_id!;
    await ownPlay(playId, uid);
    const found = await awaitTurn(pctx, ctx, playId, query.seq_st ?? 0, TURN_WAIT_MS);
    if (found === null) return;
    if (found === undefined) throw new AppError(ErrorCode.RecordNotFound, 'No reply began in this play');
    dialogueId = found;
  }
  const start = await startingPoint(pctx, ctx, uid, { ...query, dialogue_id: dialogueId });
  runStream(pctx, ctx, uid, start, openEvents(ctx));
}

/**
 * The standby mode: the stream opens at once and waits for the play's next turn from `seq_st`, begun by a send in
 * this process or another, then follows it like any other. A player's screen keeps one open while the play is
 * idle, so a send's first words come on a connection that is already there. With no turn in time
 * (STREAM_STANDBY_MS) it sends `idle` and ends, and the client opens another. Failures after the stream opened come
 * as `error` events.
 */
async function standBy(pctx: PlayContext, ctx: AppContext, uid: string, playId: string, query: StreamQuery): Promise<void> {
  await ownPlay(playId, uid);
  const events = openEvents(ctx);
  // The headers go out with the first bytes: the client knows at once that the stream is open.
  events.comment('waiting for the next turn');
  void (async () => {
    let start: StartingPoint;
    try {
      const found = await awaitTurn(pctx, ctx, playId, query.seq_st ?? 0, pctx.config.chat.standbyWaitMs, STANDBY_POLL_MS);
      if (found === null || events.closed()) return events.end();
      if (found === undefined) {
        events.send('idle', { play_id: playId, seq_st: query.seq_st ?? 0 });
        return events.end();
      }
      start = await startingPoint(pctx, ctx, uid, { ...query, dialogue_id: found });
    } catch (err) {
      const code = err instanceof AppError ? err.code : ErrorCode.ModelStreamError;
      if (!(err instanceof AppError)) ctx.state.log.error({ err }, 'standby stream failed');
      events.send('error', { status_code: code, status_message: err instanceof AppError ? err.message : 'The stream failed; resume with stream_reply' });
      return events.end();
    }
    runStream(pctx, ctx, uid, start, events);
  })();
}

/** Where a stream starts: the reply, its play and story, and rows already at hand; listening has begun. */
interface StartingPoint {
  reply: DialogueFields;
  play: PlayFields;
  story: PlayableStory;
  firstRows: DialogueFields[] | null;
  /** The reply's turn runs in this process and its events will come (listening began before it ended). */
  local: boolean;
  cursor: number;
  offset: number;
  queue: LiveEvent[];
  wake: { fn: (() => void) | null };
  unsubscribe: () => void;
}

/** Finds the reply and its play (the caller's, else 1050001), starts listening, and checks the range. */
async function startingPoint(pctx: PlayContext, ctx: AppContext, uid: string, query: StreamQuery & { dialogue_id: string }): Promise<StartingPoint> {
  const q = query;
  const resume = resumePoint(ctx.get('last-event-id'));
  const from = resume?.seq ?? q.seq_st;
  if (q.seq_ed !== undefined && from !== undefined && q.seq_ed < from) throw new AppError(ErrorCode.ClientParamError, 'seq_ed: must not be below seq_st');

  // Events that arrive while the database is being read are queued, so none is missed between the two.
  const wake: { fn: (() => void) | null } = { fn: null };
  const queue: LiveEvent[] = [];
  const listen = (playId: string) =>
    pctx.live.subscribe(playId, (event) => {
      queue.push(event);
      wake.fn?.();
    });
  // A reply being written in this process names its play, as does a request's `play_id`: listening starts before
  // any read, and the reads go together. Nothing is sent before the play is known to be the caller's.
  const live = pctx.live.get(q.dialogue_id);
  const livePlayId = live?.playId;
  const knownPlayId = livePlayId ?? q.play_id;
  let unsubscribe = knownPlayId ? listen(knownPlayId) : () => undefined;
  let reply: DialogueFields | null;
  let play: PlayFields;
  let story: PlayableStory;
  let firstRows: DialogueFields[] | null = null;
  let local = false;
  const turn = live?.turn;
  const turnReply = turn?.rows.find((d) => d.dialogue_id === q.dialogue_id);
  const startSeq = from ?? turnReply?.seq;
  if (turn && turnReply && turn.uid === uid && startSeq !== undefined && startSeq >= turn.rows[0]!.seq && startSeq <= turn.rows[turn.rows.length - 1]!.seq) {
    // The turn's rows as stored (live.ts): they are the ones to send, and the first text goes out now.
    reply = turnReply;
    local = true;
    play = turn.play;
    story = turn.story;
    firstRows = turn.rows.filter((d) => d.seq >= startSeq);
  } else {
    try {
      // The play known: it and its rows are read together, the reply among them (else read alone, checked as before).
      const [known, rows] = await Promise.all([
        knownPlayId ? Play.findOne({ play_id: knownPlayId, uid }).lean<PlayFields>() : null,
        knownPlayId && from !== undefined ? dialoguesFrom(knownPlayId, from, PAGE) : null,
      ]);
      reply = (known && rows?.find((d) => d.dialogue_id === q.dialogue_id)) ?? (await Dialogue.findOne({ dialogue_id: q.dialogue_id }).lean<DialogueFields>());
      if (!reply) throw new AppError(ErrorCode.RecordNotFound, 'No such dialogue');
      if (known && known.play_id === reply.play_id) {
        play = known;
        firstRows = rows;
        local = rows !== null && livePlayId !== undefined; // events come only from a turn written here
      } else {
        unsubscribe();
        queue.length = 0; // events of a play named wrongly
        play = await ownPlay(reply.play_id, uid);
        unsubscribe = listen(play.play_id);
      }
      story = await storyOfPlay(play);
    } catch (err) {
      unsubscribe();
      throw err;
    }
  }
  const cursor = from ?? reply.seq;
  const offset = resume ? resume.offset : q.offset;
  if (q.seq_ed !== undefined && q.seq_ed < cursor) {
    unsubscribe();
    throw new AppError(ErrorCode.ClientParamError, 'seq_ed: must not be below seq_st');
  }
  return { reply, play, story, firstRows, local, cursor, offset, queue, wake, unsubscribe };
}

/**
 * Whether a play read shows every row of its turns sent: no turn holds it, so every row it numbered is stored, and
 * the stream's cursor is past them all (rows are numbered below `next_seq`).
 */
const over = (play: PlayFields, cursor: number) => play.pending_group_id === null && cursor >= play.next_seq;

/** Sends the turn from the starting point as it is stored and written, until it is over; see streamReply. */
function runStream(pctx: PlayContext, ctx: AppContext, uid: string, start: StartingPoint, spoken: EventStream): void {
  const { reply, play, story, queue, wake } = start;
  const events = withSpeech(ctx, uid, story, spoken);
  let { firstRows, cursor, offset } = start;
  // The play as read when the stream started: when it already showed the turn over, the end needs no read of it.
  let held: PlayFields | null = play;
  // While the turn runs in this process, its events bring every row it stores and, at its end, the play as released
  // (live.ts): the stream follows them without reading. Anything else (an event without them, words missed, an end
  // that does not close the turn) goes back to reading the database.
  let local = start.local;
  let learned: DialogueFields[] = [];
  let ended = null as PlayFields | null;
  /** Takes in an event other than the reply's words: true when something was stored or the turn ended. */
  const absorb = (ev: LiveEvent): boolean => {
    if (ev.type === 'stored') {
      if (ev.rows) learned = mergeRows(learned, ev.rows);
      else local = false;
    } else if (ev.type === 'end') {
      if (ev.play) ended = ev.play;
      else local = false;
    } else return false;
    return true;
  };
  const send = events.send;
  let closed = events.closed();
  events.onClose(() => {
    closed = true;
    start.unsubscribe();
    wake.fn?.();
  });

  const waitForNews = () =>
    new Promise<void>((resolve) => {
      if (queue.length > 0 || closed) return resolve();
      const timer = setTimeout(done, POLL_MS);
      function done() {
        clearTimeout(timer);
        wake.fn = null;
        resolve();
      }
      wake.fn = done;
    });

  const graceMs = pctx.config.chat.timeoutMs * (pctx.config.chat.retries + 2) + 5000;

  void (async () => {
    try {
      for (;;) {
        let rows: DialogueFields[];
        if (firstRows) {
          // Read after listening started: what the queue holds came after it, so it stays.
          rows = firstRows;
          firstRows = null;
        } else {
          if (local) for (const ev of queue.splice(0)) absorb(ev);
          if (local) rows = learned.filter((d) => d.seq >= cursor);
          else {
            queue.length = 0;
            rows = await dialoguesFrom(play.play_id, cursor, PAGE);
          }
          learned = [];
        }
        let streaming: DialogueFields | null = null;
        for (const d of rows) {
          if (closed) return;
          if (d.seq !== cursor) {
            // A backtrack removed what we were following.
            if (d.seq < cursor) continue;
            cursor = d.seq;
            offset = 0;
          }
          if (!d.done) {
            const text = pctx.live.get(d.dialogue_id)?.content ?? d.content;
            if (text.length > offset) {
              send('delta', { dialogue_id: d.dialogue_id, seq: d.seq, offset, text: text.slice(offset) }, `${d.seq}:${text.length}`);
              offset = text.length;
            }
            streaming = d;
            break;
          }
          const shown = presentDialogue(d, story.content);
          if (shown.content.length > offset && d.status !== DialogueStatus.Fail) {
            send('delta', { dialogue_id: d.dialogue_id, seq: d.seq, offset, text: shown.content.slice(offset) }, `${d.seq}:${shown.content.length}`);
          }
          send('dialogue', shown, `${d.seq + 1}:0`);
          if (d.status === DialogueStatus.Fail || d.status === DialogueStatus.SecurityFail) {
            send('error', { dialogue_id: d.dialogue_id, seq: d.seq, status_code: d.error_code || ErrorCode.ModelServiceError, status_message: d.error_reason || 'The reply failed' });
          }
          cursor = d.seq + 1;
          offset = 0;
        }
        if (closed) return;
        if (!streaming && rows.length < PAGE && local && !(held && over(held, cursor))) {
          held = null;
          // The turn's end closes it when every row it stored was sent, the reply's included.
          if (ended && over(ended, cursor) && cursor > reply.seq) {
            send('done', { play_info: await playInfo(pctx, ended, story), last_seq: ended.next_seq });
            return;
          }
          // An end that does not close the turn: read what is stored. Else the turn still runs: its next event comes.
          if (ended) local = false;
          else await waitForNews();
          continue;
        }
        if (!streaming && rows.length < PAGE) {
          const now = held && over(held, cursor) ? held : await ownPlay(play.play_id, uid);
          held = null;
          if (now.pending_group_id === null || now.pending_group_id !== reply.group_id) {
            if (over(now, cursor)) {
              send('done', { play_info: await playInfo(pctx, now, story), last_seq: now.next_seq });
              return;
            }
            // The turn may have stored more after our read; read once more before finishing.
            const tail = await dialoguesFrom(play.play_id, cursor, 1);
            if (tail.length === 0) {
              send('done', { play_info: await playInfo(pctx, now, story), last_seq: now.next_seq });
              return;
            }
            continue;
          }
        }
        if (streaming) {
          // Forward live tokens of the reply until it is stored or something else happens.
          const followed = streaming;
          for (;;) {
            await waitForNews();
            if (closed) return;
            const events = queue.splice(0);
            // A quiet while: another process may have stored something, unless the turn runs here.
            let reread = events.length === 0 && !local;
            for (const ev of events) {
              if (ev.type === 'delta' && ev.dialogue_id === followed.dialogue_id) {
                const end = ev.offset + ev.text.length;
                if (end > offset && ev.offset <= offset) {
                  send('delta', { dialogue_id: ev.dialogue_id, seq: followed.seq, offset, text: ev.text.slice(offset - ev.offset) }, `${followed.seq}:${end}`);
                  offset = end;
                } else if (ev.offset > offset) {
                  // Words missed: read them back.
                  local = false;
                  reread = true;
                }
              } else if (absorb(ev)) reread = true;
            }
            if (reread) {
              if (!local && !pctx.live.get(followed.dialogue_id)) await reapOrphan(play.play_id, pctx.live, graceMs, pctx.now());
              break;
            }
          }
        } else {
          await waitForNews();
        }
      }
    } catch (err) {
      ctx.state.log.error({ err }, 'reply stream failed');
      send('error', { status_code: ErrorCode.ModelStreamError, status_message: 'The stream failed; resume with stream_reply' });
    } finally {
      start.unsubscribe();
      events.end();
    }
  })();
}

/**
 * A turn from `seqSt` already in the database (written by another process, or over before the stream came): its
 * unfinished dialogue, else its first one. The stream then sends what is stored and ends as usual.
 */
async function storedTurn(playId: string, seqSt: number): Promise<string | undefined> {
  const rows = await dialoguesFrom(playId, seqSt, 3);
  return (rows.find((d) => !d.done) ?? rows[0])?.dialogue_id;
}

/** How long a stream opened with `play_id` waits for its turn to begin (the send that starts it is on its way). */
const TURN_WAIT_MS = 15_000;
/** How often a standby stream looks for a turn begun by another process (one in this process is seen at once). */
const STANDBY_POLL_MS = 2_000;

/**
 * The reply of the play's turn that starts at `seqSt` or later: one being written now, or the next to begin within
 * `waitMs` (undefined when none did). Turns in this process are seen at once; one begun by another process when the
 * database is next read, every `pollMs`. Null when the client went away first.
 */
async function awaitTurn(pctx: PlayContext, ctx: AppContext, playId: string, seqSt: number, waitMs: number, pollMs = POLL_MS * 4): Promise<string | null | undefined> {
  let found: string | undefined;
  let wake: (() => void) | null = null;
  const unsubscribe = pctx.live.subscribe(playId, (event) => {
    if (event.type === 'turn' && event.seq >= seqSt) {
      found = event.dialogue_id;
      wake?.();
    }
  });
  const gone = () => wake?.();
  ctx.req.on('close', gone);
  // A turn that began while the database was read must not be overwritten by the read's older answer.
  const look = async () => {
    const stored = await storedTurn(playId, seqSt);
    found ??= stored;
  };
  try {
    found ??= pctx.live.replyOfPlay(playId, seqSt);
    if (!found) await look();
    const deadline = Date.now() + waitMs;
    while (!found && !ctx.req.destroyed && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(pollMs, deadline - Date.now()));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      if (!found && !ctx.req.destroyed) await look();
    }
  } finally {
    unsubscribe();
    ctx.req.off('close', gone);
  }
  if (ctx.req.destroyed) return null;
  return found;
}
