import { ErrorCode, SendLimitStatus } from 'shared-kit';
import type { Dialogue } from '../../api/types';
import { errorCode, errorText } from '../../lib/errors';
import * as playService from '../../services/play.service';
import { trimAfter } from './assemble';
import { speechBridge } from './speech';
import type { GetPlay, SetPlay, TurnNotice } from './state';
import type { PlayStream } from './stream';

/** The notice a refused regeneration or keep-talking turn leaves beside the input (said in the player's language). */
export function turnNoticeOf(error: unknown): TurnNotice | null {
  const code = errorCode(error);
  if (code === ErrorCode.RegenerateMaximum) return 'regenerateMax';
  if (code === ErrorCode.KeepTalkingMaximum) return 'keepTalkingMax';
  return null;
}

/** The texts a reply has: its alternatives once regenerated, else its one text. */
export function versionsOf(d: Dialogue): { texts: string[]; shown: number } {
  const texts = d.alternatives && d.alternatives.length > 0 ? d.alternatives : [d.content];
  return { texts, shown: Math.min(Math.max(0, d.shown ?? 0), texts.length - 1) };
}

/**
 * Regenerate and page through a reply's versions. A regeneration writes the same row again: its text empties and
 * fills as the stream comes (the versions it had stay in `alternatives`), and rows stored after it (the director's
 * move, which the api undoes first) leave the log. When it fails, the stored row (the version shown before, with
 * the failure's code) comes back with the turn's end.
 */
export function createAlternatives(set: SetPlay, get: GetPlay, stream: PlayStream) {
  const replace = (list: readonly Dialogue[], d: Dialogue): Dialogue[] => list.map((x) => (x.dialogue_id === d.dialogue_id ? d : x));

  async function regenerate(dialogueId: string): Promise<boolean> {
    const info = get().info;
    const row = get().dialogues.find((d) => d.dialogue_id === dialogueId);
    if (!info || !row || get().streaming || get().sending || get().busy !== null || get().loginRequired) return false;
    if (get().sendLimit?.status === SendLimitStatus.Reached) return false;
    speechBridge.current.stop();
    set({ sending: true, sendError: null, refusedNotice: null, turnNotice: null });
    try {
      const result = await playService.sendMessage({ play_id: info.play_id, story_id: info.story_id, version_id: info.version_id, message: '', is_loop: true, dialogue_id: dialogueId });
      const { texts, shown } = versionsOf(row);
      const writing: Dialogue = { ...row, content: '', done: false, error_code: 0, alternatives: texts, shown };
      set({ dialogues: replace(trimAfter(get().dialogues, row.seq), writing), sending: false, sendLimit: result.send_limit ?? get().sendLimit });
      void stream.follow({ playId: info.play_id, dialogueId }, row.seq);
      return true;
    } catch (error) {
      const notice = turnNoticeOf(error);
      set({ sending: false, turnNotice: notice, sendError: notice ? null : errorText(error) });
      return false;
    }
  }

  /** Switches go to the api one after another (each holds the play a moment), the newest shown at once. */
  let switching: Promise<unknown> = Promise.resolve();

  function showAlternative(dialogueId: string, index: number): Promise<boolean> {
    const info = get().info;
    const row = get().dialogues.find((d) => d.dialogue_id === dialogueId);
    if (!info || !row || get().streaming || get().sending) return Promise.resolve(false);
    const text = row.alternatives?.[index];
    if (text === undefined) return Promise.resolve(false);
    // Shown at once; put back when the api refuses.
    set({ dialogues: replace(get().dialogues, { ...row, content: text, shown: index, error_code: 0 }), turnNotice: null });
    const done = switching.then(async () => {
      try {
        const { dialogue } = await playService.showAlternative(info.play_id, dialogueId, index);
        // A later switch already shown stays.
        if (get().dialogues.find((d) => d.dialogue_id === dialogueId)?.shown === index) set({ dialogues: replace(get().dialogues, dialogue) });
        return true;
      } catch {
        set({ dialogues: replace(get().dialogues, row), turnNotice: 'switchFailed' });
        return false;
      }
    });
    switching = done;
    return done;
  }

  return { regenerate, showAlternative };
}
