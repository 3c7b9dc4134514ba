import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { DialogueStatus, DialogueType, ErrorCode, PlayStatus } from 'shared-kit';
import { VIDEO_FORMAT, VIDEO_MAX_LINES, type VideoQuota as VideoQuotaView, type VideoTask as VideoTaskView, type VideoTaskCreateRequest } from 'shared-kit/schemas';
import { AppError } from '../../lib/errors';
import type { UiLanguage } from '../../lib/language';
import type { EventBus } from '../../realtime/events';
import { Dialogue, ownPlay, type DialogueFields } from '../play';
import { registerVideoPresenter, shareVideo } from '../share';
import { liveStoryView } from '../stories';
import { isDuplicateKey, refuseIfBlocked } from '../users';
import { VideoQuota, VideoTask, type VideoTaskFields } from './video.model';

export interface VideoDeps {
  dailyRenders: number;
  publicUrl: string;
  events: EventBus;
  now: () => number;
  /** Queues the task's render job. */
  enqueue: (taskId: string) => Promise<void>;
  /** Stops the task's render at once when this process runs it (other processes see the status within a beat). */
  stopLocal: (taskId: string) => void;
}

/** The rows a video shows: what was said and told; not the chapter targets, summaries or system rows. */
const SHOWN: ReadonlySet<string> = new Set([
  DialogueType.OpeningRemark,
  DialogueType.NpcDialogue,
  DialogueType.Input,
  DialogueType.Narration,
  DialogueType.IMDialogue,
  DialogueType.HappyEnding,
  DialogueType.BadEnding,
]);
const FLAGGED: ReadonlySet<string> = new Set([DialogueStatus.SecurityFail, DialogueStatus.SecurityNotShow]);
const shown = (d: DialogueFields): boolean => SHOWN.has(d.type) && d.role !== 'system' && d.done && d.content.trim() !== '';

const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export async function quotaOf(uid: string, deps: Pick<VideoDeps, 'dailyRenders' | 'now'>): Promise<VideoQuotaView> {
  const q = await VideoQuota.findOne({ uid, day: utcDay(deps.now()) }, { count: 1 }).lean<{ count: number }>();
  const used = Math.min(q?.count ?? 0, deps.dailyRenders);
  return { limit: deps.dailyRenders, used, remaining: deps.dailyRenders - used };
}

/** Takes one render of the day's limit; false when none is left. Atomic across processes. */
async function takeRender(uid: string, day: string, limit: number): Promise<boolean> {
  try {
    await VideoQuota.updateOne({ uid, day }, { $setOnInsert: { count: 0 } }, { upsert: true });
  } catch (err) {
    // Two processes made the day's row at once: it is there now.
    if (!isDuplicateKey(err)) throw err;
  }
  const taken = await VideoQuota.updateOne({ uid, day, count: mongoose.trusted({ $lt: limit }) }, { $inc: { count: 1 } });
  return taken.modifiedCount === 1;
}

export async function giveBackRender(uid: string, day: string): Promise<void> {
  await VideoQuota.updateOne({ uid, day, count: mongoose.trusted({ $gt: 0 }) }, { $inc: { count: -1 } });
}

/** The shown lines of the named turns of a play (1009 `group_ids` for a turn not of it or named twice; 1020602 flagged). */
async function linesOfTurns(playId: string, groupIds: string[]): Promise<DialogueFields[]> {
  const ids = [...new Set(groupIds)];
  if (ids.length !== groupIds.length) throw new AppError(ErrorCode.ClientParamError, 'group_ids: a turn is named twice');
  const rows = await Dialogue.find({ play_id: playId, group_id: mongoose.trusted({ $in: ids }) }).sort({ seq: 1 }).lean<DialogueFields[]>();
  if (new Set(rows.map((d) => d.group_id)).size !== ids.length) throw new AppError(ErrorCode.ClientParamError, 'group_ids: not all are turns of this play');
  const flagged = rows.filter((d) => FLAGGED.has(d.status) && SHOWN.has(d.type)).map((d) => d.dialogue_id);
  if (flagged.length > 0) {
    throw new AppError(ErrorCode.DialogueReviewNotPassed, 'Some lines did not pass the review and cannot be in a video', { data: { dialogue_ids: flagged } });
  }
  const lines = rows.filter(shown);
  if (lines.length === 0) throw new AppError(ErrorCode.ClientParamError, 'group_ids: the turns have no lines to show');
  if (lines.length > VIDEO_MAX_LINES) throw new AppError(ErrorCode.ClientParamError, `group_ids: the turns have ${lines.length} lines; choose at most ${VIDEO_MAX_LINES}`);
  return lines;
}

