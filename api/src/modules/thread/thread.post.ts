import mongoose from 'mongoose';
import { DialogueStatus, DialogueType, ShareType, type ThreadCreateRequest, type ThreadGroups, type ThreadPickGroup } from 'shared-kit';
import { ThreadGroupBlock } from 'shared-kit/areas';
import { paramError } from '../../lib/errors';
import { newNumericId } from '../../lib/ids';
import { Dialogue, ownPlay, storyOfPlay, type DialogueFields, type PlayFields } from '../play';
import { liveStoryView, storyById } from '../stories';
import { refuseIfBlocked } from '../users';
import { badGroup, dailyLimit, flaggedGroup, threadsOff } from './thread.errors';
import { Thread, type ThreadLineRecord, type ThreadRecord } from './thread.model';

export interface ThreadLimits {
  groupLimit: number;
  dailyLimit: number;
}

/** Rows that are not lines of the conversation (markers, summaries, choices on offer). */
const NOT_LINES = new Set<string>([
  DialogueType.Summary,
  DialogueType.ChapterTarget,
  DialogueType.SwitchChapter,
  DialogueType.SwitchNpc,
  DialogueType.FixedOptions,
  DialogueType.Option,
  DialogueType.AudioStart,
  DialogueType.AudioEnd,
  DialogueType.AudioReject,
]);
const FLAGGED = new Set<string>([DialogueStatus.SecurityFail, DialogueStatus.SecurityNotShow]);
const BROKEN = new Set<string>([DialogueStatus.Fail, DialogueStatus.AllBroken]);
/** The most rows of a play read to offer its groups (the newest ones). */
const ROWS_READ = 2000;

interface PlayGroup {
  group_id: string;
  lines: ThreadLineRecord[];
  reason: '' | ThreadGroupBlock;
}

const startOfUtcDay = (now: number) => new Date(Math.floor(now / 86_400_000) * 86_400_000);

/** The play's message groups in order, each with its lines as they read now and why it cannot be shared. */
async function groupsOf(play: PlayFields): Promise<PlayGroup[]> {
  const [story, rows] = await Promise.all([
    storyOfPlay(play),
    Dialogue.find({ play_id: play.play_id }).sort({ seq: -1 }).limit(ROWS_READ).lean<DialogueFields[]>(),
  ]);
  const people = new Map(story.content.characters.map((c) => [c.character_id, c]));
  const playerName = story.content.player?.character_name ?? '';
  const groups = new Map<string, PlayGroup>();
  for (const d of rows.reverse()) {
    if (NOT_LINES.has(d.type) || d.role === 'system') continue;
    let g = groups.get(d.group_id);
    if (!g) groups.set(d.group_id, (g = { group_id: d.group_id, lines: [], reason: '' }));
    if (FLAGGED.has(d.status)) g.reason = ThreadGroupBlock.Flagged;
    else if ((!d.done || BROKEN.has(d.status) || play.pending_group_id === d.group_id) && g.reason === '') g.reason = ThreadGroupBlock.Unfinished;
    if (FLAGGED.has(d.status) || !d.content) continue;
    const who = d.role === 'npc' ? people.get(d.character_id) : undefined;
    g.lines.push({
      seq: d.seq,
      role: d.role === 'player' ? 'player' : d.role === 'npc' ? 'npc' : 'narrator',
      character_id: d.character_id,
      name: d.role === 'player' ? playerName : (who?.character_name ?? ''),
      portrait: who?.character_url ?? '',
      emotion: d.emotion,
      content: d.content,
    });
  }
  return [...groups.values()].filter((g) => g.lines.length > 0 || g.reason !== '');
}

async function threadShareAllowed(storyId: string): Promise<boolean> {
  const s = await storyById(storyId, ['permission']);
  return s?.permission?.thread_share !== false;
}

async function postedToday(uid: string, now: number): Promise<number> {
  return Thread.countDocuments({ uid, created_at: mongoose.trusted({ $gte: startOfUtcDay(now) }) });
}

/** `GET /api/tyler/thread/groups`: the caller's own play's groups for the "Share a thread" dialog (1050001 not theirs). */
export async function pickableGroups(uid: string, playId: string, limits: ThreadLimits, now: number): Promise<ThreadGroups> {
  const play = await ownPlay(playId, uid);
  const [groups, allowed, today] = await Promise.all([groupsOf(play), threadShareAllowed(play.story_id), postedToday(uid, now)]);
  return {
    play_id: play.play_id,
    story_id: play.story_id,
    thread_share: allowed && !play.is_draft,
    group_limit: limits.groupLimit,
    daily_limit: limits.dailyLimit,
    posted_today: today,
    groups: groups.map((g): ThreadPickGroup => ({ group_id: g.group_id, lines: g.lines, sharable: g.reason === '', reason: g.reason })),
  };
}

/**
 * `POST /api/tyler/thread/create`: posts a thread of the caller's own play. Every check comes before the one write:
 * a play not theirs 1050001; a draft play 1009 `play_id`; the story gone its own code; threads turned off by the
 * creator or a block with them 1201; a group not of this play or chosen twice 1009 `group_ids.<i>`; a flagged group
 * 1020602; an unfinished one 1009; too many groups 1009 `group_ids`; the daily limit 1021002.
 */
export async function createThread(uid: string, input: ThreadCreateRequest, limits: ThreadLimits, now: number): Promise<ThreadRecord> {
  const play = await ownPlay(input.play_id, uid);
  if (play.is_draft) throw paramError([{ path: 'play_id', message: 'a test play of a draft cannot be shared' }]);
  const story = await liveStoryView(play.story_id);
  if (!(await threadShareAllowed(play.story_id))) throw threadsOff();
  await refuseIfBlocked(uid, story.uid);
  if (input.group_ids.length > limits.groupLimit) {
    throw paramError([{ path: 'group_ids', message: `at most ${limits.groupLimit} message groups` }]);
  }
  const groups = new Map((await groupsOf(play)).map((g) => [g.group_id, g]));
  const seen = new Set<string>();
  input.group_ids.forEach((id, i) => {
    const g = groups.get(id);
    if (!g) throw badGroup(i, 'not a message group of this play');
    if (seen.has(id)) throw badGroup(i, 'chosen twice');
    seen.add(id);
    if (g.reason === ThreadGroupBlock.Flagged) throw flaggedGroup(i);
    if (g.reason === ThreadGroupBlock.Unfinished) throw badGroup(i, 'its reply is not finished');
  });
  if ((await postedToday(uid, now)) >= limits.dailyLimit) throw dailyLimit(limits.dailyLimit);
  const chosen = [...groups.values()].filter((g) => seen.has(g.group_id)).map((g) => ({ group_id: g.group_id, lines: g.lines }));
  const made = await Thread.create({
    thread_id: `fe${newNumericId(now)}`,
    uid,
    play_id: play.play_id,
    story_id: play.story_id,
    story_uid: story.uid,
    version_id: play.version_id,
    title: input.title,
    story_name: story.story_name,
    logo: story.logo,
    introduction: story.introduction,
    share_type: story.is_bot ? ShareType.BotDialogue : ShareType.StoryDialogue,
    groups: chosen,
    created_at: new Date(now),
  });
  return made.toObject() as unknown as ThreadRecord;
}
