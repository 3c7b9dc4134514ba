import { ErrorCode, ShareType, type ShareInfo } from 'shared-kit';
import { AppError } from '../../lib/errors';
import type { UiLanguage } from '../../lib/language';
import { isDuplicateKey } from '../users';
import { ShareLink, type ShareLinkRecord } from './share.model';

/** What a creator's weekly report shows on its link (its module presents it: this one only keeps links). */
export interface NewspaperView {
  title: string;
  description: string;
  cover: string;
  /** Where the landing page leads (the creator's page). */
  open_path: string;
}
export type NewspaperPresenter = (uid: string, week: string, language: UiLanguage) => Promise<NewspaperView | null>;

let presenter: NewspaperPresenter | null = null;

/** Set by the weekly report's module, which owns the reports. */
export function registerNewspaperPresenter(fn: NewspaperPresenter): void {
  presenter = fn;
}

function absolute(url: string, publicUrl: string): string {
  if (!url || /^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

export async function presentNewspaper(link: ShareLinkRecord, publicUrl: string, language: UiLanguage): Promise<ShareInfo> {
  const view = link.week && presenter ? await presenter(link.uid, link.week, language) : null;
  if (!view) throw new AppError(ErrorCode.RecordNotFound, 'No such report');
  return {
    code: link.code,
    share_type: ShareType.CreatorNewspaper,
    story_id: '',
    play_id: '',
    title: view.title,
    description: view.description.slice(0, 300),
    cover: absolute(view.cover, publicUrl),
    path: `/s/${link.code}`,
    play_path: view.open_path,
  };
}

/** The sharer's link to their report of `week` (the same code each time); 1050001 when they have no such report. */
export async function newspaperShare(uid: string, week: string, publicUrl: string, language: UiLanguage, newCode: () => string): Promise<ShareInfo> {
  const subject_key = [uid, ShareType.CreatorNewspaper, week].join('|');
  let link = await ShareLink.findOne({ subject_key }).lean<ShareLinkRecord>();
  for (let attempt = 0; !link && attempt < 3; attempt += 1) {
    try {
      link = (await ShareLink.create({ code: newCode(), share_type: ShareType.CreatorNewspaper, week, uid, subject_key })).toObject() as unknown as ShareLinkRecord;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      link = await ShareLink.findOne({ subject_key }).lean<ShareLinkRecord>();
    }
  }
  if (!link) throw new AppError(ErrorCode.ConcurrentOperation);
  return presentNewspaper(link, publicUrl, language);
}