/**
 * The lines of a video: the named turns' or lines of one's play (any state), or every shown line of one's ended play.
 * Refusals: another's play 1050001; a named line not of the play or not shown 1009 (`dialogue_ids`); a named line
 * the review flagged 1020602 with the flagged ids; a whole play not ended 1005 (`not_ended`); more than
 * VIDEO_MAX_LINES lines 1009.
 */
async function linesFor(uid: string, input: VideoTaskCreateRequest) {
  const play = await ownPlay(input.play_id, uid);
  let lines: DialogueFields[];
  if (input.group_ids) {
    lines = await linesOfTurns(play.play_id, input.group_ids);
  } else if (input.dialogue_ids) {
    const ids = [...new Set(input.dialogue_ids)];
    if (ids.length !== input.dialogue_ids.length) throw new AppError(ErrorCode.ClientParamError, 'dialogue_ids: a line is named twice');
    lines = await Dialogue.find({ play_id: play.play_id, dialogue_id: mongoose.trusted({ $in: ids }) }).sort({ seq: 1 }).lean<DialogueFields[]>();
    if (lines.length !== ids.length) throw new AppError(ErrorCode.ClientParamError, 'dialogue_ids: not all are lines of this play');
    const flagged = lines.filter((d) => FLAGGED.has(d.status)).map((d) => d.dialogue_id);
    if (flagged.length > 0) {
      throw new AppError(ErrorCode.DialogueReviewNotPassed, 'Some lines did not pass the review and cannot be in a video', { data: { dialogue_ids: flagged } });
    }
    if (!lines.every(shown)) throw new AppError(ErrorCode.ClientParamError, 'dialogue_ids: only lines that were said or told can be in a video');
  } else {
    if (play.status !== PlayStatus.Ending) {
      throw new AppError(ErrorCode.BusinessError, 'The play has not ended: choose the lines to share', { data: { reason: 'not_ended' } });
    }
    const rows = await Dialogue.find({ play_id: play.play_id }).sort({ seq: 1 }).lean<DialogueFields[]>();
    // Lines the review flagged were never shown to the player either: a whole play's video goes without them.
    lines = rows.filter((d) => shown(d) && !FLAGGED.has(d.status));
    if (lines.length === 0) throw new AppError(ErrorCode.ClientParamError, 'play_id: the play has no lines to show');
    if (lines.length > VIDEO_MAX_LINES) {
      throw new AppError(ErrorCode.ClientParamError, `dialogue_ids: the play has ${lines.length} lines; choose at most ${VIDEO_MAX_LINES}`);
    }
  }
  return { play, lines };
}

function present(t: VideoTaskFields, share: VideoTaskView['share']): VideoTaskView {
  return {
    task_id: t.task_id,
    play_id: t.play_id,
    story_id: t.story_id,
    status: t.status,
    percent: t.percent,
    lines: t.dialogue_ids.length,
    duration_ms: t.duration_ms,
    bytes: t.bytes,
    video_path: t.status === 'Success' ? videoPath(t.task_id) : '',
    share,
    error_code: t.error_code,
    created_at: t.created_at.toISOString(),
  };
}

export const videoPath = (taskId: string): string => `/api/share/video/${taskId}.mp4`;

async function presentTask(t: VideoTaskFields, deps: VideoDeps, language: UiLanguage): Promise<VideoTaskView> {
  return present(t, t.status === 'Success' ? await shareVideo(t.uid, t.task_id, deps.publicUrl, language) : null);
}

