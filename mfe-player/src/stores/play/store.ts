import { create } from 'zustand';
import { DialogueStatus, DialogueType, Emotion, ErrorCode, PlayStatus, SendLimitStatus, isApiError, LIMITS } from 'shared-kit';
import type { Dialogue, EndingInfo, PlayInfo, PlayStart, SendLimit } from '../../api/types';
import { errorCode, errorData, errorText, isNeedLogin } from '../../lib/errors';
import * as playService from '../../services/play.service';
import { startGuestSession } from '../../services/session.service';
import { fetchStream, type StreamEvent, type StreamRequest, type StreamTransport } from '../../services/stream.service';
import { applyDelta, resumePoint, rewindTarget, trimAfter, upsertDialogues } from './assemble';

/** The api's default input limit (CHAT_INPUT_MAX_CHARS); a 1012 answer carries the configured one and replaces it. */
export const DEFAULT_INPUT_MAX = LIMITS.chatMessage;
/** Waits before each reconnection of a dropped stream; after the last one the play is reloaded instead. */
export const RECONNECT_DELAYS_MS = [200, 500, 1000, 2000, 4000];
/** A standby stream that keeps failing is opened again after RECONNECT_DELAYS_MS, then at most this often. */
export const STANDBY_RETRY_MS = 5000;
/** A standby connection that stayed open this long was a good one: the next failure starts the back-off over. */
const STANDBY_HEALTHY_MS = 15_000;
/** An `idle` sooner than this after opening is not the server's wait running out: it is retried with back-off. */
const STANDBY_IDLE_MIN_MS = 1000;

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
export type BusyAction = 'backtrack' | 'restart' | 'sync' | null;

export interface PlayState {
  storyId: string | null;
  status: LoadStatus;
  loadError: string | null;
  info: PlayInfo | null;
  dialogues: Dialogue[];
  hasMoreBefore: boolean;
  loadingOlder: boolean;
  /** A reply is being written and followed: sending is blocked until it ends. */
  streaming: boolean;
  /** The stream dropped and is being picked up again. */
  reconnecting: boolean;
  sending: boolean;
  sendError: string | null;
  /** The player's own message was refused by moderation: said beside the input, the text stays for editing. */
  refusedNotice: string | null;
  sendLimit: SendLimit | null;
  inputMax: number;
  /** A guest used up the free turns: the input gives way to a log-in prompt. */
  loginRequired: boolean;
  busy: BusyAction;
  actionError: string | null;
  ending: EndingInfo | null;
  /** The composer's text; a rewind puts the player's words back here. */
  draft: string;

  /** `draft`: the creator play-tests the working copy instead of the published story. */
  open: (storyId: string, options?: { newPlay?: boolean; draft?: boolean }) => Promise<void>;
  loadOlder: () => Promise<void>;
  setDraft: (text: string) => void;
  send: (text: string) => Promise<boolean>;
  choose: (option: string) => Promise<boolean>;
  retry: (dialogueId: string) => Promise<boolean>;
  rewind: (inputDialogueId: string) => Promise<boolean>;
  restart: () => Promise<boolean>;
  syncLatest: () => Promise<boolean>;
  leave: () => void;
}

let transport: StreamTransport = fetchStream;
let reconnectDelays: readonly number[] = RECONNECT_DELAYS_MS;
let standbyRetryMs = STANDBY_RETRY_MS;
let streamAbort: AbortController | null = null;

/** Tests drive the stream through their own transport and without waiting between reconnections. */
export function setStreamTransport(next: StreamTransport, delays: readonly number[] = RECONNECT_DELAYS_MS, standbyRetry = STANDBY_RETRY_MS): void {
  transport = next;
  reconnectDelays = delays;
  standbyRetryMs = standbyRetry;
}

/** Bumped by every stop, so a stream about to open for a play that was left or reset does not. */
let streamGeneration = 0;
/** Bumped by `open` and `leave`: work begun for a play screen that is gone opens no stream when it ends. */
let playSession = 0;

/** One `stream_reply` connection. Its events go to `sink`: the standby's, until a turn takes the connection. */
interface Connection {
  abort: AbortController;
  /** Settles when the response ends: resolved when the server ended it, rejected when it failed or dropped. */
  ended: Promise<void>;
  /** `ended` has settled. */
  over: boolean;
  /** Something other than `idle` came on it: a turn's events, or the server's word that it failed. */
  used: boolean;
  idle: boolean;
  sink: (event: StreamEvent, connection: Connection) => void;
}

