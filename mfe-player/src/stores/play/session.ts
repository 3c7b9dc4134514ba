import type { StateCreator } from 'zustand';
import type { PlayStart } from '../../api/types';
import { errorText, isNeedLogin } from '../../lib/errors';
import * as playService from '../../services/play.service';
import { startGuestSession } from '../../services/session.service';
import { rewindTarget, trimAfter, upsertDialogues } from './assemble';
import { speechBridge } from './speech';
import { playInitial, sessionInitial, type BusyAction, type PlayState, type SessionSlice } from './state';
import type { PlayStream } from './stream';

/** The session slice: which play is open and what it holds; opening, paging back, rewinding, restarting, syncing. */
export const createSessionSlice =
  (stream: PlayStream): StateCreator<PlayState, [], [], SessionSlice> =>
  (set, get) => {
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
      if (session !== stream.session()) return;
      const open = dialogues.find((d) => !d.done);
      if (open) void stream.follow({ dialogueId: open.dialogue_id }, open.seq);
      else {
        void stream.loadEnding();
        stream.standby.ensure(session);
      }
    }

    /** An action on the play while nothing is written; the standby is opened again afterwards. */
    async function act(kind: Exclude<BusyAction, null>, run: (playId: string, session: number) => Promise<void>): Promise<boolean> {
      const info = get().info;
      if (!info || get().busy || get().streaming || get().sending) return false;
      const session = stream.session();
      set({ busy: kind, actionError: null });
      // What the rows being rewound or replaced were saying stops.
      speechBridge.current.stop();
      // The next turn's number changes (or the play does).
      stream.standby.close();
      try {
        await run(info.play_id, session);
        return true;
      } catch (error) {
        set({ actionError: errorText(error) });
        return false;
      } finally {
        set({ busy: null });
        stream.standby.ensure(session);
      }
    }

    return {
      ...sessionInitial,

      open: async (storyId, options = {}) => {
        stream.stop();
        speechBridge.current.stop();
        const session = stream.newSession();
        set({ ...playInitial, storyId, status: 'loading' });
        try {
          let start: PlayStart;
          try {
            start = options.draft
              ? await playService.startPlayDraft(storyId, options.newPlay ?? false, options.playId)
              : await playService.startPlay(storyId, options.newPlay ?? false, options.playId);
          } catch (error) {
            // A visitor plays as a guest: the guest session is made on first play.
            // A play-test is the owner's: no guest session can have one.
            if (!isNeedLogin(error) || options.draft) throw error;
            await startGuestSession();
            start = await playService.startPlay(storyId, options.newPlay ?? false, options.playId);
          }
          if (session !== stream.session() || get().storyId !== storyId) return;
          adopt(start, session);
        } catch (error) {
          if (session === stream.session() && get().storyId === storyId) set({ status: 'error', loadError: errorText(error) });
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

      chooseGreeting: (greeting) =>
        act('greeting', async (playId, session) => {
          adopt(await playService.chooseGreeting(playId, greeting), session);
        }),

      syncLatest: () =>
        act('sync', async (playId, session) => {
          adopt(await playService.syncLatestPlay(playId), session);
        }),

      leave: () => {
        stream.stop();
        speechBridge.current.stop();
        stream.newSession();
        set({ streaming: false, reconnecting: false });
      },
    };
  };