/** Asks for a video of a play (see linesFor); past the day's renders 1020601 with the quota. Nothing is kept of a refusal. */
export async function createVideoTask(uid: string, input: VideoTaskCreateRequest, deps: VideoDeps) {
  const { play, lines } = await linesFor(uid, input);
  const story = await liveStoryView(play.story_id);
  if (!story.reach.share) throw new AppError(ErrorCode.BusinessError, 'A story that is not recommended cannot be shared', { data: { reason: 'not_recommended' } });
  await refuseIfBlocked(uid, story.uid);
  const day = utcDay(deps.now());
  if (!(await takeRender(uid, day, deps.dailyRenders))) {
    throw new AppError(ErrorCode.VideoShareRenderLimit, 'Limit reached today, try tomorrow', { data: { quota: await quotaOf(uid, deps) } });
  }
  const taskId = randomBytes(12).toString('hex');
  let task: VideoTaskFields;
  try {
    task = (
      await VideoTask.create({ task_id: taskId, uid, play_id: play.play_id, story_id: play.story_id, dialogue_ids: lines.map((d) => d.dialogue_id), day })
    ).toObject() as unknown as VideoTaskFields;
    await deps.enqueue(taskId);
  } catch (err) {
    await VideoTask.deleteOne({ task_id: taskId });
    await giveBackRender(uid, day);
    throw err;
  }
  deps.events.emit('video.progressed', { uid, task_id: taskId, status: 'Waiting', percent: 0, error_code: 0 });
  return { task: present(task, null), quota: await quotaOf(uid, deps) };
}

async function ownTask(uid: string, taskId: string): Promise<VideoTaskFields> {
  const t = await VideoTask.findOne({ task_id: taskId, uid }).lean<VideoTaskFields>();
  if (!t) throw new AppError(ErrorCode.RecordNotFound, 'No such video task');
  return t;
}

export async function videoTask(uid: string, taskId: string, deps: VideoDeps, language: UiLanguage) {
  return { task: await presentTask(await ownTask(uid, taskId), deps, language), quota: await quotaOf(uid, deps) };
}

/**
 * Cancels a task waiting or rendering (its ffmpeg is killed, nothing of it is kept); a task still waiting gives its
 * render back. Cancelling again answers the cancelled task; a finished one 1050003.
 */
export async function cancelVideoTask(uid: string, taskId: string, deps: VideoDeps, language: UiLanguage) {
  const t = await ownTask(uid, taskId);
  if (t.status === 'Success' || t.status === 'Fail') {
    throw new AppError(ErrorCode.IllegalOperation, 'The video is already finished', { data: { status: t.status } });
  }
  let current = t;
  if (t.status !== 'Cancel') {
    const cancelled = await VideoTask.findOneAndUpdate({ task_id: taskId, status: mongoose.trusted({ $in: ['Waiting', 'Rendering'] }) }, { $set: { status: 'Cancel' } }, { new: true }).lean<VideoTaskFields>();
    if (!cancelled) return cancelVideoTask(uid, taskId, deps, language);
    deps.stopLocal(taskId);
    if (t.status === 'Waiting') await giveBackRender(uid, t.day);
    deps.events.emit('video.progressed', { uid, task_id: taskId, status: 'Cancel', percent: cancelled.percent, error_code: 0 });
    current = cancelled;
  }
  return { task: present(current, null), quota: await quotaOf(uid, deps) };
}

const TITLE: Record<UiLanguage, (name: string) => string> = {
  en: (name) => `${name}: a play, as a video`,
  zh: (name) => `${name}：游玩视频`,
};

// What a video's share link shows: the story's name and cover, the video's first lines.
registerVideoPresenter(async (taskId, language) => {
  const t = await VideoTask.findOne({ task_id: taskId, status: 'Success' }).lean<VideoTaskFields>();
  if (!t || !t.file_id) return null;
  const story = await liveStoryView(t.story_id);
  const first = await Dialogue.find({ dialogue_id: mongoose.trusted({ $in: t.dialogue_ids.slice(0, 3) }) }, { content: 1, seq: 1 }).sort({ seq: 1 }).lean<Array<{ content: string }>>();
  return {
    title: TITLE[language](story.story_name),
    description: first.map((d) => d.content.trim()).join(' ') || story.introduction,
    cover: story.logo,
    story_id: t.story_id,
    play_id: t.play_id,
    open_path: `/play/story/${t.story_id}`,
    path: videoPath(t.task_id),
    duration_ms: t.duration_ms,
    width: VIDEO_FORMAT.width,
    height: VIDEO_FORMAT.height,
  };
});
