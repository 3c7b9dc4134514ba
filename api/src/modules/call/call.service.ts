import mongoose from 'mongoose';
import { AudioCallStatus, DialogueType, ErrorCode, type CallInfo } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { newNumericId } from '../../lib/ids';
import { Dialogue, ownPlay, storyOfPlay, type PlayFields } from '../play';
import { Call, type CallEvent, type CallFields } from './call.model';
import { countCall, leftToday, type CallLimits } from './limits';

export interface CallServiceDeps {
  limits: CallLimits;
  now: () => number;
}

const iso = (d: Date | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/** The character the player speaks with: the one who spoke last in the play, else the story's first. */
async function characterOf(play: PlayFields): Promise<{ name: string; image: string }> {
  const story = await storyOfPlay(play);
  const chars = story.content.characters ?? [];
  const last = await Dialogue.findOne(
    { play_id: play.play_id, role: 'npc', character_id: mongoose.trusted({ $ne: '' }) },
    { character_id: 1 },
  )
    .sort({ seq: -1 })
    .lean<{ character_id: string }>();
  const c = chars.find((ch) => ch.character_id === last?.character_id) ?? chars[0];
  return { name: c?.character_name ?? '', image: c?.character_url ?? '' };
}

export async function presentCall(call: CallFields, play?: PlayFields): Promise<CallInfo> {
  const p = play ?? (await ownPlay(call.play_id, call.uid));
  const character = await characterOf(p);
  return {
    call_id: call.call_id,
    play_id: call.play_id,
    story_id: call.story_id,
    state: call.state,
    status: call.status,
    seconds: call.seconds,
    started_at: iso(call.started_at),
    ended_at: iso(call.ended_at),
    character_name: character.name,
    character_image: character.image,
    events: call.events.map((e) => ({ type: e.type, at: iso(e.at) })),
    lines: call.lines.map((l) => ({ input_dialogue_id: l.input_dialogue_id, reply_dialogue_ids: l.reply_dialogue_ids, text: l.text, at: iso(l.at) })),
  };
}

/** A call of `uid`'s (another's is "not found", as their plays are). */
export async function ownCall(callId: string, uid: string): Promise<CallFields> {
  const call = await Call.findOne({ call_id: callId, uid }).lean<CallFields>();
  if (!call) throw new AppError(ErrorCode.RecordNotFound, 'No such call');
  return call;
}

/**
 * Ends a running call with `status` and an AudioEnd event (or `state` Rejected/Ignored with their event), once:
 * the write is conditional on the call still running, so the process that ends it is the one that says so.
 */
export async function finishCall(
  callId: string,
  status: AudioCallStatus,
  now: number,
  state: 'Ended' | 'Rejected' | 'Ignored' = 'Ended',
): Promise<CallFields | null> {
  const type: CallEvent['type'] = state === 'Rejected' ? DialogueType.AudioReject : state === 'Ignored' ? DialogueType.AudioIgnore : DialogueType.AudioEnd;
  return Call.findOneAndUpdate(
    { call_id: callId, state: 'Active' },
    { $set: { state, status, ended_at: new Date(now), dropped_at: null }, $push: { events: { type, at: new Date(now) } } },
    { new: true },
  ).lean<CallFields>();
}

/**
 * `call/create`: a call with the character of the caller's own play. Refused with 1020301 when the day's call time
 * is used up. A call of the same user still running (another tab, another play) ends first.
 */
export async function createCall(uid: string, playId: string, deps: CallServiceDeps) {
  const play = await ownPlay(playId, uid);
  const now = deps.now();
  const left = await leftToday(uid, deps.limits, now);
  if (left.seconds_left_today <= 0) {
    throw new AppError(ErrorCode.AudioQuotaLimit, 'Voice call limit reached today, try tomorrow', { data: { status: AudioCallStatus.TimeLimit, left } });
  }
  const running = await Call.find({ uid, state: 'Active' }, { call_id: 1 }).lean<Array<{ call_id: string }>>();
  for (const c of running) await finishCall(c.call_id, AudioCallStatus.Normal, now);
  const call: CallFields = {
    call_id: newNumericId(now),
    uid,
    play_id: play.play_id,
    story_id: play.story_id,
    state: 'Active',
    status: AudioCallStatus.Normal,
    started_at: new Date(now),
    ended_at: null,
    seconds: 0,
    dropped_at: null,
    joins: 0,
    events: [{ type: DialogueType.AudioStart, at: new Date(now) }],
    lines: [],
  };
  await Call.create(call);
  await countCall(uid, now);
  return { call: await presentCall(call, play), left: { ...left, calls_today: left.calls_today + 1 } };
}

/** `call/end`: the player hangs up (status Normal). A call already over answers as it is. */
export async function endCall(uid: string, callId: string, deps: CallServiceDeps) {
  await ownCall(callId, uid);
  await finishCall(callId, AudioCallStatus.Normal, deps.now());
  return { call: await presentCall(await ownCall(callId, uid)) };
}

/** `call/reject` and `call/ignore`: a call that never connected (no socket joined it) is declined or let ring out. */
export async function declineCall(uid: string, callId: string, state: 'Rejected' | 'Ignored', deps: CallServiceDeps) {
  const call = await ownCall(callId, uid);
  if (call.joins > 0) {
    throw new AppError(ErrorCode.ClientParamError, 'call_id: the call is already connected; end it instead');
  }
  await finishCall(callId, AudioCallStatus.Normal, deps.now(), state);
  return { call: await presentCall(await ownCall(callId, uid)) };
}

/** `call/audio_info`: what is left today, and with `call_id` (or a play with a running call) that call. */
export async function audioInfo(uid: string, q: { play_id?: string; call_id?: string }, deps: CallServiceDeps) {
  const left = await leftToday(uid, deps.limits, deps.now());
  let call: CallFields | null = null;
  if (q.call_id) call = await ownCall(q.call_id, uid);
  else if (q.play_id) {
    await ownPlay(q.play_id, uid);
    call = await Call.findOne({ uid, play_id: q.play_id, state: 'Active' }).lean<CallFields>();
  }
  return { left, call: call ? await presentCall(call) : null };
}
