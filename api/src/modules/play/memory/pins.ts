import mongoose from 'mongoose';
import { DialogueStatus, DialogueType, ErrorCode, type PlayMemory } from 'shared-kit';
import { MEMORY_NOTE_MAX, MEMORY_PIN_MAX, MEMORY_PIN_TOKENS, MEMORY_SUMMARY_MAX } from 'shared-kit/areas';
import { AppError } from '../../../lib/errors';
import { newNumericId } from '../../../lib/ids';
import { Dialogue, type DialogueFields } from '../dialogue.model';
import { Play, type PinFields, type PlayFields } from '../play.model';
import { ownPlay, storyOfPlay } from '../session/plays';
import { NARRATOR, characterById, playerName } from '../stories/story.view';
import { pinsInPrompt } from './budget';

/** Lines a player may pin: what the characters and the player said (never a failed or hidden reply). */
const PINNABLE: ReadonlySet<string> = new Set([DialogueType.Input, DialogueType.NpcDialogue, DialogueType.Narration, DialogueType.OpeningRemark]);

/** A 1009 naming the field, as the request validation sends it. */
function fieldError(path: string, message: string): AppError {
  return new AppError(ErrorCode.ClientParamError, `${path}: ${message}`, { data: { errors: [{ path, message }] } });
}

/** The memory panel's view of a play: its running summary and its pins, newest first, marked when in the prompt. */
export function presentMemory(play: Pick<PlayFields, 'play_id' | 'summary' | 'summary_upto_seq' | 'pins'>): PlayMemory {
  const { kept, tokens } = pinsInPrompt(play.pins);
  const inPrompt = new Set(kept.map((p) => p.pin_id));
  return {
    play_id: play.play_id,
    summary: play.summary,
    summary_upto_seq: play.summary_upto_seq,
    pins: [...(play.pins ?? [])].reverse().map((p) => ({
      pin_id: p.pin_id,
      dialogue_id: p.dialogue_id,
      seq: p.seq,
      kind: p.kind,
      speaker: p.speaker,
      content: p.content,
      in_prompt: inPrompt.has(p.pin_id),
      created_at: p.at ? new Date(p.at).toISOString() : null,
    })),
    limits: { pins: MEMORY_PIN_MAX, note_chars: MEMORY_NOTE_MAX, pin_tokens: MEMORY_PIN_TOKENS, summary_chars: MEMORY_SUMMARY_MAX },
    pin_tokens: tokens,
  };
}

/** `GET memory`. */
export async function memoryOf(uid: string, playId: string): Promise<PlayMemory> {
  return presentMemory(await ownPlay(playId, uid));
}

/** The play as a write to it left it, or why the write did not match. */
async function afterWrite(uid: string, playId: string, written: PlayFields | null, why: (play: PlayFields) => AppError): Promise<PlayMemory> {
  if (written) return presentMemory(written);
  throw why(await ownPlay(playId, uid));
}

/** The pin for a line of the play: 1050001 when the play has no such line (a line of another play has none). */
async function linePin(play: PlayFields, dialogueId: string, now: number): Promise<PinFields> {
  const d = await Dialogue.findOne({ dialogue_id: dialogueId, play_id: play.play_id }).lean<DialogueFields>();
  if (!d) throw new AppError(ErrorCode.RecordNotFound, 'dialogue_id: no such line in this play', { data: { errors: [{ path: 'dialogue_id', message: 'no such line in this play' }] } });
  if (!PINNABLE.has(d.type) || !d.done || d.status !== DialogueStatus.Normal || d.content.trim() === '') {
    throw fieldError('dialogue_id', 'only a finished line of the conversation can be pinned');
  }
  const story = await storyOfPlay(play);
  const speaker = d.type === DialogueType.Input ? playerName(story.content) : (characterById(story.content, d.character_id) ?? NARRATOR).name;
  return { pin_id: newNumericId(now), kind: 'line', dialogue_id: d.dialogue_id, seq: d.seq, speaker, content: d.content.slice(0, MEMORY_NOTE_MAX), at: new Date(now) };
}