function connect(request: StreamRequest, sink: Connection['sink']): Connection {
  const abort = new AbortController();
  const connection: Connection = { abort, ended: Promise.resolve(), over: false, used: false, idle: false, sink };
  const onEvent = (event: StreamEvent): void => {
    if (abort.signal.aborted) return;
    if (event.type === 'idle') connection.idle = true;
    else connection.used = true;
    connection.sink(event, connection);
  };
  let running: Promise<void>;
  try {
    running = transport(request, onEvent, abort.signal);
  } catch (error) {
    running = Promise.reject(error);
  }
  connection.ended = running.finally(() => {
    connection.over = true;
  });
  // Whoever holds the connection reads the outcome; an unread failure is not an unhandled one.
  connection.ended.catch(() => undefined);
  return connection;
}

/**
 * The stream kept open while the play is idle, waiting for its next turn from `seqSt`: a send's first words come on
 * it without a second request, and a turn begun in another tab or device shows as it is written.
 */
interface Standby {
  playId: string;
  seqSt: number;
  /** Ends the standby: its connection and its waits between attempts. */
  stop: AbortController;
  /** The connection open now; null between attempts, and after an answer that asking again would not change. */
  connection: Connection | null;
}

let standby: Standby | null = null;

function closeStandby(): void {
  const current = standby;
  standby = null;
  if (!current) return;
  current.stop.abort();
  current.connection?.abort.abort();
}

