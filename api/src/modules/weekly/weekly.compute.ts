import mongoose from 'mongoose';
import { DialogueType, StoryGenType } from 'shared-kit';
import { Follow, StoryLike } from '../community';
import { Dialogue, Play } from '../play';
import { StoryViewDay } from '../stories';
import type { PieceFields, ReportFigures } from './weekly.model';
import type { Week } from './week';

/** What the job reads of each of a creator's stories (from the creators' cursor). */
export interface CreatorStory {
  story_id: string;
  uid: string;
  story_gen_type: string;
  story_name: string;
  logo: string;
  live_version_id: string | null;
  created_at: Date;
  deleted_at: Date | null;
}

const $in = (values: readonly string[]) => mongoose.trusted({ $in: [...values] });
const within = (w: Week) => mongoose.trusted({ $gte: w.start, $lt: w.end });

function add(map: Map<string, number>, key: string, n: number): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

/**
 * The week's figures of a batch of creators, read with one indexed find per source for the whole batch (follows, likes,
 * page views, plays, players' lines), each on an index:
 * - storyCount / botCount: stories / bots (SingleBot) the creator made during the week, not deleted by its end;
 * - fanCount: follows of the creator made during the week (still standing);
 * - likeCount: likes of the creator's stories made during the week (still standing);
 * - viewCount: views of the creator's story pages during the week (others' views; per-day counters);
 * - msgCount: lines players (not the creator) sent in published plays of the creator's stories during the week;
 * - playerCount: the players who sent them;
 * - popularPiece: the creation with the most views in the week (then likes, then lines), or none when all are 0.
 */
export async function figuresOf(stories: Map<string, CreatorStory[]>, w: Week): Promise<Map<string, ReportFigures>> {
  const uids = [...stories.keys()];
  const all = [...stories.values()].flat().filter((s) => !s.deleted_at || s.deleted_at >= w.start);
  const ids = all.map((s) => s.story_id);
  const ownerOf = new Map(all.map((s) => [s.story_id, s.uid]));

  const [fans, likes, views, plays] = await Promise.all([
    Follow.find({ target_uid: $in(uids), created_at: within(w) }, { target_uid: 1, _id: 0 }).lean<{ target_uid: string }[]>(),
    StoryLike.find({ story_id: $in(ids), created_at: within(w) }, { story_id: 1, _id: 0 }).lean<{ story_id: string }[]>(),
    StoryViewDay.find({ uid: $in(uids), day: mongoose.trusted({ $gte: w.days[0], $lte: w.days[6] }) }, { story_id: 1, count: 1, _id: 0 }).lean<{ story_id: string; count: number }[]>(),
    Play.find({ story_id: $in(ids), last_played_at: mongoose.trusted({ $gte: w.start }), is_draft: false }, { play_id: 1, uid: 1, story_id: 1, _id: 0 }).lean<{ play_id: string; uid: string; story_id: string }[]>(),
  ]);
  const othersPlays = plays.filter((p) => ownerOf.get(p.story_id) !== p.uid);
  const lines = othersPlays.length === 0
    ? []
    : await Dialogue.find({ play_id: $in(othersPlays.map((p) => p.play_id)), type: DialogueType.Input, created_at: within(w) }, { play_id: 1, _id: 0 }).lean<{ play_id: string }[]>();

  // Plain finds counted here rather than $group pipelines: every read walks an index on either database.
  const fansOf = new Map<string, number>();
  for (const f of fans) add(fansOf, f.target_uid, 1);
  const likesOf = new Map<string, number>();
  for (const l of likes) add(likesOf, l.story_id, 1);
  const viewsOf = new Map<string, number>();
  for (const v of views) add(viewsOf, v.story_id, v.count);
  const linesOfPlay = new Map<string, number>();
  for (const l of lines) add(linesOfPlay, l.play_id, 1);
  const msgsOf = new Map<string, number>();
  const playersOf = new Map<string, Set<string>>();
  for (const p of othersPlays) {
    const n = linesOfPlay.get(p.play_id) ?? 0;
    if (n === 0) continue;
    add(msgsOf, p.story_id, n);
    const creator = ownerOf.get(p.story_id)!;
    const set = playersOf.get(creator) ?? new Set<string>();
    set.add(p.uid);
    playersOf.set(creator, set);
  }

  const out = new Map<string, ReportFigures>();
  for (const [uid, own] of stories) {
    const made = own.filter((s) => s.created_at >= w.start && s.created_at < w.end && !(s.deleted_at && s.deleted_at < w.end));
    const counted = own.filter((s) => !s.deleted_at || s.deleted_at >= w.start);
    let best: PieceFields | null = null;
    for (const s of counted) {
      const piece: PieceFields = {
        story_id: s.story_id,
        story_name: s.story_name,
        logo: s.logo,
        is_bot: s.story_gen_type === StoryGenType.SingleBot,
        views: viewsOf.get(s.story_id) ?? 0,
        likes: likesOf.get(s.story_id) ?? 0,
        msgs: msgsOf.get(s.story_id) ?? 0,
      };
      if (piece.views + piece.likes + piece.msgs === 0) continue;
      if (!best || piece.views > best.views || (piece.views === best.views && (piece.likes > best.likes || (piece.likes === best.likes && (piece.msgs > best.msgs || (piece.msgs === best.msgs && piece.story_id < best.story_id)))))) best = piece;
    }
    out.set(uid, {
      botCount: made.filter((s) => s.story_gen_type === StoryGenType.SingleBot).length,
      storyCount: made.filter((s) => s.story_gen_type !== StoryGenType.SingleBot).length,
      fanCount: fansOf.get(uid) ?? 0,
      likeCount: counted.reduce((n, s) => n + (likesOf.get(s.story_id) ?? 0), 0),
      viewCount: counted.reduce((n, s) => n + (viewsOf.get(s.story_id) ?? 0), 0),
      msgCount: counted.reduce((n, s) => n + (msgsOf.get(s.story_id) ?? 0), 0),
      playerCount: playersOf.get(uid)?.size ?? 0,
      popularPiece: best,
    });
  }
  return out;
}

/** A report is written only for a week with something in it. */
export function anything(f: ReportFigures): boolean {
  return f.botCount + f.storyCount + f.fanCount + f.likeCount + f.viewCount + f.msgCount + f.playerCount > 0;
}
