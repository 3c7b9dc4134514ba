import mongoose from 'mongoose';
import { usersByUid } from '../../users';
import { heldStoryIds } from '../../feedback';
import { StoryLike } from '../../community';
import { storyStatsOf } from '../../community';
import { keywordsOf, wordsOf } from '../../../ai/chat/words';
import { DialogueType } from 'shared-kit';
import { Dialogue, type DialogueFields } from '../dialogue.model';
import { Play, type PlayFields } from '../play.model';
import { liveStoryViews, type LiveStoryView } from '../../stories';
import { presentDialogue, presentStoryCard, presentStoryDetail, presentViewCard, type CreatorInfo } from './play.presenter';
import { allLiveStories, liveStories, publishedStory, versionForPlay, type PlayableStory } from './story.source';

async function creators(uids: string[]): Promise<Map<string, CreatorInfo>> {
  const users = await usersByUid(uids, ['nickname', 'avatar']);
  return new Map([...users.values()].map((u) => [u.uid, { uid: u.uid, nickname: u.nickname, avatar: u.avatar ?? '' }]));
}

async function cards(stories: PlayableStory[]) {
  const [who, stats] = await Promise.all([creators(stories.map((s) => s.uid)), storyStatsOf(stories.map((s) => s.story_id))]);
  return stories.map((s) => presentStoryCard(s, who.get(s.uid), stats.get(s.story_id)));
}

/** Cards of stories as others see them (their live views), in the order given. */
async function viewCards(views: LiveStoryView[]) {
  const who = await creators(views.map((v) => v.uid));
  return views.map((v) => presentViewCard(v, who.get(v.uid)));
}

/** The live views of these stories, in their order (those others may no longer see left out). */
async function viewsInOrder(ids: string[], viewerUid?: string): Promise<LiveStoryView[]> {
  const views = await liveStoryViews(ids, viewerUid);
  return ids.flatMap((id) => views.get(id) ?? []);
}

/** `story/list`: stories that passed review, newest first; for a signed-in viewer, without those they held. */
export async function storyList(offset: number, count: number, viewerUid?: string) {
  const { rows, hasMore } = await liveStories(offset, count, await heldStoryIds(viewerUid));
  return { stories: await viewCards(await viewsInOrder(rows.map((r) => r.story_id))), has_more: hasMore, next_offset: offset + rows.length };
}

/** Topic pages: the cards of these stories that the viewer may see, in the order given, each with `can_play`. */
export async function storyCards(storyIds: string[], viewerUid?: string) {
  const shown = await viewCards(await viewsInOrder(storyIds, viewerUid));
  return shown.map((card) => ({ ...card, can_play: card.chapters_count > 0 }));
}

/** `story/info`: the card of the live version (or `version_id`). */
export async function storyInfo(storyId: string, versionId?: string, viewerUid?: string) {
  const story = await publishedStory(storyId, versionId, viewerUid);
  const [card] = await cards([story]);
  return { ...card!, can_play: story.content.nodes.length > 0 };
}

/** `detail`: what the story page shows. */
export async function storyDetail(storyId: string, viewerUid?: string) {
  const story = await publishedStory(storyId, undefined, viewerUid);
  const [who, stats, liked] = await Promise.all([
    creators([story.uid]),
    storyStatsOf([storyId]),
    viewerUid ? StoryLike.exists({ story_id: storyId, uid: viewerUid }) : null,
  ]);
  const counts = stats.get(storyId)!;
  return { ...presentStoryDetail(story, who.get(story.uid), counts), liked: !!liked, comment_status: counts.comment_status };
}

function haystack(s: { story_name: string; introduction: string }): string {
  return `${s.story_name}\n${s.introduction}`.toLowerCase();
}

/** `search`: live stories whose name or introduction contains every word of the keyword. */
export async function searchStories(keyword: string, offset: number, size: number) {
  const terms = wordsOf(keyword);
  const needle = keyword.trim().toLowerCase();
  const stories = await viewsInOrder((await allLiveStories()).map((r) => r.story_id));
  const hits = stories.filter((s) => {
    const text = haystack(s);
    return terms.length > 0 ? terms.every((t) => text.includes(t)) : text.includes(needle);
  });
  const page = hits.slice(offset, offset + size);
  return { stories: await viewCards(page), total: hits.length, has_more: offset + page.length < hits.length, next_offset: offset + page.length };
}

/** `related_story_list`: same creator first, then most shared words of name and introduction. */
export async function relatedStories(storyId: string, count: number) {
  const base = await publishedStory(storyId);
  const words = new Set(keywordsOf(haystack(base.content), 30));
  const others = (await viewsInOrder((await allLiveStories()).map((r) => r.story_id))).filter((s) => s.story_id !== storyId);
  const scored = others.map((s) => ({
    s,
    score: (s.uid === base.uid ? 100 : 0) + keywordsOf(haystack(s), 30).filter((w) => words.has(w)).length,
  }));
  scored.sort((a, b) => b.score - a.score);
  return { stories: await viewCards(scored.slice(0, count).map((x) => x.s)) };
}

