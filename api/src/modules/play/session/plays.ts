import { DialogueType, ErrorCode, PlayStatus } from 'shared-kit';
import { AppError } from '../../../lib/errors';
import { newNumericId } from '../../../lib/ids';
import type { PlayContext } from '../context';
import { Dialogue, type DialogueFields } from '../dialogue.model';
import { chapterTarget } from '../turn/director';
import { numbered, type NewDialogue } from '../dialogues';
import { Play, type PlayFields } from '../play.model';
import { greetingTexts, presentDialogue, presentPlay } from '../stories/play.presenter';
import { draftStory, liveVersionId, publishedStory, versionForPlay, type PlayableStory } from '../stories/story.source';
import { NARRATOR, characterById, readable } from '../stories/story.view';
import { playGraphOf } from '../graph/model';
import { endingsCountOf, endingTitle, graphOpening } from '../graph/state';
import type { PLAY_REQUESTS } from 'shared-kit/schemas';
import type { z } from 'zod';

/** A `start_play` body as validated. */
type StartPlayInput = z.output<typeof PLAY_REQUESTS.startPlayBody>;

/** The play of `uid`, or 1050001 (plays of others are as good as missing). */
export async function ownPlay(playId: string, uid: string): Promise<PlayFields> {
  const play = await Play.findOne({ play_id: playId, uid }).lean<PlayFields>();
  if (!play) throw new AppError(ErrorCode.RecordNotFound, 'No such play');
  return play;
}

/** The content a play runs on: its draft snapshot or its published version. */
export async function storyOfPlay(play: PlayFields): Promise<PlayableStory> {
  if (play.is_draft) {
    return { story_id: play.story_id, version_id: play.version_id, uid: play.uid, content: play.draft_snapshot as PlayableStory['content'], is_draft: true };
  }
  return versionForPlay(play.story_id, play.version_id);
}

async function latestOrNull(storyId: string): Promise<string | null> {
  try {
    return await liveVersionId(storyId);
  } catch {
    return null;
  }
}

export async function playInfo(ctx: PlayContext, play: PlayFields, story?: PlayableStory) {
  const s = story ?? (await storyOfPlay(play));
  const latest = play.is_draft ? null : await latestOrNull(play.story_id);
  return presentPlay(play, s, { mode: ctx.mode, latestVersionId: latest });
}

function openingOf(story: PlayableStory, chapterIndex: number): NewDialogue[] {
  const c = story.content;
  const node = c.nodes[chapterIndex]!;
  const out: NewDialogue[] = [];
  if (c.prologue.content.trim() !== '') {
    const speaker = characterById(c, c.prologue.character_id) ?? NARRATOR;
    out.push({
      type: DialogueType.OpeningRemark,
      role: speaker === NARRATOR ? 'narrator' : 'npc',
      character_id: speaker.character_id,
      content: readable(c, c.prologue.content),
      node_id: node.node_id,
    });
  }
  out.push(chapterTarget(story, chapterIndex));
  return out;
}

/**
 * A new play at `chapterIndex`: the opening remark and the chapter's target, written with the play. A graph story
 * enters its start node (or the draft's `node_id`) instead: a scene's target, a choice's options or an ending, with
 * the variables' initial values (graph/state.ts).
 */
async function createPlay(ctx: PlayContext, uid: string, story: PlayableStory, chapterIndex: number, nodeId?: string): Promise<PlayFields> {
  if (story.content.nodes.length === 0) throw new AppError(ErrorCode.PlayableVersionMissing, 'The story has no chapters');
  const now = ctx.now();
  const playId = newNumericId(now);
  const groupId = `${playId}-0`;
  const remark = openingOf(story, chapterIndex);
  const graph = await graphOpening(story, nodeId, remark.length, now);
  const opening = graph ? [...remark.slice(0, -1), ...graph.rows] : remark;
  const docs = numbered(playId, groupId, 1, opening, now);
  // The dialogues go first: a play is never visible without its opening.
  await Dialogue.insertMany(docs);
  const fields = graph
    ? { chapter_start_seq: 0, ...graph.set }
    : { node_id: story.content.nodes[chapterIndex]!.node_id, chapter_index: chapterIndex, chapter_start_seq: docs[docs.length - 1]!.seq };
  const created = await Play.create({
    play_id: playId,
    uid,
    story_id: story.story_id,
    version_id: story.version_id,
    is_draft: story.is_draft,
    draft_snapshot: story.is_draft ? story.content : null,
    status: PlayStatus.Start,
    next_seq: docs.length,
    last_played_at: new Date(now),
    ...fields,
  });
  return created.toObject() as unknown as PlayFields;
}

