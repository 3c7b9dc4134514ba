import { ErrorCode, type ShareInfo } from 'shared-kit';
import { AppError } from '../../lib/errors';
import type { UiLanguage } from '../../lib/language';
import { threadShareView } from '../thread';
import { isDuplicateKey, refuseIfBlocked } from '../users';
import { ShareLink, type ShareLinkRecord } from './share.model';

/** What a thread's link says of it, in the reader's language: the title and whose story it comes from. */
const KIND: Record<UiLanguage, (story: string) => string> = {
  en: (story) => `A thread from “${story}”`,
  zh: (story) => `来自《${story}》的帖子`,
};

const absolute = (url: string, publicUrl: string): string => (url.startsWith('/') && !url.startsWith('//') ? `${publicUrl}${url}` : url);

/** A link's words for a thread, as others see it now (1050001 once it is gone). */
export async function presentThread(link: ShareLinkRecord, viewerUid: string, publicUrl: string, language: UiLanguage): Promise<ShareInfo> {
  const t = await threadShareView(link.thread_id ?? '', viewerUid);
  const first = t.first_line.length > 200 ? `${t.first_line.slice(0, 199)}…` : t.first_line;
  return {
    code: link.code,
    share_type: link.share_type,
    story_id: t.story_id,
    play_id: '',
    thread_id: t.thread_id,
    title: t.title,
    description: `${KIND[language](t.story_name)}${first ? ` — ${first}` : ''}`.slice(0, 300),
    cover: absolute(t.logo, publicUrl),
    path: `/s/${link.code}`,
    play_path: `/play/thread/${t.thread_id}`,
  };
}

/**
 * A share link for a thread the caller can see (1050001 otherwise; 1201 across a block with its owner), with the
 * thread's share type (StoryDialogue, or BotDialogue for a bot's chat). One link per sharer and thread.
 */
export async function createThreadShare(uid: string, threadId: string, publicUrl: string, language: UiLanguage, newCode: () => string): Promise<ShareInfo> {
  const t = await threadShareView(threadId, uid);
  await refuseIfBlocked(uid, t.uid);
  const subject_key = [uid, 'thread', t.thread_id].join('|');
  let link = await ShareLink.findOne({ subject_key }).lean<ShareLinkRecord>();
  for (let attempt = 0; !link && attempt < 3; attempt += 1) {
    try {
      const made = await ShareLink.create({ code: newCode(), share_type: t.share_type, story_id: t.story_id, thread_id: t.thread_id, uid, subject_key });
      link = made.toObject() as unknown as ShareLinkRecord;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      link = await ShareLink.findOne({ subject_key }).lean<ShareLinkRecord>();
    }
  }
  if (!link) throw new AppError(ErrorCode.ConcurrentOperation);
  return presentThread(link, uid, publicUrl, language);
}
