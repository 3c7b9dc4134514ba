import { ErrorCode } from 'shared-kit';
import { AppError } from '../../../lib/errors';
import { Dialogue, type DialogueFields } from '../dialogue.model';
import { ownPlay } from '../session/plays';

/*
 * Stop (ours: `message/stop`): the player stops a reply being written. The words shown so far are kept and the turn
 * ends; the model request is closed. The process writing the reply stops it at once when the request comes to it;
 * another process marks the row (`stop_requested`), which the writing process sees at its next flush (every 50 ms
 * while words come) or, when none comes, within POLL_MS.
 */

const POLL_MS = 500;
const stoppers = new Map<string, () => void>();

/**
 * While reply `dialogueId` is written in this process: `stop` is called when the player stops it, here or through
 * another process. Returns the function that ends the watch.
 */
export function watchForStop(dialogueId: string, stop: () => void, quietFor: () => number): () => void {
  stoppers.set(dialogueId, stop);
  const timer = setInterval(() => {
    // Flushes see a stop as they write; only a reply with no words coming is looked at.
    if (quietFor() < POLL_MS) return;
    Dialogue.exists({ dialogue_id: dialogueId, stop_requested: true })
      .then((found) => found && stop())
      .catch(() => undefined);
  }, POLL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    stoppers.delete(dialogueId);
  };
}

/** `message/stop`: `{ stopped }` (false when the reply was already finished). */
export async function stopReply(uid: string, body: { play_id: string; dialogue_id: string }): Promise<{ stopped: boolean }> {
  const play = await ownPlay(body.play_id, uid);
  const reply = await Dialogue.findOne({ dialogue_id: body.dialogue_id, play_id: play.play_id }, { done: 1 }).lean<DialogueFields>();
  if (!reply) throw new AppError(ErrorCode.ClientParamError, 'dialogue_id: not a reply of this play');
  if (reply.done) return { stopped: false };
  const here = stoppers.get(body.dialogue_id);
  if (here) {
    here();
    return { stopped: true };
  }
  const marked = await Dialogue.updateOne({ dialogue_id: body.dialogue_id, done: false }, { $set: { stop_requested: true } });
  return { stopped: marked.modifiedCount > 0 };
}
