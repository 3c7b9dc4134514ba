import mongoose from 'mongoose';
import { ErrorCode, FeedbackAttitude, type BadReason } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { Dialogue } from './dialogue.model';
import { Play } from './play.model';
import { DialogueFeedback, DialogueLike } from './reaction.model';

/*
 * A player's reactions to the replies of their own play: a like with an optional remark, and feedback (attitude and
 * reasons). They live with the play, whose dialogues they name; the routes keep the spec's `/api/interact/dialogue/`
 * paths.
 */

/** A reply of the viewer's own play: 2006-free, just "no such dialogue" (1050001) for anything else. */
async function ownDialogue(uid: string, dialogueId: string): Promise<{ story_id: string }> {
  const dialogue = await Dialogue.findOne({ dialogue_id: dialogueId }, { play_id: 1 }).lean<{ play_id: string }>();
  const play = dialogue ? await Play.findOne({ play_id: dialogue.play_id }, { uid: 1, story_id: 1 }).lean<{ uid: string; story_id: string }>() : null;
  if (!play || play.uid !== uid) throw new AppError(ErrorCode.RecordNotFound, 'No such dialogue');
  return { story_id: play.story_id };
}

export async function likeDialogue(uid: string, dialogueId: string, liked: boolean) {
  await ownDialogue(uid, dialogueId);
  const row = await DialogueLike.findOneAndUpdate(
    { dialogue_id: dialogueId, uid },
    { $set: { liked } },
    { upsert: true, new: true },
  ).lean<{ liked: boolean; remark: string }>();
  return { dialogue_id: dialogueId, liked: row!.liked, remark: row!.remark ?? '' };
}

export async function remarkDialogue(uid: string, dialogueId: string, remark: string) {
  await ownDialogue(uid, dialogueId);
  const row = await DialogueLike.findOneAndUpdate(
    { dialogue_id: dialogueId, uid },
    { $set: { remark, liked: true } },
    { upsert: true, new: true },
  ).lean<{ liked: boolean; remark: string }>();
  return { dialogue_id: dialogueId, liked: row!.liked, remark: row!.remark ?? '' };
}

/** Bad reasons belong to a reply that did not satisfy; with Satisfied they are a parameter error. */
export async function dialogueFeedback(
  uid: string,
  input: { dialogue_id: string; attitude: FeedbackAttitude; bad_reasons: BadReason[]; content: string },
) {
  if (input.attitude === FeedbackAttitude.Satisfied && input.bad_reasons.length > 0) {
    throw new AppError(ErrorCode.ClientParamError, 'bad_reasons: only with attitude 20 or 30');
  }
  const { story_id } = await ownDialogue(uid, input.dialogue_id);
  const reasons = [...new Set(input.bad_reasons)];
  await DialogueFeedback.updateOne(
    { dialogue_id: input.dialogue_id, uid },
    { $set: { story_id, attitude: input.attitude, bad_reasons: reasons, content: input.content } },
    { upsert: true },
  );
  return { dialogue_id: input.dialogue_id, attitude: input.attitude, bad_reasons: reasons, content: input.content };
}

/**
 * `dialogue/status`: the caller's own like, remark and feedback on each of these replies (what the play screen shows
 * again after a reload). Only the caller's rows are read, so another player's ids simply answer nothing.
 */
export async function dialogueStatus(uid: string, dialogueIds: string[]) {
  const filter = { uid, dialogue_id: mongoose.trusted({ $in: dialogueIds }) };
  const [likes, feedback] = await Promise.all([
    DialogueLike.find(filter, { dialogue_id: 1, liked: 1, remark: 1 }).lean<Array<{ dialogue_id: string; liked: boolean; remark?: string }>>(),
    DialogueFeedback.find(filter, { dialogue_id: 1, attitude: 1, bad_reasons: 1, content: 1 }).lean<
      Array<{ dialogue_id: string; attitude: FeedbackAttitude; bad_reasons: BadReason[]; content?: string }>
    >(),
  ]);
  const likeOf = new Map(likes.map((l) => [l.dialogue_id, l]));
  const feedbackOf = new Map(feedback.map((f) => [f.dialogue_id, f]));
  const list = dialogueIds
    .filter((id) => likeOf.has(id) || feedbackOf.has(id))
    .map((id) => {
      const l = likeOf.get(id);
      const f = feedbackOf.get(id);
      return {
        dialogue_id: id,
        liked: l?.liked ?? false,
        remark: l?.remark ?? '',
        feedback: f ? { attitude: f.attitude, bad_reasons: [...f.bad_reasons], content: f.content ?? '' } : null,
      };
    });
  return { list };
}
