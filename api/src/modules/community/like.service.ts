import mongoose from 'mongoose';
import { ErrorCode, FeedbackAttitude, type BadReason, type StoryLikeResult } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { Dialogue } from '../play';
import { Play } from '../play';
import { isDuplicateKey } from '../user';
import { newestPart, pageRange, sortKey } from '../../lib/keys';
import { DialogueFeedback, DialogueLike, StoryLike } from './like.model';
import { nobody, peopleOf, refuseIfBlocked } from './people';
import { bumpStory, bumpUser, clampCount, StoryStats } from './stats.model';
import { liveStoryView, liveStoryViews } from '../editor';
import { notify } from '../notice';

async function likeCount(storyId: string): Promise<number> {
  const stats = await StoryStats.findOne({ story_id: storyId }, { like_count: 1 }).lean<{ like_count?: number }>();
  return clampCount(stats?.like_count);
}

/**
 * Likes or unlikes a story. `like` says which; without it the call toggles. Each counter moves only after its row
 * was really written or removed (the unique index decides between concurrent calls), so counts never double and
 * never drift below zero.
 */
export async function likeStory(uid: string, storyId: string, like: boolean | undefined, now: Date): Promise<StoryLikeResult> {
  const story = await liveStoryView(storyId);
  const want = like ?? !(await StoryLike.exists({ story_id: storyId, uid }));
  if (want) {
    await refuseIfBlocked(uid, story.uid);
    let inserted = false;
    try {
      await StoryLike.create({ story_id: storyId, uid, list_key: sortKey(uid, newestPart(now), storyId), created_at: now });
      inserted = true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    if (inserted) {
      await bumpStory(storyId, { like_count: 1 });
      await bumpUser(story.uid, { likes_received: 1 });
      if (story.uid !== uid) {
        await notify({ uid: story.uid, kind: 'Like', actor_uid: uid, story_id: storyId, story_name: story.story_name });
      }
    }
  } else {
    const removed = await StoryLike.deleteOne({ story_id: storyId, uid });
    if (removed.deletedCount === 1) {
      await bumpStory(storyId, { like_count: -1 });
      await bumpUser(story.uid, { likes_received: -1 });
    }
  }
  return { story_id: storyId, liked: want, like_count: await likeCount(storyId) };
}

/** The viewer's liked stories, newest like first; stories since deleted, taken down or hidden by an operator are left out. */
export async function likedStories(uid: string, cursor: string | undefined, count: number) {
  const rows = await StoryLike.find({ uid, list_key: mongoose.trusted(pageRange(uid, cursor)) }, { story_id: 1, list_key: 1, created_at: 1 })
    .sort({ list_key: 1 })
    .limit(count + 1)
    .lean<Array<{ story_id: string; list_key: string; created_at?: Date }>>();
  const page = rows.slice(0, count);
  const ids = page.map((r) => r.story_id);
  // What the liker may see of each story: its live (reviewed) version, never the creator's working copy.
  const byId = await liveStoryViews(ids, uid);
  const people = await peopleOf([...byId.values()].map((s) => s.uid));
  const list = page.flatMap((r) => {
    const s = byId.get(r.story_id);
    if (!s) return [];
    return [
      {
        story_id: s.story_id,
        story_name: s.story_name,
        introduction: s.introduction,
        logo: s.logo,
        like_count: s.like_count,
        comment_count: s.comment_count,
        creator: people.get(s.uid) ?? nobody(s.uid),
        liked_at: r.created_at?.toISOString() ?? null,
      },
    ];
  });
  const hasMore = rows.length > count;
  return { list, has_more: hasMore, cursor: hasMore ? page[page.length - 1]!.list_key : '' };
}

/** A reply of the viewer's own play: 2006-free, just "no such dialogue" (1050001) for anything else. */
async function ownDialogue(uid: string, dialogueId: string): Promise<{ story_id: string }> {
  const dialogue = await Dialogue.findOne({ dialogue_id: dialogueId }, { play_id: 1 }).lean<{ play_id: string }>();
  const play = dialogue ? await Play.findOne({ play_id: dialogue.play_id }, { uid: 1, story_id: 1 }).lean<{ uid: string; story_id: string }>() : null;
  if (!play || play.uid !== uid) throw new AppError(ErrorCode.RecordNotFound, 'No such dialogue');
  return { story_id: play.story_id };
}

export async function likeDialogue(uid: string, dialogueId: string, liked: boolean) {
  await ownDialogue(uid, dialogueId);
  const row = await DialogueLike.findOneAndUpdate(
    { dialogue_id: dialogueId, uid },
    { $set: { liked } },
    { upsert: true, new: true },
  ).lean<{ liked: boolean; remark: string }>();
  return { dialogue_id: dialogueId, liked: row!.liked, remark: row!.remark ?? '' };
}

export async function remarkDialogue(uid: string, dialogueId: string, remark: string) {
  await ownDialogue(uid, dialogueId);
  const row = await DialogueLike.findOneAndUpdate(
    { dialogue_id: dialogueId, uid },
    { $set: { remark, liked: true } },
    { upsert: true, new: true },
  ).lean<{ liked: boolean; remark: string }>();
  return { dialogue_id: dialogueId, liked: row!.liked, remark: row!.remark ?? '' };
}

/** Bad reasons belong to a reply that did not satisfy; with Satisfied they are a parameter error. */
export async function dialogueFeedback(
  uid: string,
  input: { dialogue_id: string; attitude: FeedbackAttitude; bad_reasons: BadReason[]; content: string },
) {
  if (input.attitude === FeedbackAttitude.Satisfied && input.bad_reasons.length > 0) {
    throw new AppError(ErrorCode.ClientParamError, 'bad_reasons: only with attitude 20 or 30');
  }
  const { story_id } = await ownDialogue(uid, input.dialogue_id);
  const reasons = [...new Set(input.bad_reasons)];
  await DialogueFeedback.updateOne(
    { dialogue_id: input.dialogue_id, uid },
    { $set: { story_id, attitude: input.attitude, bad_reasons: reasons, content: input.content } },
    { upsert: true },
  );
  return { dialogue_id: input.dialogue_id, attitude: input.attitude, bad_reasons: reasons, content: input.content };
}

/**
 * `dialogue/status`: the caller's own like, remark and feedback on each of these replies (what the play screen shows
 * again after a reload). Only the caller's rows are read, so another player's ids simply answer nothing.
 */
export async function dialogueStatus(uid: string, dialogueIds: string[]) {
  const filter = { uid, dialogue_id: mongoose.trusted({ $in: dialogueIds }) };
  const [likes, feedback] = await Promise.all([
    DialogueLike.find(filter, { dialogue_id: 1, liked: 1, remark: 1 }).lean<Array<{ dialogue_id: string; liked: boolean; remark?: string }>>(),
    DialogueFeedback.find(filter, { dialogue_id: 1, attitude: 1, bad_reasons: 1, content: 1 }).lean<
      Array<{ dialogue_id: string; attitude: FeedbackAttitude; bad_reasons: BadReason[]; content?: string }>
    >(),
  ]);
  const likeOf = new Map(likes.map((l) => [l.dialogue_id, l]));
  const feedbackOf = new Map(feedback.map((f) => [f.dialogue_id, f]));
  const list = dialogueIds
    .filter((id) => likeOf.has(id) || feedbackOf.has(id))
    .map((id) => {
      const l = likeOf.get(id);
      const f = feedbackOf.get(id);
      return {
        dialogue_id: id,
        liked: l?.liked ?? false,
        remark: l?.remark ?? '',
        feedback: f ? { attitude: f.attitude, bad_reasons: [...f.bad_reasons], content: f.content ?? '' } : null,
      };
    });
  return { list };
}
