import { create } from 'zustand';
import { DialogueStatus, DialogueType, Emotion, ErrorCode, PlayStatus, SendLimitStatus, isApiError } from 'shared-kit';
import type { Dialogue, EndingInfo, PlayInfo, PlayStart, SendLimit } from '../../api/types';
import { errorCode, errorData, errorText, isNeedLogin } from '../../lib/errors';
import * as playService from '../../services/play.service';
import { startGuestSession } from '../../services/session.service';
import { fetchStream, type StreamEvent, type StreamTransport } from '../../services/stream.service';
import { applyDelta, resumePoint, rewindTarget, trimAfter, upsertDialogues } from './assemble';

/** The api's default input limit (CHAT_INPUT_MAX_CHARS); a 1012 answer carries the configured one and replaces it. */
export const DEFAULT_INPUT_MAX = 500;
/** Waits before each reconnection of a dropped stream; after the last one the play is reloaded instead. */
export const RECONNECT_DELAYS_MS = [200, 500, 1000, 2000, 4000];

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

  open: (storyId: string, options?: { newPlay?: boolean }) => Promise<void>;
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
let streamAbort: AbortController | null = null;

/** Tests drive the stream through their own transport and without waiting between reconnections. */
export function setStreamTransport(next: StreamTransport, delays: readonly number[] = RECONNECT_DELAYS_MS): void {
  transport = next;
  reconnectDelays = delays;
}

/** Bumped by every stop, so a stream about to open for a play that was left or reset does not. */
let streamGeneration = 0;

