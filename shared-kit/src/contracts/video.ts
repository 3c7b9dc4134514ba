import { z } from 'zod';
import { idString } from '../schemas/common';
import { shareInfoSchema } from './community';

/**
 * A play shared as a video (spec: share "create and cancel video task", share type Video, codes 1020601 "video share
 * render limit" and 1020602 "dialogue review not passed"): a vertical MP4 rendered by a durable job, its progress
 * pushed as TaskProgress (`task: 'video'`), the result behind a share link.
 */

/** The rendered file: H.264 video and AAC sound in an MP4, vertical. */
export const VIDEO_FORMAT = { width: 720, height: 1280, mime: 'video/mp4' } as const;
/** The most lines one video holds (a longer play is shared as a selection of its turns). */
export const VIDEO_MAX_LINES = 80;

export const VIDEO_TASK_STATUSES = ['Waiting', 'Rendering', 'Success', 'Fail', 'Cancel'] as const;
export type VideoTaskStatus = (typeof VIDEO_TASK_STATUSES)[number];

export const VIDEO_REQUESTS = {
  /**
   * `POST /api/share/story/create_video_task`: a whole ended play, or these lines of one's play, or these turns of it
   * (`group_ids`, the turns a thread is chosen by: each turn's shown lines), in any play state.
   */
  createVideoTaskBody: z
    .object({
      play_id: idString,
      dialogue_ids: z.array(idString).min(1, 'must name at least one line').max(VIDEO_MAX_LINES, `at most ${VIDEO_MAX_LINES} lines`).optional(),
      group_ids: z.array(z.string().min(1).max(100)).min(1, 'must name at least one turn').max(VIDEO_MAX_LINES, `at most ${VIDEO_MAX_LINES} turns`).optional(),
    })
    .strict()
    .refine((b) => !(b.dialogue_ids && b.group_ids), { message: 'name lines or turns, not both', path: ['group_ids'] }),
  /** `POST /api/share/story/cancel_video_task`. */
  cancelVideoTaskBody: z.object({ task_id: z.string().regex(/^[0-9a-f]{24}$/, 'must be a video task id') }).strict(),
  /** `GET /api/share/story/video_task`. */
  videoTaskQuery: z.object({ task_id: z.string().regex(/^[0-9a-f]{24}$/, 'must be a video task id') }),
  /** `GET /api/share/video/:file` (`<task_id>.mp4`). */
  videoFileParams: z.object({ file: z.string().regex(/^[0-9a-f]{24}\.mp4$/, 'must be a video file') }),
};
export type VideoTaskCreateRequest = z.input<typeof VIDEO_REQUESTS.createVideoTaskBody>;

/** Renders left today: the player sees them before asking for a video. */
export const videoQuotaSchema = z.object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int() });
export type VideoQuota = z.infer<typeof videoQuotaSchema>;

export const videoTaskSchema = z.object({
  task_id: z.string(),
  play_id: z.string(),
  story_id: z.string(),
  status: z.enum(VIDEO_TASK_STATUSES),
  percent: z.number().int(),
  /** Lines in the video. */
  lines: z.number().int(),
  duration_ms: z.number().int(),
  bytes: z.number().int(),
  /** The file's path (`/api/share/video/<task_id>.mp4`) once rendered, else ''. */
  video_path: z.string(),
  /** The share link once rendered, else null. */
  share: shareInfoSchema.nullable(),
  /** Why it failed (a spec code), 0 otherwise. */
  error_code: z.number().int(),
  created_at: z.string(),
});
export type VideoTask = z.infer<typeof videoTaskSchema>;

const taskAndQuota = z.object({ task: videoTaskSchema, quota: videoQuotaSchema });

export const VIDEO_CONTRACTS = {
  'POST /share/story/create_video_task': taskAndQuota,
  'POST /share/story/cancel_video_task': taskAndQuota,
  'GET /share/story/video_task': taskAndQuota,
  'GET /share/story/video_quota': videoQuotaSchema,
};

/** A TaskProgress push of a video task (push_type TaskProgress, `task: 'video'`). */
export interface VideoProgressPush {
  push_type: 'TaskProgress';
  task: 'video';
  task_id: string;
  status: VideoTaskStatus;
  percent: number;
  error_code: number;
}
