import mongoose from 'mongoose';
import { VIDEO_TASK_STATUSES, type VideoTaskStatus } from 'shared-kit/schemas';

/** A play rendered as a video: asked for by its player, rendered by a durable job (video.job.ts). */
const videoTaskSchema = new mongoose.Schema(
  {
    task_id: { type: String, required: true, unique: true },
    uid: { type: String, required: true },
    play_id: { type: String, required: true },
    story_id: { type: String, required: true },
    /** The lines rendered, in play order (checked when the task was made). */
    dialogue_ids: { type: [String], required: true },
    status: { type: String, enum: VIDEO_TASK_STATUSES, required: true, default: 'Waiting' },
    percent: { type: Number, default: 0 },
    /** The UTC day whose render limit the task counts against (given back when it fails). */
    day: { type: String, required: true },
    /** The file in the `videos` GridFS bucket once rendered. */
    file_id: { type: String, default: '' },
    duration_ms: { type: Number, default: 0 },
    bytes: { type: Number, default: 0 },
    share_code: { type: String, default: '' },
    error_code: { type: Number, default: 0 },
    /** The processes that took the job (a render handed back when its process stopped is taken again). */
    runs: { type: [String], default: [] },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, collection: 'video_tasks' },
);
videoTaskSchema.index({ uid: 1, created_at: -1 });

export interface VideoTaskFields {
  task_id: string;
  uid: string;
  play_id: string;
  story_id: string;
  dialogue_ids: string[];
  status: VideoTaskStatus;
  percent: number;
  day: string;
  file_id: string;
  duration_ms: number;
  bytes: number;
  share_code: string;
  error_code: number;
  runs: string[];
  created_at: Date;
  updated_at: Date;
}
export const VideoTask = mongoose.model('VideoTask', videoTaskSchema);

/** Renders asked for per user and UTC day, counted in MongoDB so every api process sees one count. */
const videoQuotaSchema = new mongoose.Schema(
  {
    uid: { type: String, required: true },
    day: { type: String, required: true },
    count: { type: Number, required: true, default: 0 },
  },
  { collection: 'video_quota' },
);
videoQuotaSchema.index({ uid: 1, day: 1 }, { unique: true });
export const VideoQuota = mongoose.model('VideoQuota', videoQuotaSchema);