async function startResult(ctx: PlayContext, play: PlayFields, story: PlayableStory) {
  const dialogues = await Dialogue.find({ play_id: play.play_id }).sort({ seq: -1 }).limit(50).lean<DialogueFields[]>();
  return {
    play_info: await playInfo(ctx, play, story),
    dialogues: dialogues.reverse().map((d) => presentDialogue(d, story.content)),
  };
}

/**
 * `story/start_play`: resumes the player's latest play of this story (or `play_id`), or starts one when there is
 * none or `is_new_play`. A resumed play keeps its version; a new one takes `version_id` or the live version.
 */
export async function startPlay(ctx: PlayContext, uid: string, input: StartPlayInput) {
  if (input.play_id && !input.is_new_play) {
    const play = await ownPlay(input.play_id, uid);
    if (play.story_id !== input.story_id) throw new AppError(ErrorCode.PlayIdMismatch);
    if (play.is_draft) throw new AppError(ErrorCode.IllegalOperation, 'A draft play resumes through start_play_draft');
    return startResult(ctx, await touch(play, ctx.now()), await storyOfPlay(play));
  }
  if (!input.is_new_play) {
    const latest = await Play.findOne({ uid, story_id: input.story_id, is_draft: false }).sort({ last_played_at: -1 }).lean<PlayFields>();
    if (latest && (!input.version_id || input.version_id === latest.version_id)) {
      return startResult(ctx, await touch(latest, ctx.now()), await storyOfPlay(latest));
    }
  }
  const story = await publishedStory(input.story_id, input.version_id, uid);
  const play = await createPlay(ctx, uid, story, 0);
  return startResult(ctx, play, story);
}

/** `story/start_play_draft`: the owner tries the working copy, from the first chapter or `node_id`. */
export async function startPlayDraft(ctx: PlayContext, uid: string, input: StartPlayInput) {
  if (input.play_id && !input.is_new_play) {
    const play = await ownPlay(input.play_id, uid);
    if (play.story_id !== input.story_id) throw new AppError(ErrorCode.PlayIdMismatch);
    return startResult(ctx, await touch(play, ctx.now()), await storyOfPlay(play));
  }
  const story = await draftStory(input.story_id, uid);
  let index = 0;
  if (input.node_id) {
    index = story.content.nodes.findIndex((n) => n.node_id === input.node_id);
    if (index < 0) throw new AppError(ErrorCode.ClientParamError, 'node_id: no such chapter');
  }
  const play = await createPlay(ctx, uid, story, index, input.node_id);
  return startResult(ctx, play, story);
}

async function touch(play: PlayFields, now: number): Promise<PlayFields> {
  await Play.updateOne({ play_id: play.play_id }, { $set: { last_played_at: new Date(now), hidden: false } });
  return { ...play, last_played_at: new Date(now), hidden: false };
}

/**
 * `story/choose_greeting`: before the first turn, the play opens with another of its speaker's opening lines
 * instead (0: the opening line). The play is held while its opening row changes, and the release bumps its rows'
 * revision, as every change to a play's rows does.
 */
export async function chooseGreeting(ctx: PlayContext, uid: string, playId: string, greeting: number) {
  const play = await ownPlay(playId, uid);
  const story = await storyOfPlay(play);
  const texts = greetingTexts(story);
  if (greeting >= Math.max(1, texts.length)) throw new AppError(ErrorCode.ClientParamError, 'greeting: no such opening');
  if (play.turns > 0 || play.ending) throw new AppError(ErrorCode.IllegalOperation, 'The opening can be chosen only before the first turn');
  const lockId = `greeting-${greeting}-${ctx.now()}`;
  const locked = await Play.findOneAndUpdate({ play_id: play.play_id, pending_group_id: null, turns: 0 }, { $set: { pending_group_id: lockId } }, { new: true }).lean<PlayFields>();
  if (!locked) throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is being written');
  try {
    const content = texts[greeting] ?? readable(story.content, story.content.prologue.content);
    await Dialogue.updateOne({ play_id: play.play_id, type: DialogueType.OpeningRemark }, { $set: { content } });
  } finally {
    await Play.updateOne({ play_id: play.play_id, pending_group_id: lockId }, { $set: { pending_group_id: null, greeting }, $inc: { history_rev: 1 } });
  }
  return startResult(ctx, await ownPlay(play.play_id, uid), story);
}

