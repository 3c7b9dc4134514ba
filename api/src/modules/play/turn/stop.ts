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
/** At most this many replies are looked at by one read. */
const POLL_BATCH = 500;

interface Watch {
  stop: () => void;
  quietFor: () => number;
}
/** The replies being written in this process, by id. */
const stoppers = new Map<string, Watch>();
let timer: NodeJS.Timeout | null = null;

/**
 * One read for every quiet reply of this process (not one per reply): with many replies written at once, a poll
 * costs the database one command per POLL_MS, however many are waiting.
 */
function poll(): void {
  // Flushes see a stop as they write; only replies with no words coming are looked at.
  const quiet = [...stoppers].filter(([, w]) => w.quietFor() >= POLL_MS).map(([id]) => id);
  for (let i = 0; i < quiet.length; i += POLL_BATCH) {
    Dialogue.find({ dialogue_id: { $in: quiet.slice(i, i + POLL_BATCH) }, stop_requested: true }, { dialogue_id: 1, _id: 0 })
      .lean<Array<Pick<DialogueFields, 'dialogue_id'>>>()
      .then((found) => {
        for (const d of found) stoppers.get(d.dialogue_id)?.stop();
      })
      .catch(() => undefined);
  }
}

/**
 * While reply `dialogueId` is written in this process: `stop` is called when the player stops it, here or through
 * another process. Returns the function that ends the watch.
 */
export function watchForStop(dialogueId: string, stop: () => void, quietFor: () => number): () => void {
  stoppers.set(dialogueId, { stop, quietFor });
  if (!timer) {
    timer = setInterval(poll, POLL_MS);
    timer.unref();
  }
  return () => {
    stoppers.delete(dialogueId);
    if (stoppers.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
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
    here.stop();
    return { stopped: true };
  }
  const marked = await Dialogue.updateOne({ dialogue_id: body.dialogue_id, done: false }, { $set: { stop_requested: true } });
  return { stopped: marked.modifiedCount > 0 };
}