function stopStream(): void {
  streamGeneration += 1;
  streamAbort?.abort();
  streamAbort = null;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  function adopt(start: PlayStart): void {
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
    const open = dialogues.find((d) => !d.done);
    if (open) void follow({ dialogueId: open.dialogue_id }, open.seq);
    else void loadEnding();
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
   * shown; after the last retry the stored state is read instead, so nothing is lost either way.
   */
  async function follow(target: FollowTarget, fromSeq: number, seqEd?: number): Promise<void> {
    stopStream();
    const abort = new AbortController();
    streamAbort = abort;
    set({ streaming: true, reconnecting: false });
    let finished = false;
    let resync = false;
    const onEvent = (event: StreamEvent): void => {
      if (abort.signal.aborted) return;
      if (event.type === 'delta') {
        const outcome = applyDelta(get().dialogues, event);
        if (outcome.applied) set({ dialogues: outcome.list, reconnecting: false });
        // The first words of a reply can come before the send's answer names it: its bubble starts here.
        else if (outcome.reason === 'unknown' && event.offset === 0 && event.seq !== undefined && target.playId) {
          const start = { ...placeholder(target.playId, event.dialogue_id, event.seq, ''), content: event.text };
          set({ dialogues: upsertDialogues(get().dialogues, [start]), reconnecting: false });
        }
        // A finished dialogue not shown yet is followed by its `dialogue` event; a gap needs the stored text.
        else if (outcome.reason === 'gap') resync = true;
      } else if (event.type === 'dialogue') {
        set({ dialogues: upsertDialogues(get().dialogues, [event.dialogue]), reconnecting: false });
      } else if (event.type === 'done') {
        finished = true;
        if (event.play_info) set({ info: event.play_info });
      }
      // An `error` names a failed reply (its `dialogue` event shows it) or a broken stream, which then ends without
      // `done`: the loop below picks it up again from what was shown.
    };
    let attempt = 0;
    while (!finished && !abort.signal.aborted) {
      const point = resumePoint(get().dialogues, fromSeq);
      try {
        const which = target.dialogueId ? { dialogueId: target.dialogueId } : { playId: target.playId };
        await transport({ ...which, seqSt: point.seqSt, seqEd, offset: point.offset }, onEvent, abort.signal);
      } catch (error) {
        if (abort.signal.aborted) return;
        // An answer from the api (not a dropped connection) will not change by asking again.
        if (isApiError(error) && error.code !== ErrorCode.BackendNetworkError && error.code !== ErrorCode.Timeout) {
          set({ sendError: errorText(error) });
          break;
        }
      }
      if (finished || abort.signal.aborted) break;
      const delay = reconnectDelays[attempt];
      if (delay === undefined) break;
      attempt += 1;
      set({ reconnecting: true });
      await wait(delay);
    }
    if (abort.signal.aborted) return;
    streamAbort = null;
    await refreshFrom(resync ? Math.min(fromSeq, resumePoint(get().dialogues, fromSeq).seqSt) : fromSeq);
    set({ streaming: false, reconnecting: false });
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
    set({ sending: true, sendError: null, refusedNotice: null, draft: request.is_loop ? get().draft : '' });
    // The reply's stream opens right after the send has gone out, following the play's next turn: its first words
    // need not wait for the send's answer and a second round trip. Once the answer names the reply, reconnections
    // ask for it.
    const fromSeq = Math.max(info.last_seq ?? 0, ...get().dialogues.map((d) => d.seq)) + 1;
    const target: FollowTarget = { playId: info.play_id };
    const sending = playService.sendMessage({ play_id: info.play_id, story_id: info.story_id, version_id: info.version_id, ...request });
    let refused = false;
    const generation = streamGeneration;
    const following = wait(0).then(() => (refused || generation !== streamGeneration ? undefined : follow(target, fromSeq)));
    try {
      const result = await sending;
      const incoming = result.input_dialogue ? [result.input_dialogue] : [];
      const replyId = result.reply_dialogue_ids[0];
      if (replyId) incoming.push(placeholder(info.play_id, replyId, result.seq_ed, result.group_id));
      // Streaming from here on (the stream may still be a tick away), so nothing else can be sent meanwhile.
      set({ dialogues: upsertDialogues(get().dialogues, incoming), sendLimit: result.send_limit ?? get().sendLimit, sending: false, streaming: Boolean(replyId) });
      if (replyId) {
        target.dialogueId = replyId;
        void learnSpeaker(info.play_id, result.seq_ed);
      } else {
        refused = true;
        stopStream();
        set({ streaming: false, reconnecting: false });
      }
      void following;
      return true;
    } catch (error) {
      refused = true;
      stopStream();
      const patch: Partial<PlayState> = { sending: false, streaming: false, reconnecting: false, draft: restoreDraft };
      const code = errorCode(error);
      const data = errorData(error);
      if (code === ErrorCode.SecurityFail) {
        patch.refusedNotice = 'Your message was not sent: it goes against the content rules. Edit it and try again.';
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
      return false;
    }
  }

  async function act(kind: Exclude<BusyAction, null>, run: (playId: string) => Promise<void>): Promise<boolean> {
    const info = get().info;
    if (!info || get().busy || get().streaming || get().sending) return false;
    set({ busy: kind, actionError: null });
    try {
      await run(info.play_id);
      return true;
    } catch (error) {
      set({ actionError: errorText(error) });
      return false;
    } finally {
      set({ busy: null });
    }
  }

  return {
    ...initial,

    open: async (storyId, options = {}) => {
      stopStream();
      set({ ...initial, storyId, status: 'loading' });
      try {
        let start: PlayStart;
        try {
          start = await playService.startPlay(storyId, options.newPlay ?? false);
        } catch (error) {
          // A visitor plays as a guest: the guest session is made on first play.
          if (!isNeedLogin(error)) throw error;
          await startGuestSession();
          start = await playService.startPlay(storyId, options.newPlay ?? false);
        }
        if (get().storyId !== storyId) return;
        adopt(start);
      } catch (error) {
        if (get().storyId === storyId) set({ status: 'error', loadError: errorText(error) });
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
      act('restart', async (playId) => {
        adopt(await playService.restartPlay(playId));
      }),

    syncLatest: () =>
      act('sync', async (playId) => {
        adopt(await playService.syncLatestPlay(playId));
      }),

    leave: () => {
      stopStream();
      set({ streaming: false, reconnecting: false });
    },
  };
});

/** Back to the initial state with the stream closed; for tests and when leaving the play screen. */
export function resetPlayStore(): void {
  stopStream();
  transport = fetchStream;
  reconnectDelays = RECONNECT_DELAYS_MS;
  usePlayStore.setState({ ...initial });
}
