import { unwrap, type Envelope, type ShareInfo } from 'shared-kit';
import type { VideoQuota, VideoTask, VideoTaskCreateRequest } from 'shared-kit/schemas';
import { apiClient } from '../api/client';

// A play shared as a video (docs/api.md, "A play as a video"): the render task, its cancel, the renders left today.

export type VideoAnswer = { task: VideoTask; quota: VideoQuota };

const S = '/share/story';

export function videoQuota(): Promise<VideoQuota> {
  return unwrap(apiClient.get<Envelope<VideoQuota>>(`${S}/video_quota`, { silent: true }));
}

export function createVideoTask(body: VideoTaskCreateRequest): Promise<VideoAnswer> {
  return unwrap(apiClient.post<Envelope<VideoAnswer>>(`${S}/create_video_task`, body, { silent: true }));
}

export function videoTask(taskId: string): Promise<VideoAnswer> {
  return unwrap(apiClient.get<Envelope<VideoAnswer>>(`${S}/video_task`, { params: { task_id: taskId }, silent: true }));
}

export function cancelVideoTask(taskId: string): Promise<VideoAnswer> {
  return unwrap(apiClient.post<Envelope<VideoAnswer>>(`${S}/cancel_video_task`, { task_id: taskId }, { silent: true }));
}

/** A share link's information (a video's carries `video`). */
export function shareInfo(code: string): Promise<ShareInfo> {
  return unwrap(apiClient.get<Envelope<ShareInfo>>(`${S}/get_info`, { params: { code }, silent: true }));
}
