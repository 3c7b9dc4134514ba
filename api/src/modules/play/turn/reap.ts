import mongoose from 'mongoose';
import { DialogueStatus, ErrorCode } from 'shared-kit';
import { Dialogue, type DialogueFields } from '../dialogue.model';
import { Play, type PlayFields } from '../play.model';
import type { LiveReplies } from '../stream/live';
import { restoreShown } from './alternatives';

/** A reply left unfinished by a process that stopped: after a grace period it is recorded as failed. */
export async function reapOrphan(playId: string, live: LiveReplies, graceMs: number, now: number): Promise<boolean> {
  const stale = new Date(now - graceMs);
  const open = await Dialogue.find({ play_id: playId, done: false, updated_at: mongoose.trusted({ $lt: stale }) }).lean<DialogueFields[]>();
  let reaped = false;
  for (const d of open) {
    if (live.get(d.dialogue_id)) continue;
    // A regeneration left unfinished puts back the text it would have replaced.
    const ended = d.alternatives?.length
      ? restoreShown({ alternatives: d.alternatives, shown: d.shown ?? 0 }, ErrorCode.ModelStreamError, 'interrupted')
      : { status: DialogueStatus.Fail, error_code: ErrorCode.ModelStreamError, error_reason: 'interrupted' };
    const marked = await Dialogue.updateOne({ dialogue_id: d.dialogue_id, done: false }, { $set: { ...ended, done: true } });
    const released = await Play.updateOne({ play_id: playId, pending_group_id: d.group_id }, { $set: { pending_group_id: null }, $inc: { history_rev: 1 } });
    // Every change to a play's rows moves its revision, so no process keeps using a copy of them (rowCache.ts):
    // when the hold was not this reply's any more, the row still changed.
    if (marked.modifiedCount > 0 && released.modifiedCount === 0) await Play.updateOne({ play_id: playId }, { $inc: { history_rev: 1 } });
    reaped = true;
  }
  if (!reaped) {
    // A turn claimed by a process that stopped before it stored the turn's rows (see send.ts): nothing to record.
    const play = await Play.findOne({ play_id: playId, pending_group_id: mongoose.trusted({ $ne: null }), last_played_at: mongoose.trusted({ $lt: stale }) }).lean<PlayFields>();
    if (play && !(await Dialogue.exists({ play_id: playId, group_id: play.pending_group_id }))) {
      const released = await Play.updateOne({ play_id: playId, pending_group_id: play.pending_group_id }, { $set: { pending_group_id: null }, $inc: { history_rev: 1 } });
      reaped = released.modifiedCount > 0;
    }
  }
  return reaped;
}