/**
 * `memory/pin`: a line of the play or a note, at most MEMORY_PIN_MAX per play, a line once. One conditional write:
 * a rewind holding the play (its rows are going) refuses it, so a pin never outlives its line.
 */
export async function pin(uid: string, input: { play_id: string; dialogue_id?: string; note?: string }, now: number): Promise<PlayMemory> {
  const play = await ownPlay(input.play_id, uid);
  const entry: PinFields = input.dialogue_id
    ? await linePin(play, input.dialogue_id, now)
    : { pin_id: newNumericId(now), kind: 'note', dialogue_id: '', seq: 0, speaker: '', content: input.note!, at: new Date(now) };
  const filter: Record<string, unknown> = {
    play_id: play.play_id,
    uid,
    [`pins.${MEMORY_PIN_MAX - 1}`]: mongoose.trusted({ $exists: false }),
    pending_group_id: mongoose.trusted({ $not: /^backtrack-/ }),
  };
  if (entry.kind === 'line') filter['pins.dialogue_id'] = mongoose.trusted({ $ne: entry.dialogue_id });
  const written = await Play.findOneAndUpdate(filter, { $push: { pins: entry } }, { new: true }).lean<PlayFields>();
  return afterWrite(uid, play.play_id, written, (now2) => {
    if ((now2.pins ?? []).some((p) => p.kind === 'line' && p.dialogue_id === entry.dialogue_id)) return fieldError('dialogue_id', 'this line is pinned already');
    if ((now2.pins?.length ?? 0) >= MEMORY_PIN_MAX) return fieldError(entry.kind === 'line' ? 'dialogue_id' : 'note', `at most ${MEMORY_PIN_MAX} pins; unpin one first`);
    return new AppError(ErrorCode.ConcurrentOperation, 'The play is being rewound');
  });
}

/** `memory/unpin`: 1050001 naming pin_id when the play has no such pin. */
export async function unpin(uid: string, playId: string, pinId: string): Promise<PlayMemory> {
  const written = await Play.findOneAndUpdate({ play_id: playId, uid, 'pins.pin_id': pinId }, { $pull: { pins: { pin_id: pinId } } }, { new: true }).lean<PlayFields>();
  return afterWrite(uid, playId, written, () => new AppError(ErrorCode.RecordNotFound, 'pin_id: no such pin in this play', { data: { errors: [{ path: 'pin_id', message: 'no such pin in this play' }] } }));
}

/**
 * `memory/summary`: the running summary as the player rewrote it. The play is held while the summary row and the
 * play change together (a rewind rebuilds the summary from the row), so no turn folds in between.
 */
export async function editSummary(uid: string, playId: string, summary: string, now: number): Promise<PlayMemory> {
  const play = await ownPlay(playId, uid);
  const lockId = `memory-${now}`;
  const held = await Play.findOneAndUpdate({ play_id: play.play_id, uid, pending_group_id: null }, { $set: { pending_group_id: lockId } }, { new: true }).lean<PlayFields>();
  if (!held) throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is still being written');
  try {
    if (held.summary_upto_seq > 0) {
      await Dialogue.findOneAndUpdate(
        { play_id: play.play_id, seq: mongoose.trusted({ $gt: held.summary_upto_seq }), type: DialogueType.Summary, covers_upto_seq: held.summary_upto_seq },
        { $set: { content: summary, updated_at: new Date(now) } },
        { sort: { seq: -1 } },
      );
    } else if (summary.trim() !== '') {
      throw fieldError('summary', 'nothing is summarised yet: pin a note instead');
    }
  } catch (err) {
    await Play.updateOne({ play_id: play.play_id, pending_group_id: lockId }, { $set: { pending_group_id: null }, $inc: { history_rev: 1 } });
    throw err;
  }
  const written = await Play.findOneAndUpdate(
    { play_id: play.play_id, pending_group_id: lockId },
    { $set: { summary, pending_group_id: null }, $inc: { history_rev: 1 } },
    { new: true },
  ).lean<PlayFields>();
  return afterWrite(uid, play.play_id, written, () => new AppError(ErrorCode.ConcurrentOperation, 'The play changed meanwhile'));
}
