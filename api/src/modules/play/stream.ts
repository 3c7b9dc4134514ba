import { PassThrough } from 'node:stream';
import { DialogueStatus, ErrorCode } from 'shared-kit';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { PlayContext } from './context';
import { Dialogue, type DialogueFields } from './dialogue.model';
import { dialoguesFrom } from './dialogues';
import type { LiveEvent } from './live';
import { presentDialogue } from './play.presenter';
import { Play, type PlayFields } from './play.model';
import { knownOwner } from './playState';
import { ownPlay, playInfo, storyOfPlay } from './plays';
import type { PlayableStory } from './story.source';
import { reapOrphan } from './task';

/** How long a stream waits for news before reading the database again (replies written by another process). */
const POLL_MS = 250;
const HEARTBEAT_MS = 15_000;
const PAGE = 100;

export interface StreamQuery {
  /** The reply to follow; or, with `play_id` instead, the play's next turn from `seq_st`. */
  dialogue_id?: string;
  play_id?: string;
  seq_st?: number;
  seq_ed?: number;
  offset: number;
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
  const dialogueId = query.dialogue_id ?? (await awaitTurn(pctx, ctx, uid, query.play_id!, query.seq_st ?? 0));
  if (dialogueId === null) return;
  const q = { ...query, dialogue_id: dialogueId };
  const resume = resumePoint(ctx.get('last-event-id'));
  const from = resume?.seq ?? q.seq_st;
  if (q.seq_ed !== undefined && from !== undefined && q.seq_ed < from) throw new AppError(ErrorCode.ClientParamError, 'seq_ed: must not be below seq_st');

  // Events that arrive while the database is being read are queued, so none is missed between the two.
  let wake: (() => void) | null = null;
  const queue: LiveEvent[] = [];
  const listen = (playId: string) =>
    pctx.live.subscribe(playId, (event) => {
      queue.push(event);
      wake?.();
    });
  // A reply being written in this process names its play: listening starts before any read, and the reads go
  // together. Nothing is sent before the play is known to be the caller's.
  const live = pctx.live.get(q.dialogue_id);
  const livePlayId = live?.playId;
  let unsubscribe = livePlayId ? listen(livePlayId) : () => undefined;
  let reply: DialogueFields | null;
  let play: PlayFields;
  let story: PlayableStory;
  let firstRows: DialogueFields[] | null = null;
  const turn = live?.turn;
  const turnReply = turn?.rows[turn.rows.length - 1];
  const startSeq = from ?? turnReply?.seq;
  if (turn && turnReply && turn.uid === uid && startSeq !== undefined && startSeq >= turn.rows[0]!.seq && startSeq <= turnReply.seq) {
    // Nothing was stored since the send: the rows it wrote are the ones to send, and the first text goes out now.
    reply = turnReply;
    play = turn.play;
    story = turn.story;
    firstRows = turn.rows.filter((d) => d.seq >= startSeq);
  } else {
    try {
      const [found, known, rows] = await Promise.all([
        Dialogue.findOne({ dialogue_id: q.dialogue_id }).lean<DialogueFields>(),
        livePlayId ? Play.findOne({ play_id: livePlayId, uid }).lean<PlayFields>() : null,
        livePlayId && from !== undefined ? dialoguesFrom(livePlayId, from, PAGE) : null,
      ]);
      reply = found;
      if (!reply) throw new AppError(ErrorCode.RecordNotFound, 'No such dialogue');
      if (known && known.play_id === reply.play_id) {
        play = known;
        firstRows = rows;
      } else {
        unsubscribe();
        play = await ownPlay(reply.play_id, uid);
        unsubscribe = listen(play.play_id);
      }
      story = await storyOfPlay(play);
    } catch (err) {
      unsubscribe();
      throw err;
    }
  }
  let cursor = from ?? reply.seq;
  let offset = resume ? resume.offset : q.offset;
  if (q.seq_ed !== undefined && q.seq_ed < cursor) {
    unsubscribe();
    throw new AppError(ErrorCode.ClientParamError, 'seq_ed: must not be below seq_st');
  }

  const out = new PassThrough();
  ctx.status = 200;
  ctx.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  ctx.body = out;
  ctx.req.socket.setNoDelay(true);

  let closed = false;
  const send = (event: string, data: unknown, id?: string) => {
    if (closed) return;
    out.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  const stop = () => {
    closed = true;
    unsubscribe();
    wake?.();
  };
  ctx.req.on('close', stop);
  const heartbeat = setInterval(() => !closed && out.write(': keep-alive\n\n'), HEARTBEAT_MS);

  const waitForNews = () =>
    new Promise<void>((resolve) => {
      if (queue.length > 0 || closed) return resolve();
      const timer = setTimeout(done, POLL_MS);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
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
          queue.length = 0;
          rows = await dialoguesFrom(play.play_id, cursor, PAGE);
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
        if (!streaming && rows.length < PAGE) {
          const now = await ownPlay(play.play_id, uid);
          if (now.pending_group_id === null || now.pending_group_id !== reply.group_id) {
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
            let reread = events.length === 0;
            for (const ev of events) {
              if (ev.type === 'delta' && ev.dialogue_id === followed.dialogue_id) {
                const end = ev.offset + ev.text.length;
                if (end > offset && ev.offset <= offset) {
                  send('delta', { dialogue_id: ev.dialogue_id, seq: followed.seq, offset, text: ev.text.slice(offset - ev.offset) }, `${followed.seq}:${end}`);
                  offset = end;
                } else if (ev.offset > offset) reread = true;
              } else if (ev.type !== 'delta' && ev.type !== 'emotion' && ev.type !== 'turn') reread = true;
            }
            if (reread) {
              if (!pctx.live.get(followed.dialogue_id)) await reapOrphan(play.play_id, pctx.live, graceMs, pctx.now());
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
      clearInterval(heartbeat);
      unsubscribe();
      ctx.req.off('close', stop);
      out.end();
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

/**
 * The reply of the play's turn that starts at `seqSt` or later: one being written now, or the next to begin. A
 * client opens this alongside its `message/send`, so the first words need not wait for the send's answer and a
 * second request. Null when the client went away first (nothing is sent then); 1050001 for a play not the caller's
 * or when no turn began in time.
 */
async function awaitTurn(pctx: PlayContext, ctx: AppContext, uid: string, playId: string, seqSt: number): Promise<string | null> {
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
  try {
    if (knownOwner(playId) !== uid) await ownPlay(playId, uid);
    found ??= pctx.live.replyOfPlay(playId, seqSt) ?? (await storedTurn(playId, seqSt));
    const deadline = Date.now() + TURN_WAIT_MS;
    while (!found && !ctx.req.destroyed && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(POLL_MS * 4, deadline - Date.now()));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      if (!found && !ctx.req.destroyed) found = await storedTurn(playId, seqSt);
    }
  } finally {
    unsubscribe();
    ctx.req.off('close', gone);
  }
  if (ctx.req.destroyed) return null;
  if (!found) throw new AppError(ErrorCode.RecordNotFound, 'No reply began in this play');
  return found;
}
