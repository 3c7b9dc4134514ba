import { randomBytes } from 'node:crypto';
import { ErrorCode, PlayStatus, ShareType, StoryGenType, type ShareCreateRequest, type ShareInfo } from 'shared-kit';
import { AppError } from '../../lib/errors';
import type { UiLanguage } from '../../lib/language';
import { storyById } from '../stories';
import { liveStoryView, type LiveStoryView } from '../stories';
import { refuseIfBlocked } from '../users';
import { Play } from '../play';
import { isDuplicateKey } from '../users';
import { collectionShareView } from '../collection';
import { ShareLink, type ShareLinkRecord } from './share.model';
import { presentNewspaper } from './newspaper';
import { presentThread } from './thread.share';
import { presentVideo } from './video';

/** The kinds of link the web can make today (spec section 3 lists more: videos and dialogue segments need the app). */
export type WebShareType = ShareCreateRequest['share_type'];

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newCode(): string {
  const bytes = randomBytes(10);
  return [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** Why a story cannot be shared, or '' when it can. */
async function unsharableReason(storyId: string): Promise<{ reason: string; story: LiveStoryView | null }> {
  try {
    const story = await liveStoryView(storyId);
    // Spec section 4: a not-recommended creation cannot be shared.
    return { reason: story.reach.share ? '' : 'not_recommended', story };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const reason =
      err.code === ErrorCode.StoryDeleted
        ? 'removed'
        : err.code === ErrorCode.PlayableVersionMissing
          ? 'not_published'
          : err.code === ErrorCode.NoPermission
            ? 'not_available'
            : 'not_found';
    return { reason, story: null };
  }
}

export async function sharableCheck(storyId: string) {
  const { reason } = await unsharableReason(storyId);
  return { story_id: storyId, sharable: reason === '', reason };
}

/** What a link's title adds to the story's name for an ending or a bot, in the reader's language. */
const TITLE: Record<UiLanguage, { ending: (name: string) => string; bot: (name: string) => string }> = {
  en: { ending: (name) => `${name}: an ending`, bot: (name) => `${name}: a character chat` },
  zh: { ending: (name) => `${name}：一个结局`, bot: (name) => `${name}：角色聊天` },
};

async function present(link: ShareLinkRecord, story: LiveStoryView, publicUrl: string, language: UiLanguage): Promise<ShareInfo> {
  let title = story.story_name;
  let description = story.introduction;
  if (link.share_type === ShareType.PlayEnding) {
    const play = await Play.findOne({ play_id: link.play_id }, { ending: 1 }).lean<{ ending?: { type?: string; content?: string } | null }>();
    const ending = play?.ending?.content ?? '';
    if (ending) description = ending;
    title = TITLE[language].ending(story.story_name);
  } else if (link.share_type === ShareType.Bot) {
    // A bot is a chat with one character, not a story in chapters: its link says so.
    title = TITLE[language].bot(story.story_name);
  }
  return {
    code: link.code,
    share_type: link.share_type,
    story_id: link.story_id,
    play_id: link.play_id,
    title,
    description: description.slice(0, 300),
    cover: absolute(story.logo, publicUrl),
    path: `/s/${link.code}`,
    play_path: `/play/story/${link.story_id}`,
  };
}

function absolute(url: string, publicUrl: string): string {
  if (!url) return '';
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

/**
 * A share link for a story, a bot or the ending of one's own play. Not shareable (removed, never published): the
 * story's code (2001, 2003, 2002), not recommended 1005 (`not_recommended`); across a block with the creator 1201; a play that is not the caller's, not of
 * that story or not ended: 1050001 or 1005.
 */
export async function createShare(uid: string, input: { share_type: WebShareType; story_id: string; play_id?: string }, publicUrl: string, language: UiLanguage = 'en') {
  const story = await liveStoryView(input.story_id);
  if (!story.reach.share) {
    throw new AppError(ErrorCode.BusinessError, 'A story that is not recommended cannot be shared', { data: { reason: 'not_recommended' } });
  }
  await refuseIfBlocked(uid, story.uid);
  let playId = '';
  if (input.share_type === ShareType.PlayEnding) {
    if (!input.play_id) throw new AppError(ErrorCode.ClientParamError, 'play_id: required for a play ending');
    const play = await Play.findOne({ play_id: input.play_id }, { uid: 1, story_id: 1, status: 1 }).lean<{ uid: string; story_id: string; status: string }>();
    if (!play || play.uid !== uid || play.story_id !== story.story_id) throw new AppError(ErrorCode.RecordNotFound, 'No such play');
    if (play.status !== PlayStatus.Ending) throw new AppError(ErrorCode.BusinessError, 'The play has not ended', { data: { reason: 'not_ended' } });
    playId = input.play_id;
  } else if (input.share_type === ShareType.Bot) {
    const s = await storyById(story.story_id, ['story_gen_type']);
    if (s?.story_gen_type !== StoryGenType.SingleBot) throw new AppError(ErrorCode.ClientParamError, 'share_type: this story is not a bot');
  }
  const subject_key = [uid, input.share_type, story.story_id, playId].join('|');
  let link = await ShareLink.findOne({ subject_key }).lean<ShareLinkRecord>();
  for (let attempt = 0; !link && attempt < 3; attempt += 1) {
    try {
      const made = await ShareLink.create({ code: newCode(), share_type: input.share_type, story_id: story.story_id, play_id: playId, uid, subject_key });
      link = made.toObject() as unknown as ShareLinkRecord;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      link = await ShareLink.findOne({ subject_key }).lean<ShareLinkRecord>();
    }
  }
  if (!link) throw new AppError(ErrorCode.ConcurrentOperation);
  return present(link, story, publicUrl, language);
}

/** A link's words for a collection, as others see it now. */
async function presentCollection(link: ShareLinkRecord, viewerUid: string, publicUrl: string): Promise<ShareInfo> {
  const c = await collectionShareView(link.collection_id ?? '', viewerUid);
  return {
    code: link.code,
    share_type: link.share_type,
    story_id: '',
    play_id: '',
    collection_id: c.collection_id,
    title: c.name,
    description: c.description.slice(0, 300),
    cover: absolute(c.cover, publicUrl),
    path: `/s/${link.code}`,
    play_path: `/play/collection/${c.collection_id}`,
  };
}

/**
 * A share link for a collection others can see (1010901 / 1010902 otherwise; 1201 across a block with its creator),
 * shared as a web page (share type Web). One link per sharer and collection.
 */
export async function createCollectionShare(uid: string, collectionId: string, publicUrl: string): Promise<ShareInfo> {
  const c = await collectionShareView(collectionId, uid, true);
  await refuseIfBlocked(uid, c.uid);
  const subject_key = [uid, 'collection', c.collection_id].join('|');
  let link = await ShareLink.findOne({ subject_key }).lean<ShareLinkRecord>();
  for (let attempt = 0; !link && attempt < 3; attempt += 1) {
    try {
      const made = await ShareLink.create({ code: newCode(), share_type: ShareType.Web, collection_id: c.collection_id, uid, subject_key });
      link = made.toObject() as unknown as ShareLinkRecord;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      link = await ShareLink.findOne({ subject_key }).lean<ShareLinkRecord>();
    }
  }
  if (!link) throw new AppError(ErrorCode.ConcurrentOperation);
  return presentCollection(link, uid, publicUrl);
}

/** What a link shows; its story (or collection) must still be shareable. Unknown code: 1050001. */
export async function shareInfo(code: string, publicUrl: string, language: UiLanguage = 'en'): Promise<ShareInfo> {
  const link = await ShareLink.findOne({ code }).lean<ShareLinkRecord>();
  if (!link) throw new AppError(ErrorCode.RecordNotFound, 'No such share link');
  if (link.collection_id) return presentCollection(link, '', publicUrl);
  if (link.thread_id) return presentThread(link, '', publicUrl, language);
  if (link.share_type === ShareType.CreatorNewspaper) return presentNewspaper(link, publicUrl, language);
  if (link.share_type === ShareType.Video) return presentVideo(link, publicUrl, language);
  const story = await liveStoryView(link.story_id);
  return present(link, story, publicUrl, language);
}
