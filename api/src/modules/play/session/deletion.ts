import mongoose from 'mongoose';
import { registerUserDeletionHook } from '../../users';
import { Dialogue } from '../dialogue.model';
import { ChatQuota } from '../turn/limits';
import { Play } from '../play.model';
import { PlayDebug } from '../memory/debug.model';

/** Deleting an account deletes its plays with every dialogue (and debug record) in them, and its chat-limit counters. */
async function removeUserPlays(uid: string): Promise<void> {
  // Page through the play ids so a long play history never becomes one huge `$in`.
  for (;;) {
    const plays = await Play.find({ uid }, { play_id: 1 }).limit(500).lean();
    if (plays.length === 0) break;
    const ids = plays.map((p) => p.play_id);
    // Our own operator, marked trusted so the global sanitizeFilter lets it through.
    await Dialogue.deleteMany({ play_id: mongoose.trusted({ $in: ids }) });
    await PlayDebug.deleteMany({ play_id: mongoose.trusted({ $in: ids }) });
    await Play.deleteMany({ play_id: mongoose.trusted({ $in: ids }) });
  }
  await ChatQuota.deleteMany({ uid });
}

registerUserDeletionHook({
  name: 'plays',
  count: (uid) => Play.countDocuments({ uid }),
  remove: removeUserPlays,
});