/** Closes every stream: the turn's and the standby. */
function stopStream(): void {
  streamGeneration += 1;
  streamAbort?.abort();
  streamAbort = null;
  closeStandby();
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Settles with `promise`, or resolves at once when `signal` aborts. */
function untilAborted(promise: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return resolve();
    const onAbort = (): void => resolve();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** An answer from the api (not a dropped connection) that will not change by asking again. */
function isLasting(error: unknown): boolean {
  return isApiError(error) && error.code !== ErrorCode.BackendNetworkError && error.code !== ErrorCode.Timeout;
}

/** The sequence number the play's next turn starts at. */
function nextSeq(info: PlayInfo, dialogues: readonly Dialogue[]): number {
  return Math.max(info.last_seq ?? 0, ...dialogues.map((d) => d.seq)) + 1;
}

const isEnded = (info: PlayInfo): boolean => info.status === PlayStatus.Ending || info.ending != null;

const initial = {
  storyId: null,
  status: 'idle' as LoadStatus,
  loadError: null,
  info: null,
  dialogues: [] as Dialogue[],
  hasMoreBefore: false,
  loadingOlder: false,
  streaming: false,
  reconnecting: false,
  sending: false,
  sendError: null,
  refusedNotice: null,
  sendLimit: null,
  inputMax: DEFAULT_INPUT_MAX,
  loginRequired: false,
  busy: null as BusyAction,
  actionError: null,
  ending: null,
  draft: '',
} satisfies Partial<PlayState>;

/** What a stream follows: a reply, or a play's next turn until the send's answer names its reply. */
interface FollowTarget {
  dialogueId?: string;
  playId?: string;
  /** Set by `follow`: running while it follows, over once it stopped (the turn ended, or the play was left). */
  state?: 'running' | 'over';
  /** A turn begun in another tab or device: no send's answer will name its speaker. */
  elsewhere?: boolean;
}

/** The reply's stand-in until the stream names its speaker: an empty, unfinished bubble. */
function placeholder(playId: string, dialogueId: string, seq: number, groupId: string): Dialogue {
  return {
    dialogue_id: dialogueId,
    play_id: playId,
    seq,
    type: DialogueType.NpcDialogue,
    status: DialogueStatus.Normal,
    role: 'npc',
    character_id: '',
    character_name: '',
    emotion: Emotion.Neutral,
    content: '',
    group_id: groupId,
    node_id: '',
    done: false,
    error_code: 0,
    covers_upto_seq: 0,
    created_at: null,
  };
}

export const usePlayStore = create<PlayState>()((set, get) => {
  /** A play as start_play, restart_play and sync_latest_play return it. */
  function adopt(start: PlayStart, session: number): void {
    const dialogues = upsertDialogues([], start.dialogues);
    set({
      info: start.play_info,
      sendLimit: start.play_info.send_limit ?? null,
      dialogues,
      hasMoreBefore: (dialogues[0]?.seq ?? 1) > 1,
      ending: null,
      status: 'ready',
      loadError: null,
      sendError: null,
      refusedNotice: null,
      actionError: null,
      // A new or resumed play starts with an empty input (a rewound message belongs to the play it left).
      draft: '',
    });
    // A play screen left while the play was being fetched opens no stream for it.
    if (session !== playSession) return;
    const open = dialogues.find((d) => !d.done);
    if (open) void follow({ dialogueId: open.dialogue_id }, open.seq);
    else {
      void loadEnding();
      ensureStandby(session);
    }
  }

  /**
   * Keeps exactly one standby stream open while the play is loaded, idle and not over, waiting for the turn from the
   * next sequence number; one waiting for another number is replaced. `session` is the play screen the caller
   * worked for: nothing opens for one that was left.
   */
  function ensureStandby(session: number): void {
    if (session !== playSession) return;
    const s = get();
    const info = s.info;
    if (!info || s.status !== 'ready' || isEnded(info)) {
      closeStandby();
      return;
    }
    // A turn or an action under way: the standby (if any) is its stream, or was closed for it.
    if (s.streaming || s.sending || s.busy !== null) return;
    const seqSt = nextSeq(info, s.dialogues);
    if (standby && standby.playId === info.play_id && standby.seqSt === seqSt) return;
    closeStandby();
    const next: Standby = { playId: info.play_id, seqSt, stop: new AbortController(), connection: null };
    standby = next;
    void keepStandby(next);
  }

  /**
   * Opens the standby's connection and opens it again when it ends with `idle` (at once) or fails (after the
   * reconnection back-off, then every STANDBY_RETRY_MS). Failures are not shown: a send works without a standby.
   * Stops when the standby is closed or a turn took its connection.
   */
  async function keepStandby(current: Standby): Promise<void> {
    let failures = 0;
    while (standby === current) {
      const startedAt = Date.now();
      const connection = connect({ playId: current.playId, seqSt: current.seqSt, offset: 0, standby: true }, (event, c) => onStandbyEvent(current, c, event));
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
      const delay = Math.min(reconnectDelays[failures] ?? standbyRetryMs, standbyRetryMs);
      failures += 1;
      await wait(delay, current.stop.signal);
    }
  }

  /** An event on a standby no send has taken: a turn begun elsewhere takes the connection and is shown live. */
  function onStandbyEvent(current: Standby, connection: Connection, event: StreamEvent): void {
    if (standby !== current) return;
    const beginsTurn = event.type === 'delta' || event.type === 'dialogue' || (event.type === 'error' && event.dialogue_id !== undefined);
    // `idle` ends the connection (another opens), an `error` without a dialogue is the stream failing, and a lone
    // `done` has nothing to show: the connection's end is handled by keepStandby.
    if (!beginsTurn) return;
    standby = null;
    void follow({ playId: current.playId, elsewhere: true }, current.seqSt, { attach: connection });
    connection.sink(event, connection);
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

  /** After a turn: whatever the director stored (a new chapter, an ending) and where the play now stands. */
  async function refreshFrom(fromSeq: number): Promise<void> {
    const info = get().info;
    if (!info) return;
    try {
      const [page, fresh] = await Promise.all([
        playService.dialogueList(info.play_id, { seqSt: fromSeq, count: 200 }),
        playService.playInfo(info.play_id),
      ]);
      if (get().info?.play_id !== info.play_id) return;
      set({ dialogues: upsertDialogues(get().dialogues, page.dialogues), info: fresh, sendLimit: fresh.send_limit ?? get().sendLimit });
      await loadEnding();
    } catch (error) {
      set({ actionError: errorText(error) });
    }
  }

  /**
   * Follows a reply as it is written. A dropped connection picks up from the last sequence number and character
   * shown; after the last retry the stored state is read instead, so nothing is lost either way. With `attach`, the
   * first connection is one already open (the standby's); ending the follow closes it.
   */
  async function follow(target: FollowTarget, fromSeq: number, options: { seqEd?: number; attach?: Connection } = {}): Promise<void> {
    stopStream();
    const generation = streamGeneration;
    const session = playSession;
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
        if (event.play_info) set({ info: event.play_info });
      } else if (event.type === 'idle') {
        idled = true;
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
            await transport({ ...which, seqSt: point.seqSt, seqEd, offset: point.offset }, onEvent, abort.signal);
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
        const delay = reconnectDelays[attempt];
        if (delay === undefined) break;
        attempt += 1;
        set({ reconnecting: true });
        await wait(delay, abort.signal);
      }
      if (abort.signal.aborted) return;
      streamAbort = null;
      await refreshFrom(resync ? Math.min(fromSeq, resumePoint(get().dialogues, fromSeq).seqSt) : fromSeq);
      // Left, or another stream began meanwhile: that one owns the flags now.
      if (generation !== streamGeneration) return;
      set({ streaming: false, reconnecting: false });
    } finally {
      target.state = 'over';
    }
    // The turn is over: the next one is waited for on a new standby.
    ensureStandby(session);
  }

  /** Who is answering (and whether it is narration) is stored with the reply before its first word. */
  async function learnSpeaker(playId: string, seq: number): Promise<void> {
    try {
      const page = await playService.dialogueList(playId, { seqSt: seq, count: 1 });
      if (get().info?.play_id === playId) set({ dialogues: upsertDialogues(get().dialogues, page.dialogues.filter((d) => d.seq === seq)) });
    } catch {
      // The name arrives with the finished reply anyway.
    }
  }

  async function post(request: Omit<Parameters<typeof playService.sendMessage>[0], 'play_id' | 'story_id' | 'version_id'>, restoreDraft: string): Promise<boolean> {
    const info = get().info;
    if (!info || get().streaming || get().sending || get().loginRequired) return false;
    if (get().sendLimit?.status === SendLimitStatus.Reached) return false;
    const session = playSession;
    set({ sending: true, sendError: null, refusedNotice: null, draft: request.is_loop ? get().draft : '' });
    const fromSeq = nextSeq(info, get().dialogues);
    const target: FollowTarget = { playId: info.play_id };
    // The standby stream, open and waiting for this very turn, becomes the turn's stream: its first words need no
    // second request. Without one (it failed, or is between attempts) a stream opens a tick after the send, as
    // before; either way, once the answer names the reply, reconnections ask for it.
    const held = standby;
    const waiting = held?.connection;
    const taken = held && waiting && held.playId === info.play_id && held.seqSt === fromSeq && !waiting.over && !waiting.idle ? waiting : null;
    if (taken) standby = null;
    else closeStandby();
    const sending = playService.sendMessage({ play_id: info.play_id, story_id: info.story_id, version_id: info.version_id, ...request });
    let refused = false;
    let generation = streamGeneration;
    if (taken) {
      void follow(target, fromSeq, { attach: taken });
      generation = streamGeneration;
    } else {
      void wait(0).then(() => (refused || generation !== streamGeneration ? undefined : follow(target, fromSeq)));
    }

    /** The turn never began: the standby's connection goes back to waiting when nothing came on it yet. */
    const endWithoutTurn = (): void => {
      const giveBack = taken && held && !taken.over && !taken.used && session === playSession;
      if (giveBack) taken.sink = (event, c) => onStandbyEvent(held, c, event);
      stopStream();
      if (giveBack) {
        if (get().info?.play_id === held.playId) standby = held;
        else taken.abort.abort();
      }
    };

    try {
      const result = await sending;
      const replyId = result.reply_dialogue_ids[0];
      const incoming = result.input_dialogue ? [result.input_dialogue] : [];
      if (replyId) incoming.push(placeholder(info.play_id, replyId, result.seq_ed, result.group_id));
      // Streaming from here on (the stream may still be a tick away), so nothing else can be sent meanwhile; unless
      // the turn's stream already ended, or the play was left before it opened.
      const following = target.state === 'running' || (target.state === undefined && generation === streamGeneration);
      set({ dialogues: upsertDialogues(get().dialogues, incoming), sendLimit: result.send_limit ?? get().sendLimit, sending: false, streaming: Boolean(replyId) && following });
      if (replyId) {
        target.dialogueId = replyId;
        void learnSpeaker(info.play_id, result.seq_ed);
        // The stream ended before the answer came: the standby it would have opened waited for the answer.
        if (target.state === 'over') ensureStandby(session);
      } else {
        refused = true;
        endWithoutTurn();
        set({ streaming: false, reconnecting: false });
        ensureStandby(session);
      }
      return true;
    } catch (error) {
      refused = true;
      endWithoutTurn();
      const patch: Partial<PlayState> = { sending: false, streaming: false, reconnecting: false, draft: restoreDraft };
      const code = errorCode(error);
      const data = errorData(error);
      if (code === ErrorCode.SecurityFail) {
        patch.refusedNotice = 'Your message was not sent: it goes against the content rules. Edit it and try again.';
        // The refused message is kept (never shown) and took a sequence number: the next turn starts after it.
        const current = get().info;
        if (typeof data.seq === 'number' && current?.play_id === info.play_id && data.seq > (current.last_seq ?? 0)) patch.info = { ...current, last_seq: data.seq };
      } else if (code === ErrorCode.InputLimit) {
        if (typeof data.max_chars === 'number') patch.inputMax = data.max_chars;
        patch.sendError = errorText(error);
      } else if (code === ErrorCode.MessageLimitReached) {
        const limit = data.send_limit as SendLimit | undefined;
        patch.sendLimit = limit ?? { status: SendLimitStatus.Reached, code, used: 0, limit: 0, scope: 'daily' };
        if (data.need_login === true || limit?.scope === 'guest') patch.loginRequired = true;
      } else if (isNeedLogin(error)) {
        patch.loginRequired = true;
      } else {
        patch.sendError = errorText(error);
      }
      set(patch);
      ensureStandby(session);
      return false;
    }
  }

  async function act(kind: Exclude<BusyAction, null>, run: (playId: string, session: number) => Promise<void>): Promise<boolean> {
    const info = get().info;
    if (!info || get().busy || get().streaming || get().sending) return false;
    const session = playSession;
    set({ busy: kind, actionError: null });
    // The next turn's number changes (or the play does): the standby is opened again afterwards.
    closeStandby();
    try {
      await run(info.play_id, session);
      return true;
    } catch (error) {
      set({ actionError: errorText(error) });
      return false;
    } finally {
      set({ busy: null });
      ensureStandby(session);
    }
  }

  return {
    ...initial,

    open: async (storyId, options = {}) => {
      stopStream();
      playSession += 1;
      const session = playSession;
      set({ ...initial, storyId, status: 'loading' });
      try {
        let start: PlayStart;
        try {
          start = options.draft
            ? await playService.startPlayDraft(storyId, options.newPlay ?? false)
            : await playService.startPlay(storyId, options.newPlay ?? false);
        } catch (error) {
          // A visitor plays as a guest: the guest session is made on first play.
          // A play-test is the owner's: no guest session can have one.
          if (!isNeedLogin(error) || options.draft) throw error;
          await startGuestSession();
          start = await playService.startPlay(storyId, options.newPlay ?? false);
        }
        if (session !== playSession || get().storyId !== storyId) return;
        adopt(start, session);
      } catch (error) {
        if (session === playSession && get().storyId === storyId) set({ status: 'error', loadError: errorText(error) });
      }
    },

    loadOlder: async () => {
      const { info, dialogues, loadingOlder, hasMoreBefore } = get();
      const first = dialogues[0];
      if (!info || !first || loadingOlder || !hasMoreBefore) return;
      set({ loadingOlder: true });
      try {
        const page = await playService.dialogueList(info.play_id, { seqEd: first.seq, count: 50 });
        set({ dialogues: upsertDialogues(get().dialogues, page.dialogues), hasMoreBefore: page.has_more_before, loadingOlder: false });
      } catch (error) {
        set({ loadingOlder: false, actionError: errorText(error) });
      }
    },

    setDraft: (text) => set({ draft: text, sendError: null, refusedNotice: null }),

    send: async (text) => {
      const message = text.trim();
      if (message === '') return false;
      if ([...message].length > get().inputMax) {
        set({ sendError: `At most ${get().inputMax} characters` });
        return false;
      }
      return post({ message }, text);
    },

    choose: (option) => post({ message: option, option_contents: [option] }, get().draft),

    retry: (dialogueId) => post({ message: '', is_loop: true, dialogue_id: dialogueId }, get().draft),

    rewind: (inputDialogueId) =>
      act('backtrack', async (playId) => {
        const list = get().dialogues;
        const input = list.find((d) => d.dialogue_id === inputDialogueId);
        if (!input) throw new Error('That message is no longer in this play');
        const target = rewindTarget(list, input.seq);
        if (!target) throw new Error('There is nothing before this message to go back to');
        const result = await playService.backtrack(playId, target.dialogue_id);
        set({ dialogues: trimAfter(get().dialogues, result.removed_after_seq), info: result.play_info, ending: null, draft: input.content, sendError: null });
      }),

    restart: () =>
      act('restart', async (playId, session) => {
        adopt(await playService.restartPlay(playId), session);
      }),

    syncLatest: () =>
      act('sync', async (playId, session) => {
        adopt(await playService.syncLatestPlay(playId), session);
      }),

    leave: () => {
      stopStream();
      playSession += 1;
      set({ streaming: false, reconnecting: false });
    },
  };
});

/** Back to the initial state with the streams closed; for tests and when leaving the play screen. */
export function resetPlayStore(): void {
  stopStream();
  playSession += 1;
  transport = fetchStream;
  reconnectDelays = RECONNECT_DELAYS_MS;
  standbyRetryMs = STANDBY_RETRY_MS;
  usePlayStore.setState({ ...initial });
}
