import { DialogueType, ErrorCode, KEEP_TALKING_MAX } from 'shared-kit';
import { AppError } from '../../../lib/errors';
import { Dialogue, type DialogueFields } from '../dialogue.model';

const REPLY_TYPES: ReadonlySet<string> = new Set([DialogueType.NpcDialogue, DialogueType.Narration]);
/** Rows read back to count the run: every turn stores a few rows at most (a reply, the director's, a summary). */
const TAIL = KEEP_TALKING_MAX * 8 + 8;

/**
 * Keep talking (ours: `message/send` with `keep_talking`): the character goes on without a player line, at most
 * KEEP_TALKING_MAX times in a row (the turns since the player's latest line); past it the keep-talking-maximum code,
 * naming `keep_talking`. One read of the play's newest rows through the (play_id, seq) index.
 */
export async function checkKeepTalking(playId: string): Promise<void> {
  const tail = await Dialogue.find({ play_id: playId }, { _id: 0, type: 1, group_id: 1 }).sort({ seq: -1 }).limit(TAIL).lean<Pick<DialogueFields, 'type' | 'group_id'>[]>();
  const groups = new Set<string>();
  let inputGroup: string | null = null;
  for (const d of tail) {
    if (d.type === DialogueType.Input) {
      inputGroup = d.group_id;
      break;
    }
    if (REPLY_TYPES.has(d.type)) groups.add(d.group_id);
  }
  if (inputGroup) groups.delete(inputGroup);
  if (groups.size >= KEEP_TALKING_MAX) {
    throw new AppError(ErrorCode.KeepTalkingMaximum, `keep_talking: at most ${KEEP_TALKING_MAX} in a row; send a message to go on`, { data: { max: KEEP_TALKING_MAX } });
  }
}
