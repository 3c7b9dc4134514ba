import type { StateCreator } from 'zustand';
import { PlayStatus } from 'shared-kit';
import { errorText } from '../../lib/errors';
import * as playService from '../../services/play.service';
import type { StreamEvent } from '../../services/stream.service';
import { applyDelta, placeholder, resumePoint, settleFrom, trimRetracted, upsertDialogues } from './assemble';
import { isLasting, streamSettings, untilAborted, wait, type Connection } from './connection';
import { speechBridge } from './speech';
import { createStandby, type StandbyHandoff } from './standby';
import { streamInitial, type GetPlay, type PlayState, type SetPlay, type StreamSlice } from './state';

/*
 * The reply relay: a turn's `stream_reply` followed as it is written, picked up again when it drops, and the
 * play's stored state read once the turn is over. The standby stream (standby.ts) hands its connection over here
 * when a turn begins on it.
 */

/** What a stream follows: a reply, or a play's next turn until the send's answer names its reply. */
export interface FollowTarget {
  dialogueId?: string;
  playId?: string;
  /** Set by `follow`: running while it follows, over once it stopped (the turn ended, or the play was left). */
  state?: 'running' | 'over';
  /** A turn begun in another tab or device: no send's answer will name its speaker. */
  elsewhere?: boolean;
}

export interface PlayStream {
  /** The play screen open now: bumped by `newSession` (open and leave), so work for a screen that is gone stops. */
  session: () => number;
  newSession: () => number;
  /** Bumped by every stop, so a stream about to open for a play that was left or reset does not. */
  generation: () => number;
  /**
   * Follows a reply as it is written. A dropped connection picks up from the last sequence number and character
   * shown; after the last retry the stored state is read instead, so nothing is lost either way. With `attach`, the
   * first connection is one already open (the standby's); ending the follow closes it.
   */
  follow: (target: FollowTarget, fromSeq: number, options?: { seqEd?: number; attach?: Connection }) => Promise<void>;
  /** Closes every stream: the turn's and the standby. */
  stop: () => void;
  standby: StandbyHandoff;
  /** Who is answering (and whether it is narration) is stored with the reply before its first word. */
  learnSpeaker: (playId: string, seq: number) => Promise<void>;
  /** The ending's details, once the play is over. */
  loadEnding: () => Promise<void>;
  /** The rows stored from `fromSeq` and where the play stands (a choice that led to another choice or an ending). */
  refresh: (fromSeq: number) => Promise<void>;
}

/** The stream slice: whether a reply is being followed, and whether its stream is being picked up again. */
export const createStreamSlice: StateCreator<PlayState, [], [], StreamSlice> = () => ({ ...streamInitial });

