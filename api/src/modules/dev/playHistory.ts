import { z } from 'zod';
import { DialogueStatus, DialogueType, Emotion, ErrorCode } from 'shared-kit';
import { currentAccount, requireSession } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { newNumericId } from '../../lib/ids';
import { validate } from '../../lib/validate';
import { Dialogue, Play, ownPlay, type DialogueFields } from '../play';

/** The most turns one call adds: enough for the longest play the benchmarks and browser tests open. */
export const MAX_HISTORY_TURNS = 5000;

const body = z.object({
  play_id: z.string().trim().regex(/^\d+$/, 'must be a play id'),
  turns: z.number().int().min(1).max(MAX_HISTORY_TURNS),
});

const LINES = [
  'I look around the lamp room.',
  'Tell me about the ships that passed tonight, and the one that did not come back.',
  'What was that noise?',
  'I climb the stairs and check the brass burner, the wick and the glass, one after the other, slowly.',
];
const REPLIES = [
  'The keeper nods.',
  'The wind pushes at the glass. "Every ship has its night," the keeper says, wiping the brass until it shines.',
  'Waves break on the rocks below, loud enough to drown the radio for a moment, then the hiss of static returns.',
  'She points at the logbook. "Forty years of names. Read any page you like; they all end the same way: at dawn."',
];

/**
 * `POST /api/dev/play_history {play_id, turns}` (outside production only): adds `turns` finished turns (a player line
 * and a character's reply each, of varied lengths) after the last line of the caller's own play, as if they had
 * been played, so benchmarks and browser tests can open a long play in seconds. The play must be idle; its turn count
 * and last sequence number move as turns' would (the chapter's own count does not: the director judges as before), and its history revision too, so no process uses rows it read before.
 */
export function devPlayHistoryRoutes(router: AppRouter): void {
  const input = validate({ body });
  router.post('/api/dev/play_history', requireSession, input, async (ctx) => {
    const { play_id: playId, turns } = input.input(ctx).body;
    const play = await ownPlay(playId, currentAccount(ctx).uid);
    if (play.pending_group_id) throw new AppError(ErrorCode.ClientParamError, 'play_id: a turn is under way');
    const npcs = await Dialogue.find({ play_id: playId, role: 'npc' }).sort({ seq: -1 }).limit(10).lean<DialogueFields[]>();
    const speaker = npcs.find((d) => d.character_id !== '');
    const now = Date.now();
    const docs: Omit<DialogueFields, 'created_at' | 'updated_at'>[] = [];
    let seq = play.next_seq;
    for (let i = 0; i < turns; i += 1) {
      const group = newNumericId(now + i);
      const base = { play_id: playId, node_id: play.node_id, status: DialogueStatus.Normal, done: true, error_code: 0, error_reason: '', covers_upto_seq: 0, group_id: group };
      const n = play.turns + i + 1;
      seq += 1;
      docs.push({ ...base, dialogue_id: `${group}1`, seq, type: DialogueType.Input, role: 'player', character_id: '', emotion: Emotion.Neutral, content: `${LINES[i % LINES.length]} (turn ${n})` });
      seq += 1;
      docs.push({
        ...base,
        dialogue_id: `${group}2`,
        seq,
        type: speaker ? DialogueType.NpcDialogue : DialogueType.Narration,
        role: speaker ? 'npc' : 'narrator',
        character_id: speaker?.character_id ?? '',
        emotion: Emotion.Neutral,
        content: `${REPLIES[(i * 7) % REPLIES.length]} (reply ${n})`,
      });
    }
    const moved = await Play.updateOne(
      { play_id: playId, pending_group_id: null, next_seq: play.next_seq },
      { $set: { next_seq: seq, last_played_at: new Date(now) }, $inc: { turns, history_rev: 1 } },
    );
    if (moved.modifiedCount !== 1) throw new AppError(ErrorCode.ClientParamError, 'play_id: the play changed meanwhile');
    for (let i = 0; i < docs.length; i += 1000) await Dialogue.insertMany(docs.slice(i, i + 1000), { ordered: true });
    respond(ctx, { play_id: playId, last_seq: seq, turns: play.turns + turns });
  });
}
