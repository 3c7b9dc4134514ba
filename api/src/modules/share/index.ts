// The share module's face: what other modules may use. Everything else in this folder is its own.
import type { ShareInfo } from 'shared-kit';
import type { UiLanguage } from '../../lib/language';
import { newspaperShare } from './newspaper';
import { newCode } from './share.service';
import { videoShare } from './video';

export { registerNewspaperPresenter, type NewspaperPresenter, type NewspaperView } from './newspaper';

/** A creator's link to their weekly report (share type CreatorNewspaper). */
export function shareNewspaper(uid: string, week: string, publicUrl: string, language: UiLanguage): Promise<ShareInfo> {
  return newspaperShare(uid, week, publicUrl, language, newCode);
}

export { registerVideoPresenter, type VideoPresenter, type VideoView } from './video';

/** The link to a play rendered as a video (share type Video). */
export function shareVideo(uid: string, taskId: string, publicUrl: string, language: UiLanguage): Promise<ShareInfo> {
  return videoShare(uid, taskId, publicUrl, language, newCode);
}
