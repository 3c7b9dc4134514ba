import { CommentStatus, ErrorCode, TemplateStatus, UserIdentity } from 'shared-kit';
import { type ReportTarget } from 'shared-kit/areas';
import { AppError } from '../../lib/errors';
import { Comment, type CommentRecord } from '../comment';
import { liveStoryView, storyById, versionById } from '../stories';
import { Dialogue, Play } from '../play';
import { Template } from '../template';
import { collectionTargetView, reportInfo, visibleCollection } from '../collection';
import { threadTargetView, visibleThread } from '../thread';
import { isBlockedBetween, userByUid } from '../users';

/** What a report needs of its target: whose it is, the story it belongs to, a name for lists. */
export interface TargetInfo {
  owner_uid: string;
  story_id: string;
  name: string;
}

const excerpt = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * The target a reporter may report: one they can see. A story players can open, a comment not taken down, a signed-in
 * account, a line of the reporter's own play. A comment across a block with its author is not seen. Unknown or unseen: 1050001 (a story: its own code).
 */
export async function reportableTarget(type: ReportTarget, id: string, reporterUid: string): Promise<TargetInfo> {
  switch (type) {
    case 'story': {
      const s = await liveStoryView(id);
      return { owner_uid: s.uid, story_id: s.story_id, name: s.story_name };
    }
    case 'comment': {
      const c = await Comment.findOne({ comment_id: id }).lean<CommentRecord>();
      const seen = c && (c.status === CommentStatus.AllVisible || (c.status === CommentStatus.SelfVisible && c.uid === reporterUid));
      // Across a block, either way, the comment is hidden from the reporter (as in `comment/get`): as if gone.
      if (!c || !seen || (c.uid !== reporterUid && (await isBlockedBetween(c.uid, reporterUid)))) throw new AppError(ErrorCode.CommentDeleted);
      return { owner_uid: c.uid, story_id: c.story_id, name: excerpt(c.text) };
    }
    case 'author': {
      const u = await userByUid(id, ['uid', 'nickname'], { identity: UserIdentity.User });
      if (!u) throw new AppError(ErrorCode.UserNotExist);
      return { owner_uid: u.uid, story_id: '', name: u.nickname };
    }
    case 'dialogue': {
      const d = await Dialogue.findOne({ dialogue_id: id }, { play_id: 1, content: 1 }).lean<{ play_id: string; content: string }>();
      const play = d ? await Play.findOne({ play_id: d.play_id }, { uid: 1, story_id: 1 }).lean<{ uid: string; story_id: string }>() : null;
      // A play's lines are seen by its player only.
      if (!d || !play || play.uid !== reporterUid) throw new AppError(ErrorCode.RecordNotFound, 'No such dialogue');
      const story = await storyById(play.story_id, ['uid', 'story_name']);
      return { owner_uid: story?.uid ?? '', story_id: play.story_id, name: excerpt(d.content) };
    }
    case 'template': {
      const t = await Template.findOne({ template_id: id, status: TemplateStatus.Published }, { uid: 1, name: 1 }).lean<{ uid: string; name: string }>();
      if (!t) throw new AppError(ErrorCode.RecordNotFound, 'No such template');
      return { owner_uid: t.uid, story_id: '', name: t.name };
    }
    case 'collection':
      // One the reporter can see: a passed copy, not removed, not across a block (1010901 / 1010902).
      return reportInfo(await visibleCollection(id, reporterUid));
    case 'thread': {
      // One the reporter can see: not deleted or removed, not across a block with its owner (1050001).
      const t = await visibleThread(id, reporterUid);
      return { owner_uid: t.uid, story_id: t.story_id, name: t.title };
    }
    case 'topic':
      // Topics have no module on the api yet: the report is kept by its id for an operator to look up.
      return { owner_uid: '', story_id: '', name: '' };
    default:
      throw new AppError(ErrorCode.ClientParamError, 'target_type: unknown');
  }
}

/** The target as a player sees it now, for the operator who judges the reports (`exists` false once it is gone). */
export async function targetView(type: string, id: string) {
  const none = { exists: false, title: '', text: '', image: '', author: null, parts: [] as Array<{ label: string; text: string }>, link: '' };
  const person = async (uid: string) => {
    const u = await userByUid(uid, ['uid', 'nickname']);
    return u ? { uid: u.uid, nickname: u.nickname } : null;
  };
  switch (type) {
    case 'story': {
      const s = await storyById(id, ['uid', 'live_version_id']);
      const v = s?.live_version_id ? await versionById(s.live_version_id) : null;
      if (!s || !v) return none;
      const c = v.content;
      return {
        exists: true,
        title: c.story_name,
        text: c.introduction,
        image: c.logo ?? '',
        author: await person(s.uid),
        parts: [
          ...c.characters.filter((ch) => ch.character_name).map((ch) => ({ label: ch.character_name, text: ch.settings ?? '' })),
          ...c.nodes.map((n, i) => ({ label: `#${i + 1} ${n.name ?? ''}`.trim(), text: n.content ?? '' })),
          ...(c.prologue?.content ? [{ label: 'prologue', text: c.prologue.content }] : []),
        ],
        link: `/play/story/${id}`,
      };
    }
    case 'comment': {
      const c = await Comment.findOne({ comment_id: id }).lean<CommentRecord>();
      if (!c) return none;
      return { ...none, exists: c.status !== CommentStatus.Offline, title: '', text: c.text, author: await person(c.uid), link: `/play/story/${c.story_id}` };
    }
    case 'author': {
      const who = await person(id);
      return who ? { ...none, exists: true, title: who.nickname, author: who, link: `/play/author/${id}` } : none;
    }
    case 'dialogue': {
      const d = await Dialogue.findOne({ dialogue_id: id }, { content: 1, play_id: 1 }).lean<{ content: string; play_id: string }>();
      if (!d) return none;
      const play = await Play.findOne({ play_id: d.play_id }, { story_id: 1 }).lean<{ story_id: string }>();
      const story = play ? await storyById(play.story_id, ['uid']) : null;
      return { ...none, exists: true, text: d.content, author: story ? await person(story.uid) : null, link: play ? `/play/story/${play.story_id}` : '' };
    }
    case 'template': {
      const t = await Template.findOne({ template_id: id }, { uid: 1, name: 1, description: 1, cover: 1, status: 1 }).lean<{
        uid: string;
        name: string;
        description: string;
        cover: string;
        status: string;
      }>();
      if (!t) return none;
      return { ...none, exists: t.status === TemplateStatus.Published, title: t.name, text: t.description, image: t.cover, author: await person(t.uid) };
    }
    case 'collection': {
      const c = await collectionTargetView(id);
      if (!c) return none;
      return { ...none, exists: c.exists, title: c.title, text: c.text, image: c.image, author: await person(c.uid), parts: c.parts, link: c.link };
    }
    case 'thread': {
      const t = await threadTargetView(id);
      if (!t) return none;
      return { ...none, exists: t.exists, title: t.title, text: t.text, image: t.image, author: await person(t.uid), parts: t.parts, link: t.link };
    }
    default:
      return { ...none, title: id };
  }
}