/** `restart_play`: a new play of the same story and version; the old one stays in the record. */
export async function restartPlay(ctx: PlayContext, uid: string, playId: string) {
  const old = await ownPlay(playId, uid);
  if (old.pending_group_id) throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is being written');
  let story = await storyOfPlay(old);
  // A test play of a branching draft, or of a line of chapters whose draft became a graph since, restarts on the draft
  // as it is now (its map changed: 1004 asked for this); a line of chapters otherwise keeps its snapshot.
  if (old.is_draft) {
    const now = await draftStory(old.story_id, uid);
    if (playGraphOf(story.content) || playGraphOf(now.content)) story = now;
  }
  const play = await createPlay(ctx, uid, story, 0);
  await Play.updateOne({ play_id: old.play_id }, { $set: { hidden: true } });
  return startResult(ctx, play, story);
}

/** `sync_latest_play`: moves to the live version with a new play (progress resets, spec section 4). */
export async function syncLatestPlay(ctx: PlayContext, uid: string, playId: string) {
  const old = await ownPlay(playId, uid);
  if (old.is_draft) throw new AppError(ErrorCode.IllegalOperation, 'A draft play has no published version');
  const latest = await liveVersionId(old.story_id);
  if (latest === old.version_id) return { ...(await startResult(ctx, old, await storyOfPlay(old))), changed: false };
  if (old.pending_group_id) throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is being written');
  const story = await publishedStory(old.story_id, latest);
  const play = await createPlay(ctx, uid, story, 0);
  await Play.updateOne({ play_id: old.play_id }, { $set: { hidden: true } });
  return { ...(await startResult(ctx, play, story)), changed: true };
}

/** `latest_version`: the live version, and whether it is newer than the play's. */
export async function latestVersion(uid: string, storyId: string, playId: string | undefined) {
  const latest = await liveVersionId(storyId);
  let playVersion: string | null = null;
  if (playId) {
    const play = await ownPlay(playId, uid);
    if (play.story_id !== storyId) throw new AppError(ErrorCode.PlayIdMismatch);
    playVersion = play.version_id;
  }
  return { story_id: storyId, latest_version_id: latest, play_version_id: playVersion, has_newer_version: playVersion !== null && playVersion !== latest };
}

/** `play_ending_info`: 1005 until the play has ended. */
export async function endingInfo(ctx: PlayContext, uid: string, playId: string) {
  const play = await ownPlay(playId, uid);
  if (play.status !== PlayStatus.Ending || !play.ending) throw new AppError(ErrorCode.BusinessError, 'The play has not ended', { data: { reason: 'not_ended' } });
  const story = await storyOfPlay(play);
  return {
    play_id: play.play_id,
    story_id: play.story_id,
    story_name: story.content.story_name,
    ending_type: play.ending.type,
    is_happy: play.ending.type === DialogueType.HappyEnding,
    content: play.ending.content,
    chapters_count: story.content.nodes.length,
    chapter_index: play.chapter_index,
    turns: play.turns,
    ended_at: play.ending.at.toISOString(),
    // A branching story: the ending reached (a Success or Fail node) and how many the story has.
    ...(play.ending.node_id ? { ending_node_id: play.ending.node_id, ending_title: endingTitle(story, play.ending.node_id) } : {}),
    ...endingsCountOf(story),
  };
}

/** `check_coverage`: whether starting anew would replace a play the player has of this story. */
export async function checkCoverage(uid: string, storyId: string) {
  const play = await Play.findOne({ uid, story_id: storyId, is_draft: false }).sort({ last_played_at: -1 }).lean<PlayFields>();
  return {
    story_id: storyId,
    has_play: play !== null,
    play_id: play?.play_id ?? null,
    version_id: play?.version_id ?? null,
    status: play?.status ?? null,
    turns: play?.turns ?? 0,
    will_cover: play !== null && play.turns > 0,
  };
}