/** The player's latest play of each story, newest first (test plays of drafts excluded), a page of them with their stories. */
async function playedPage(uid: string, offset: number, count: number, withinDays?: number, now: number = Date.now()) {
  const filter: Record<string, unknown> = { uid, is_draft: false, hidden: false };
  if (withinDays !== undefined) filter.last_played_at = mongoose.trusted({ $gte: new Date(now - withinDays * 86_400_000) });
  const plays = await Play.find(filter, { play_id: 1, story_id: 1, version_id: 1, status: 1, last_played_at: 1, turns: 1, ending: 1 })
    .sort({ last_played_at: -1 })
    .limit(2000)
    .lean<PlayFields[]>();
  const seen = new Set<string>();
  const latest = plays.filter((p) => (seen.has(p.story_id) ? false : (seen.add(p.story_id), true)));
  const page = latest.slice(offset, offset + count);
  const stories = await Promise.all(
    page.map(async (p) => {
      try {
        return await publishedStory(p.story_id, p.version_id);
      } catch {
        return null;
      }
    }),
  );
  const found = stories.filter((s): s is PlayableStory => s !== null);
  const [who, stats] = await Promise.all([creators(found.map((s) => s.uid)), storyStatsOf(found.map((s) => s.story_id))]);
  const items = page.flatMap((p, i) => {
    const s = stories[i];
    if (!s) return [];
    const card = { ...presentStoryCard(s, who.get(s.uid), stats.get(s.story_id)), play_id: p.play_id, play_status: p.status, turns: p.turns, last_played_at: p.last_played_at.toISOString() };
    return [{ card, story: s }];
  });
  return { items, has_more: offset + page.length < latest.length, next_offset: offset + page.length };
}

/** `played_story`: the player's latest play of each story, newest first; `withinDays`: only those played since. */
export async function playedStories(uid: string, offset: number, count: number, withinDays?: number, now: number = Date.now()) {
  const { items, has_more, next_offset } = await playedPage(uid, offset, count, withinDays, now);
  return { stories: items.map((i) => i.card), has_more, next_offset };
}

/**
 * `del_played_story`: hides every play of the story (or, with no story, every play) from the player's history, chats
 * included; the plays themselves stay.
 */
export async function deletePlayedStory(uid: string, storyId: string | null) {
  const res = await Play.updateMany(storyId ? { uid, story_id: storyId, hidden: false } : { uid, hidden: false }, { $set: { hidden: true } });
  return { story_id: storyId ?? '', hidden: res.modifiedCount };
}

/** Dialogue types a chat's last line may be (what was said, not chapter marks or summaries). */
const SAID: readonly string[] = [DialogueType.Input, DialogueType.NpcDialogue, DialogueType.Narration, DialogueType.OpeningRemark, DialogueType.HappyEnding, DialogueType.BadEnding];

/**
 * `chat_list`: the player's conversations, newest first: for each story its latest play (the one Continue resumes),
 * with the last line said in it (cleared when the review hid it).
 */
export async function chatList(uid: string, offset: number, count: number) {
  const { items, has_more, next_offset } = await playedPage(uid, offset, count);
  const stories = await Promise.all(items.map(async ({ card, story }) => ({ ...card, last_line: await lastLine(card.play_id, story) })));
  return { stories, has_more, next_offset };
}

/** The last line said in a play (null before any; its text cleared when the review hid it). */
async function lastLine(playId: string, story: PlayableStory) {
  const row = await Dialogue.findOne({ play_id: playId, type: mongoose.trusted({ $in: SAID }), done: true })
    .sort({ seq: -1 })
    .lean<DialogueFields>();
  if (!row) return null;
  const shown = presentDialogue(row, story.content);
  return { role: shown.role, character_name: shown.character_name, content: shown.content, type: shown.type };
}

/**
 * `story/play_list`: the caller's own plays of one story (never anyone else's), newest first, each with the chapter
 * it reached, whether it ended and the last line said, so the story page can open any of them (`start_play` with
 * its `play_id`). Test plays of drafts and plays hidden from the history (`del_played_story`, or left by a restart
 * or an update) are not listed. A story the caller never played: an empty list.
 */
export async function playList(uid: string, storyId: string, offset: number, count: number) {
  const plays = await Play.find(
    { uid, story_id: storyId, is_draft: false, hidden: false },
    { play_id: 1, story_id: 1, version_id: 1, status: 1, chapter_index: 1, turns: 1, ending: 1, created_at: 1, last_played_at: 1 },
  )
    .sort({ last_played_at: -1 })
    .skip(offset)
    .limit(count + 1)
    .lean<Array<PlayFields & { created_at?: Date }>>();
  const page = plays.slice(0, count);
  const listed = await Promise.all(
    page.map(async (p) => {
      let story: PlayableStory;
      try {
        // As start_play resumes it: a play keeps its version's content (versionForPlay).
        story = await versionForPlay(p.story_id, p.version_id);
      } catch {
        // The version itself is gone: the play cannot be opened, so it is not offered.
        return null;
      }
      return {
        play_id: p.play_id,
        story_id: p.story_id,
        version_id: p.version_id,
        play_status: p.status,
        chapter_index: p.chapter_index,
        chapters_count: story.content.nodes.length,
        turns: p.turns,
        ending: p.ending ? { type: p.ending.type } : null,
        created_at: p.created_at?.toISOString() ?? null,
        last_played_at: p.last_played_at.toISOString(),
        last_line: await lastLine(p.play_id, story),
      };
    }),
  );
  return { plays: listed.filter((x) => x !== null), has_more: plays.length > count, next_offset: offset + page.length };
}
