import type { StateCreator } from 'zustand';
import { ErrorCode, SendLimitStatus } from 'shared-kit';
import type { PlayInfo, SendLimit } from '../../api/types';
import { errorCode, errorData, errorText, isNeedLogin } from '../../lib/errors';
import * as playService from '../../services/play.service';
import { placeholder, trimAfter, upsertDialogues } from './assemble';
import { wait } from './connection';
import { speechBridge } from './speech';
import { createAlternatives, turnNoticeOf } from './alternatives';
import { nextSeq, turnInitial, type GetPlay, type PlayState, type TurnSlice } from './state';
import type { FollowTarget, PlayStream } from './stream';

type SendFields = Omit<Parameters<typeof playService.sendMessage>[0], 'play_id' | 'story_id' | 'version_id'>;

/**
 * What a refused send changes: the input's limit (1012), the day's or the guest's limit (1020203, with the guest
 * wall), the moderation notice (the refused message took a sequence number), or the error beside the input.
 */
function refusal(error: unknown, info: PlayInfo, get: GetPlay): Partial<PlayState> {
  const patch: Partial<PlayState> = {};
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
  } else if (turnNoticeOf(error)) {
    patch.turnNotice = turnNoticeOf(error);
  } else if (isNeedLogin(error)) {
    patch.loginRequired = true;
  } else {
    patch.sendError = errorText(error);
  }
  return patch;
}

/** The turn slice: the composer and `message/send` (a message, a choice, or a failed reply asked for again). */
export const createTurnSlice =
  (stream: PlayStream): StateCreator<PlayState, [], [], TurnSlice> =>
  (set, get) => {
    async function post(request: SendFields, restoreDraft: string): Promise<boolean> {
      const info = get().info;
      if (!info || get().streaming || get().sending || get().loginRequired) return false;
      if (get().sendLimit?.status === SendLimitStatus.Reached) return false;
      const session = stream.session();
      // A new turn: what the last reply was still saying stops.
      speechBridge.current.stop();
      set({ sending: true, sendError: null, refusedNotice: null, turnNotice: null, draft: request.is_loop || request.keep_talking ? get().draft : '' });
      const fromSeq = nextSeq(info, get().dialogues);
      const target: FollowTarget = { playId: info.play_id };
      // The standby stream, open and waiting for this very turn, becomes the turn's stream: its first words need no
      // second request. Without one (it failed, or is between attempts) a stream opens a tick after the send, as
      // before; either way, once the answer names the reply, reconnections ask for it.
      const taken = stream.standby.take(info.play_id, fromSeq);
      const sending = playService.sendMessage({ play_id: info.play_id, story_id: info.story_id, version_id: info.version_id, ...request });
      let refused = false;
      let generation = stream.generation();
      if (taken) {
        void stream.follow(target, fromSeq, { attach: taken.connection });
        generation = stream.generation();
      } else {
        void wait(0).then(() => (refused || generation !== stream.generation() ? undefined : stream.follow(target, fromSeq)));
      }
      /** The turn never began: its stream ends, and the standby's connection goes back to waiting if it can. */
      const endWithoutTurn = (): void => {
        refused = true;
        stream.standby.giveBack(taken, session, stream.stop);
      };

      try {
        const result = await sending;
        const replyId = result.reply_dialogue_ids[0];
        const incoming = result.input_dialogue ? [result.input_dialogue] : [];
        if (replyId) incoming.push(placeholder(info.play_id, replyId, result.seq_ed, result.group_id));
        // Streaming from here on (the stream may still be a tick away), so nothing else can be sent meanwhile; unless
        // the turn's stream already ended, or the play was left before it opened.
        const following = target.state === 'running' || (target.state === undefined && generation === stream.generation());
        // An edit: the old turn's rows (from the edited message up to this turn) go.
        const dropFrom = result.removed_from_seq;
        const kept = dropFrom === undefined ? get().dialogues : get().dialogues.filter((d) => d.seq < dropFrom || d.seq >= fromSeq);
        set({ dialogues: upsertDialogues(kept, incoming), sendLimit: result.send_limit ?? get().sendLimit, sending: false, streaming: Boolean(replyId) && following, editing: dropFrom === undefined ? get().editing : null });
        if (replyId) {
          target.dialogueId = replyId;
          void stream.learnSpeaker(info.play_id, result.seq_ed);
          // The stream ended before the answer came: the standby it would have opened waited for the answer.
          if (target.state === 'over') stream.standby.ensure(session);
        } else {
          endWithoutTurn();
          set({ streaming: false, reconnecting: false });
          stream.standby.ensure(session);
          // No reply (a branching story's choice led to another choice or an ending): its rows and the play's state.
          await stream.refresh(fromSeq);
        }
        return true;
      } catch (error) {
        endWithoutTurn();
        // The turn did not happen: whatever its stream showed (the server's words for a turn it then did not keep)
        // goes; a turn that did begin after all is shown again by the standby, from the stored record.
        const shown = get().dialogues;
        const dialogues = shown.some((d) => d.seq >= fromSeq) ? trimAfter(shown, fromSeq - 1) : shown;
        set({ sending: false, streaming: false, reconnecting: false, draft: restoreDraft, dialogues, ...refusal(error, info, get) });
        stream.standby.ensure(session);
        return false;
      }
    }

    const alternatives = createAlternatives(set, get, stream);
    return {
      ...turnInitial,

      setDraft: (text) => set({ draft: text, sendError: null, refusedNotice: null, turnNotice: null }),

      send: async (text) => {
        const message = text.trim();
        if (message === '') return false;
        if ([...message].length > get().inputMax) {
          set({ sendError: `At most ${get().inputMax} characters` });
          return false;
        }
        const editing = get().editing;
        return post(editing ? { message, edit_dialogue_id: editing.dialogueId } : { message }, text);
      },

      startEdit: (dialogueId) => {
        const row = get().dialogues.find((d) => d.dialogue_id === dialogueId);
        if (!row) return;
        set({ editing: { dialogueId, seq: row.seq }, draft: row.content, sendError: null, refusedNotice: null, turnNotice: null });
      },

      cancelEdit: () => set({ editing: null, draft: '' }),

      stop: async () => {
        const info = get().info;
        const writing = [...get().dialogues].reverse().find((d) => !d.done && d.role !== 'player');
        if (!info || !writing) return false;
        try {
          return (await playService.stopReply(info.play_id, writing.dialogue_id)).stopped;
        } catch (error) {
          set({ sendError: errorText(error) });
          return false;
        }
      },

      choose: (option) => post({ message: option, option_contents: [option] }, get().draft),

      pick: (optionId) => post({ message: optionId, option_contents: [optionId] }, get().draft),

      retry: (dialogueId) => post({ message: '', is_loop: true, dialogue_id: dialogueId }, get().draft),

      keepTalking: () => post({ message: '', keep_talking: true }, get().draft),

      regenerate: alternatives.regenerate,

      showAlternative: alternatives.showAlternative,
    };
  };
