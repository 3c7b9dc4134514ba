import { ErrorCode, ShareType, type ShareInfo } from 'shared-kit';
import { AppError } from '../../lib/errors';
import type { UiLanguage } from '../../lib/language';
import { isDuplicateKey } from '../users';
import { ShareLink, type ShareLinkRecord } from './share.model';

/** What a play shared as a video shows on its link (the video module presents it: this one only keeps links). */
export interface VideoView {
  title: string;
  description: string;
  cover: string;
  story_id: string;
  play_id: string;
  /** Where the landing page leads (the story's page). */
  open_path: string;
  /** The file's path on the api (`/api/share/video/<task>.mp4`). */
  path: string;
  duration_ms: number;
  width: number;
  height: number;
}
export type VideoPresenter = (taskId: string, language: UiLanguage) => Promise<VideoView | null>;

let presenter: VideoPresenter | null = null;

/** Set by the video module, which owns the renders. */
export function registerVideoPresenter(fn: VideoPresenter): void {
  presenter = fn;
}

function absolute(url: string, publicUrl: string): string {
  if (!url || /^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

export async function presentVideo(link: ShareLinkRecord, publicUrl: string, language: UiLanguage): Promise<ShareInfo> {
  const view = link.video_id && presenter ? await presenter(link.video_id, language) : null;
  if (!view) throw new AppError(ErrorCode.RecordNotFound, 'No such video');
  return {
    code: link.code,
    share_type: ShareType.Video,
    story_id: view.story_id,
    play_id: view.play_id,
    title: view.title,
    description: view.description.slice(0, 300),
    cover: absolute(view.cover, publicUrl),
    path: `/s/${link.code}`,
    play_path: view.open_path,
    video: { url: `${publicUrl}${view.path}`, path: view.path, mime: 'video/mp4', width: view.width, height: view.height, duration_ms: view.duration_ms },
  };
}

/** The link to a rendered video (one per video: the same code each time); 1050001 when the video is not there. */
export async function videoShare(uid: string, taskId: string, publicUrl: string, language: UiLanguage, newCode: () => string): Promise<ShareInfo> {
  const subject_key = [uid, ShareType.Video, taskId].join('|');
  let link = await ShareLink.findOne({ subject_key }).lean<ShareLinkRecord>();
  for (let attempt = 0; !link && attempt < 3; attempt += 1) {
    try {
      link = (await ShareLink.create({ code: newCode(), share_type: ShareType.Video, video_id: taskId, uid, subject_key })).toObject() as unknown as ShareLinkRecord;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      link = await ShareLink.findOne({ subject_key }).lean<ShareLinkRecord>();
    }
  }
  if (!link) throw new AppError(ErrorCode.ConcurrentOperation);
  return presentVideo(link, publicUrl, language);
}
