import type { StoreApi } from 'zustand';
import { LIMITS, PlayStatus } from 'shared-kit';
import type { Dialogue, EndingInfo, PlayInfo, SendLimit } from '../../api/types';

/*
 * The play store's shape, one slice per concern: the session (which play is open and what it holds), the turn
 * (what the player sends and what stops them), and the stream (a reply being followed as it is written).
 */

/** The api's default input limit (CHAT_INPUT_MAX_CHARS); a 1012 answer carries the configured one and replaces it. */
export const DEFAULT_INPUT_MAX = LIMITS.chatMessage;

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
export type BusyAction = 'backtrack' | 'restart' | 'sync' | 'greeting' | null;
/** A refused regeneration, keep-talking turn or version switch, said beside the input in the player's language. */
export type TurnNotice = 'regenerateMax' | 'keepTalkingMax' | 'switchFailed';

/** The open play: opening, paging back, rewinding, restarting, moving to the latest version, leaving. */
export interface SessionSlice {
  storyId: string | null;
  status: LoadStatus;
  loadError: string | null;
  info: PlayInfo | null;
  dialogues: Dialogue[];
  hasMoreBefore: boolean;
  loadingOlder: boolean;
  busy: BusyAction;
  actionError: string | null;
  ending: EndingInfo | null;

  /** `draft`: the creator play-tests the working copy instead of the published story. */
  /** Opens the story's play `playId`, or its latest (a new one with `newPlay`); `draft`: the creator's play-test. */
  open: (storyId: string, options?: { newPlay?: boolean; draft?: boolean; playId?: string }) => Promise<void>;
  loadOlder: () => Promise<void>;
  rewind: (inputDialogueId: string) => Promise<boolean>;
  restart: () => Promise<boolean>;
  /** Before the first turn: opens the play with another of its openings (`play_info.greetings`). */
  chooseGreeting: (greeting: number) => Promise<boolean>;
  syncLatest: () => Promise<boolean>;
  leave: () => void;
}

/** The player's turn: the composer, sending, and what the server said about it (limits, refusals, the guest wall). */
export interface TurnSlice {
  sending: boolean;
  sendError: string | null;
  /** The player's own message was refused by moderation: said beside the input, the text stays for editing. */
  refusedNotice: string | null;
  sendLimit: SendLimit | null;
  inputMax: number;
  /** A guest used up the free turns: the input gives way to a log-in prompt. */
  loginRequired: boolean;
  /** The composer's text; a rewind puts the player's words back here. */
  draft: string;
  turnNotice: TurnNotice | null;
  /** The player is editing their latest message: Send replaces it (rewind and send in one step). */
  editing: { dialogueId: string; seq: number } | null;

  setDraft: (text: string) => void;
  send: (text: string) => Promise<boolean>;
  choose: (option: string) => Promise<boolean>;
  /** A branching story's choice: the option on offer, by its id (play_info.graph.choices). */
  pick: (optionId: string) => Promise<boolean>;
  retry: (dialogueId: string) => Promise<boolean>;
  /** Puts the player's latest message in the composer to edit it; `cancelEdit` leaves it as it was. */
  startEdit: (dialogueId: string) => void;
  cancelEdit: () => void;
  /** Stops the reply being written: its words so far stay, the turn ends. */
  stop: () => Promise<boolean>;
  /** The character goes on without a message (`keep_talking`). */
  keepTalking: () => Promise<boolean>;
  /** Writes a finished reply of the latest turn again, its versions kept (`is_loop` with its id). */
  regenerate: (dialogueId: string) => Promise<boolean>;
  /** Shows (and keeps) version `index` of a regenerated reply: the next prompt takes it. */
  showAlternative: (dialogueId: string, index: number) => Promise<boolean>;
}

/** A reply being followed as it is written (see stream.ts). */
export interface StreamSlice {
  /** A reply is being written and followed: sending is blocked until it ends. */
  streaming: boolean;
  /** The stream dropped and is being picked up again. */
  reconnecting: boolean;
}

export type PlayState = SessionSlice & TurnSlice & StreamSlice;

export type SetPlay = StoreApi<PlayState>['setState'];
export type GetPlay = StoreApi<PlayState>['getState'];

type Fields<T> = { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: T[K] };

export const sessionInitial: Fields<SessionSlice> = {
  storyId: null,
  status: 'idle',
  loadError: null,
  info: null,
  dialogues: [],
  hasMoreBefore: false,
  loadingOlder: false,
  busy: null,
  actionError: null,
  ending: null,
};

export const turnInitial: Fields<TurnSlice> = {
  sending: false,
  sendError: null,
  refusedNotice: null,
  sendLimit: null,
  inputMax: DEFAULT_INPUT_MAX,
  loginRequired: false,
  draft: '',
  turnNotice: null,
  editing: null,
};

export const streamInitial: Fields<StreamSlice> = { streaming: false, reconnecting: false };

/** Every field as a freshly opened store has it. */
export const playInitial: Fields<PlayState> = { ...sessionInitial, ...turnInitial, ...streamInitial };

/** The sequence number the play's next turn starts at. */
export function nextSeq(info: PlayInfo, dialogues: readonly Dialogue[]): number {
  return Math.max(info.last_seq ?? 0, ...dialogues.map((d) => d.seq)) + 1;
}

export const isEnded = (info: PlayInfo): boolean => info.status === PlayStatus.Ending || info.ending != null;