export function createPlayStream(set: SetPlay, get: GetPlay): PlayStream {
  let streamAbort: AbortController | null = null;
  let generation = 0;
  let session = 0;
  const standby = createStandby({
    get,
    isCurrent: (s) => s === session,
    followElsewhere: (playId, seqSt, connection) => void follow({ playId, elsewhere: true }, seqSt, { attach: connection }),
  });

  function stop(): void {
    generation += 1;
    streamAbort?.abort();
    streamAbort = null;
    standby.close();
  }

  async function loadEnding(): Promise<void> {
    const info = get().info;
    if (!info || (info.status !== PlayStatus.Ending && !info.ending)) return;
    try {
      const ending = await playService.endingInfo(info.play_id);
      if (get().info?.play_id === ending.play_id) set({ ending });
    } catch {
      // The play's own ending text is shown without the extra details.
    }
  }

  /**
   * After a turn: whatever the director stored (a new chapter, an ending) and where the play now stands. The stored
   * rows replace what was streamed, so words the server took back do not stay on screen.
   */
  async function refreshFrom(fromSeq: number): Promise<void> {
    const info = get().info;
    if (!info) return;
    try {
      const [page, fresh] = await Promise.all([
        playService.dialogueList(info.play_id, { seqSt: fromSeq, count: 200 }),
        playService.playInfo(info.play_id),
      ]);
      if (get().info?.play_id !== info.play_id) return;
      set({ dialogues: settleFrom(get().dialogues, fromSeq, page), info: fresh, sendLimit: fresh.send_limit ?? get().sendLimit });
      await loadEnding();
    } catch (error) {
      set({ actionError: errorText(error) });
    }
  }

  async function learnSpeaker(playId: string, seq: number): Promise<void> {
    try {
      const page = await playService.dialogueList(playId, { seqSt: seq, count: 1 });
      if (get().info?.play_id === playId) set({ dialogues: upsertDialogues(get().dialogues, page.dialogues.filter((d) => d.seq === seq)) });
    } catch {
      // The name arrives with the finished reply anyway.
    }
  }

  async function follow(target: FollowTarget, fromSeq: number, options: { seqEd?: number; attach?: Connection } = {}): Promise<void> {
    stop();
    const ownGeneration = generation;
    const ownSession = session;
    const abort = new AbortController();
    streamAbort = abort;
    target.state = 'running';
    const { seqEd } = options;
    set({ streaming: true, reconnecting: false });
    let finished = false;
    let resync = false;
    let idled = false;
    let idleRetried = false;
    const onEvent = (event: StreamEvent): void => {
      if (abort.signal.aborted) return;
      if (event.type === 'delta') {
        const outcome = applyDelta(get().dialogues, event);
        if (outcome.applied) set({ dialogues: outcome.list, reconnecting: false });
        // The first words of a reply can come before the send's answer names it: its bubble starts here.
        else if (outcome.reason === 'unknown' && event.offset === 0 && event.seq !== undefined && target.playId) {
          const start = { ...placeholder(target.playId, event.dialogue_id, event.seq, ''), content: event.text };
          set({ dialogues: upsertDialogues(get().dialogues, [start]), reconnecting: false });
          // No send's answer comes for a turn begun elsewhere to say who is speaking.
          if (target.elsewhere) void learnSpeaker(target.playId, event.seq);
        }
        // A finished dialogue not shown yet is followed by its `dialogue` event; a gap needs the stored text.
        else if (outcome.reason === 'gap') resync = true;
      } else if (event.type === 'dialogue') {
        set({ dialogues: upsertDialogues(get().dialogues, [event.dialogue]), reconnecting: false });
      } else if (event.type === 'done') {
        finished = true;
        // Rows past where the play now ends were a turn the server did not keep: they go at once.
        if (event.play_info) set({ info: event.play_info, dialogues: trimRetracted(get().dialogues, event.play_info.last_seq) });
      } else if (event.type === 'idle') {
        idled = true;
      } else if (event.type === 'audio') {
        speechBridge.current.audio(event.clip);
      } else if (event.type === 'audio_limit') {
        speechBridge.current.limit();
      }
      // An `error` names a failed reply (its `dialogue` event shows it) or a broken stream, which then ends without
      // `done`: the loop below picks it up again from what was shown. An `idle` (a standby whose wait ran out just as
      // the send took it) ends the connection too, and the turn is asked for again at once.
    };
    let attached = options.attach;
    if (attached) {
      const connection = attached;
      connection.sink = onEvent;
      // Stopping the follow closes the connection, unless a refused send handed it back to the standby first.
      abort.signal.addEventListener('abort', () => connection.sink === onEvent && connection.abort.abort(), { once: true });
    }
    let attempt = 0;
    try {
      while (!finished && !abort.signal.aborted) {
        const point = resumePoint(get().dialogues, fromSeq);
        try {
          if (attached) {
            const connection = attached;
            attached = undefined;
            await untilAborted(connection.ended, abort.signal);
          } else {
            const which = target.dialogueId ? { dialogueId: target.dialogueId } : { playId: target.playId };
            const tts = speechBridge.current.wanted() || undefined;
            await streamSettings.transport({ ...which, seqSt: point.seqSt, seqEd, offset: point.offset, tts }, onEvent, abort.signal);
          }
        } catch (error) {
          if (abort.signal.aborted) return;
          if (isLasting(error)) {
            // A turn begun elsewhere is only watched here: its end is read below, with nothing to say.
            if (!target.elsewhere) set({ sendError: errorText(error) });
            break;
          }
        }
        if (finished || abort.signal.aborted) break;
        if (idled && !idleRetried) {
          idleRetried = true;
          continue;
        }
        const delay = streamSettings.reconnectDelays[attempt];
        if (delay === undefined) break;
        attempt += 1;
        set({ reconnecting: true });
        await wait(delay, abort.signal);
      }
      if (abort.signal.aborted) return;
      streamAbort = null;
      await refreshFrom(resync ? Math.min(fromSeq, resumePoint(get().dialogues, fromSeq).seqSt) : fromSeq);
      // Left, or another stream began meanwhile: that one owns the flags now.
      if (ownGeneration !== generation) return;
      set({ streaming: false, reconnecting: false });
    } finally {
      target.state = 'over';
    }
    // The turn is over: the next one is waited for on a new standby.
    standby.ensure(ownSession);
  }

  return {
    session: () => session,
    newSession: () => (session += 1),
    generation: () => generation,
    follow,
    stop,
    standby,
    learnSpeaker,
    loadEnding,
    refresh: refreshFrom,
  };
}
