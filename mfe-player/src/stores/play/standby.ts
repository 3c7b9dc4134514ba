import type { StreamEvent } from '../../services/stream.service';
import { connect, isLasting, streamSettings, wait, type Connection } from './connection';
import { speechBridge } from './speech';
import { isEnded, nextSeq, type GetPlay } from './state';

/*
 * The standby stream and its handoff. While the play is idle the screen keeps one `stream_reply` open, waiting for
 * its next turn: a send's first words come on it without a second request (the send takes the connection), and a
 * turn begun in another tab or device shows as it is written.
 */

/** A standby connection that stayed open this long was a good one: the next failure starts the back-off over. */
const STANDBY_HEALTHY_MS = 15_000;
/** An `idle` sooner than this after opening is not the server's wait running out: it is retried with back-off. */
const STANDBY_IDLE_MIN_MS = 1000;

/** The stream kept open while the play is idle, waiting for its next turn from `seqSt`. */
interface Standby {
  playId: string;
  seqSt: number;
  /** It asks for speech (`tts=1`): one opened before the play panel's switch changed is replaced. */
  tts: boolean;
  /** Ends the standby: its connection and its waits between attempts. */
  stop: AbortController;
  /** The connection open now; null between attempts, and after an answer that asking again would not change. */
  connection: Connection | null;
}

/** A standby's connection taken by a send: the turn's stream from its first word. */
export interface Taken {
  from: Standby;
  connection: Connection;
}

export interface StandbyDeps {
  get: GetPlay;
  /** Whether `session` is still the play screen open now. */
  isCurrent: (session: number) => boolean;
  /** Follows a turn begun elsewhere on the standby's connection, which it now owns. */
  followElsewhere: (playId: string, seqSt: number, connection: Connection) => void;
}

export interface StandbyHandoff {
  /**
   * Keeps exactly one standby stream open while the play is loaded, idle and not over, waiting for the turn from
   * the next sequence number; one waiting for another number is replaced. `session` is the play screen the caller
   * worked for: nothing opens for one that was left.
   */
  ensure: (session: number) => void;
  close: () => void;
  /** A send's turn takes the standby's connection when it waits for exactly that turn; else the standby closes. */
  take: (playId: string, seqSt: number) => Taken | null;
  /**
   * The send's turn never began: `stop` ends its stream, and the taken connection goes back to waiting when nothing
   * came on it yet.
   */
  giveBack: (taken: Taken | null, session: number, stop: () => void) => void;
}

export function createStandby({ get, isCurrent, followElsewhere }: StandbyDeps): StandbyHandoff {
  let standby: Standby | null = null;

  function close(): void {
    const current = standby;
    standby = null;
    if (!current) return;
    current.stop.abort();
    current.connection?.abort.abort();
  }

  function ensure(session: number): void {
    if (!isCurrent(session)) return;
    const s = get();
    const info = s.info;
    if (!info || s.status !== 'ready' || isEnded(info)) {
      close();
      return;
    }
    // A turn or an action under way: the standby (if any) is its stream, or was closed for it.
    if (s.streaming || s.sending || s.busy !== null) return;
    const seqSt = nextSeq(info, s.dialogues);
    const tts = speechBridge.current.wanted();
    if (standby && standby.playId === info.play_id && standby.seqSt === seqSt && standby.tts === tts) return;
    close();
    const next: Standby = { playId: info.play_id, seqSt, tts, stop: new AbortController(), connection: null };
    standby = next;
    void keep(next);
  }

  /**
   * Opens the standby's connection and opens it again when it ends with `idle` (at once) or fails (after the
   * reconnection back-off, then every standbyRetryMs). Failures are not shown: a send works without a standby.
   * Stops when the standby is closed or a turn took its connection.
   */
  async function keep(current: Standby): Promise<void> {
    let failures = 0;
    while (standby === current) {
      const startedAt = Date.now();
      const connection = connect({ playId: current.playId, seqSt: current.seqSt, offset: 0, standby: true, tts: current.tts || undefined }, (event, c) => onEvent(current, c, event));
      // A turn may already have taken it (its first event came with the call).
      if (standby !== current) return;
      current.connection = connection;
      let failure: unknown = null;
      try {
        await connection.ended;
      } catch (error) {
        failure = error ?? new Error('stream failed');
      }
      // Closed, or a turn took the connection (a send's refusal may hand it back while it is still open).
      if (standby !== current || current.connection !== connection) return;
      current.connection = null;
      const lasted = Date.now() - startedAt;
      if (failure === null && connection.idle && lasted >= STANDBY_IDLE_MIN_MS) {
        failures = 0;
        continue;
      }
      // Refused (1050001: not this caller's play, or gone): asking again changes nothing until the play moves on.
      if (isLasting(failure)) return;
      if (lasted >= STANDBY_HEALTHY_MS) failures = 0;
      const { reconnectDelays, standbyRetryMs } = streamSettings;
      const delay = Math.min(reconnectDelays[failures] ?? standbyRetryMs, standbyRetryMs);
      failures += 1;
      await wait(delay, current.stop.signal);
    }
  }

  /** An event on a standby no send has taken: a turn begun elsewhere takes the connection and is shown live. */
  function onEvent(current: Standby, connection: Connection, event: StreamEvent): void {
    if (standby !== current) return;
    const beginsTurn = event.type === 'delta' || event.type === 'dialogue' || (event.type === 'error' && event.dialogue_id !== undefined);
    // `idle` ends the connection (another opens), an `error` without a dialogue is the stream failing, and a lone
    // `done` has nothing to show: the connection's end is handled by keep.
    if (!beginsTurn) return;
    standby = null;
    followElsewhere(current.playId, current.seqSt, connection);
    connection.sink(event, connection);
  }

  function take(playId: string, seqSt: number): Taken | null {
    const held = standby;
    const waiting = held?.connection;
    if (held && waiting && held.playId === playId && held.seqSt === seqSt && !waiting.over && !waiting.idle) {
      standby = null;
      return { from: held, connection: waiting };
    }
    close();
    return null;
  }

  function giveBack(taken: Taken | null, session: number, stop: () => void): void {
    const back = taken && !taken.connection.over && !taken.connection.used && isCurrent(session) ? taken : null;
    if (back) back.connection.sink = (event, c) => onEvent(back.from, c, event);
    stop();
    if (!back) return;
    if (get().info?.play_id === back.from.playId) standby = back.from;
    else back.connection.abort.abort();
  }

  return { ensure, close, take, giveBack };
}
