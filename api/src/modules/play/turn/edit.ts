import mongoose from 'mongoose';
import { DialogueStatus, DialogueType, ErrorCode, PlayStatus } from 'shared-kit';
import { AppError } from '../../../lib/errors';
import { Dialogue, type DialogueFields } from '../dialogue.model';
import { Play, type PlayFields } from '../play.model';
import { stateAt } from '../session/history';

/*
 * Edit the last message (ours: `message/send` with `edit_dialogue_id`): the play is rewound to before the player's
 * latest message and the edited text is sent, as one step under one claim. Nothing of the old turn goes before the
 * new one has passed every check (the claim, the day's quota, the moderation): a send refused there leaves the play
 * as it was.
 */

/** Where an edit rewinds to: the edited message's number, and the play's state just before it. */
export interface EditPlan {
  fromSeq: number;
  state: Awaited<ReturnType<typeof stateAt>>;
}

const notLatest = () => new AppError(ErrorCode.ClientParamError, 'edit_dialogue_id: only your latest message can be edited');

/** The plan for editing message `dialogueId` of `play`: it must be the player's latest, clean message. */
export async function planEdit(play: PlayFields, dialogueId: string): Promise<EditPlan> {
  const row = await Dialogue.findOne({ dialogue_id: dialogueId, play_id: play.play_id }, { seq: 1, type: 1, status: 1 }).lean<DialogueFields>();
  if (!row || row.type !== DialogueType.Input || row.status !== DialogueStatus.Normal) throw notLatest();
  const later = await Dialogue.exists({ play_id: play.play_id, type: DialogueType.Input, status: DialogueStatus.Normal, seq: mongoose.trusted({ $gt: row.seq }) });
  if (later) throw notLatest();
  return { fromSeq: row.seq, state: await stateAt(play.play_id, row.seq - 1) };
}

/** The claimed play as the edit sees it: rewound to before the edited message, with this turn counted. */
export function editedView(claimed: PlayFields, plan: EditPlan): PlayFields {
  // As applyEdit leaves it: the pins of the removed lines go too.
  const pins = claimed.pins?.filter((p) => !(p.kind === 'line' && p.seq >= plan.fromSeq));
  return { ...claimed, ...plan.state, ...(pins ? { pins } : {}), turns: plan.state.turns + 1, turns_in_chapter: plan.state.turns_in_chapter + 1, status: PlayStatus.Playing, ending: null };
}

/**
 * Removes the old turn (every row from the edited message up to the new turn's numbers) and puts the play's state
 * back to before it, while the claim `groupId` holds the play; the new turn's rows are stored next.
 */
export async function applyEdit(playId: string, groupId: string, plan: EditPlan, firstSeq: number): Promise<void> {
  await Dialogue.deleteMany({ play_id: playId, seq: mongoose.trusted({ $gte: plan.fromSeq, $lt: firstSeq }) });
  const s = plan.state;
  await Play.updateOne(
    { play_id: playId, pending_group_id: groupId },
    // Pins on the old turn's lines go with them, as with a rewind.
    { $set: { ...s, turns: s.turns + 1, turns_in_chapter: s.turns_in_chapter + 1, status: PlayStatus.Playing, ending: null }, $pull: { pins: { kind: 'line', seq: { $gte: plan.fromSeq } } } },
  );
}
