import { DialogueStatus, DialogueType, PlayStatus, SendLimitStatus } from 'shared-kit';
import type { CastMember, Dialogue } from '../../api/types';
import { isLogRow, isVisible } from './assemble';
import type { PlayState } from './state';

export const selectStatus = (s: PlayState) => s.status;
export const selectInfo = (s: PlayState) => s.info;
export const selectDialogues = (s: PlayState) => s.dialogues;

/** What the dialogue list shows, oldest first. */
export const selectVisibleDialogues = (s: PlayState): Dialogue[] => s.dialogues.filter(isVisible);

/** The ids of what the dialogue list shows, oldest first (compared item by item, so a streamed word leaves it equal). */
export const selectVisibleIds = (s: PlayState): string[] => selectVisibleDialogues(s).map((d) => d.dialogue_id);

/** The ids of the log's rows, oldest first: what takes a row of its own (see isLogRow). */
export const selectLogIds = (s: PlayState): string[] => s.dialogues.filter(isLogRow).map((d) => d.dialogue_id);

/** The log's newest row (the one a new reply is written in). */
export const selectLastLogRow = (s: PlayState): Dialogue | undefined => {
  for (let i = s.dialogues.length - 1; i >= 0; i -= 1) if (isLogRow(s.dialogues[i]!)) return s.dialogues[i];
  return undefined;
};

/** Each dialogue list's rows by id, built once per list, so every row finds its own in one step. */
const byId = new WeakMap<readonly Dialogue[], Map<string, Dialogue>>();

/** One row's dialogue: a row selects its own, so a streamed word changes only the streaming row's answer. */
export const selectDialogue =
  (dialogueId: string) =>
  (s: PlayState): Dialogue | undefined => {
    let index = byId.get(s.dialogues);
    if (!index) {
      index = new Map(s.dialogues.map((d) => [d.dialogue_id, d]));
      byId.set(s.dialogues, index);
    }
    return index.get(dialogueId);
  };

export const selectIsEnded = (s: PlayState): boolean => s.info?.status === PlayStatus.Ending || s.info?.ending != null;

/** The newest dialogue, when it is a failed reply the player may ask for again. */
export const selectRetryableId = (s: PlayState): string | null => {
  const last = s.dialogues[s.dialogues.length - 1];
  return last && last.status === DialogueStatus.Fail && last.role !== 'player' ? last.dialogue_id : null;
};

/**
 * The reply of the latest turn that may be written again (and paged through): the newest player or character line,
 * when it is a character's or the narrator's reply, finished and shown.
 */
export const selectRegenerableId = (s: PlayState): string | null => {
  for (let i = s.dialogues.length - 1; i >= 0; i -= 1) {
    const d = s.dialogues[i]!;
    if (d.type !== DialogueType.Input && d.type !== DialogueType.NpcDialogue && d.type !== DialogueType.Narration) continue;
    return d.type !== DialogueType.Input && d.done && d.status === DialogueStatus.Normal && d.content !== '' ? d.dialogue_id : null;
  }
  return null;
};

/** The player's latest message, which they may edit (rewind to it and send the new text in one step). */
export const selectEditableId = (s: PlayState): string | null => {
  for (let i = s.dialogues.length - 1; i >= 0; i -= 1) {
    const d = s.dialogues[i]!;
    if (d.type === DialogueType.Input && d.status === DialogueStatus.Normal) return d.dialogue_id;
  }
  return null;
};

/** Options offered by the newest dialogue, when it is a FixedOptions one. */
export const selectOpenOptions = (s: PlayState): Dialogue | null => {
  const last = s.dialogues[s.dialogues.length - 1];
  return last && last.type === DialogueType.FixedOptions && last.done ? last : null;
};

/** Why the player cannot type now, or null when they can. */
export const selectInputBlock = (s: PlayState): string | null => {
  if (s.loginRequired) return 'login';
  // A guest's turns are used up (said by the last send's answer, or by the play as it opens): logging in lifts it.
  if (s.sendLimit?.status === SendLimitStatus.Reached) return s.sendLimit.scope === 'guest' ? 'login' : 'limit';
  if (selectIsEnded(s)) return 'ended';
  return null;
};

export const selectCanSend = (s: PlayState): boolean =>
  s.status === 'ready' && !s.streaming && !s.sending && s.busy === null && selectInputBlock(s) === null;

/** Characters of the story by id, for portraits and names on bubbles. */
export const selectCast = (s: PlayState): Map<string, CastMember> => new Map((s.info?.story.characters ?? []).map((c) => [c.character_id, c]));
