// The weekly report job at scale: `npx tsx bench/weekly-report.ts` (also run by `npm run bench`).
//
// Method: the api runs in this process on an embedded-mongo in a temporary folder. 100,000 creators are written
// straight into the collections (one story each, every tenth a bot; every other one a new follower, a like and a
// page-view counter in the week; every twentieth two players each with a play and lines in the week, and a line
// before the week that must not count). Then the job (`runWeek`, the function the agenda job runs) writes the week,
// timed, with the process's peak memory sampled every 50 ms. A naive recount (separate queries per creator, no
// batching) of a sample of 300 creators must equal the job's reports exactly.
// Target (issue 32): the job for 100,000 creators within 10 minutes, creators read through a cursor.
import mongoose from 'mongoose';
import { DialogueType, StoryGenType } from 'shared-kit';
import { startTestApi } from '../api/test/helpers';
import { WeeklyReportModel } from '../api/src/modules/weekly/weekly.model';
import { runWeek } from '../api/src/modules/weekly/weekly.job';
import { weekOf } from '../api/src/modules/weekly/week';
import { Story } from '../api/src/modules/stories/story.model';
import { StoryViewDay } from '../api/src/modules/stories/story.views';
import { Follow } from '../api/src/modules/community/follow.model';
import { StoryLike } from '../api/src/modules/community/like.model';
import { Play } from '../api/src/modules/play/play.model';
import { Dialogue } from '../api/src/modules/play/dialogue.model';

const CREATORS = Number(process.env.WEEKLY_CREATORS ?? 100_000);
const SAMPLE = 300;
const TARGET_MS = 10 * 60_000;
const WEEK = '2026-11-16';

async function insertAll(coll: mongoose.mongo.Collection, docs: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 2000) await coll.insertMany(docs.slice(i, i + 2000), { ordered: false });
}

const creatorUid = (i: number) => `c${String(i).padStart(7, '0')}`;

async function seed(): Promise<void> {
  const w = weekOf(WEEK);
  const inWeek = (i: number) => new Date(w.start.getTime() + ((i * 7919) % (7 * 86_400_000)));
  const before = new Date(w.start.getTime() - 3_600_000);
  for (let from = 0; from < CREATORS; from += 10_000) {
    const stories: Record<string, unknown>[] = [];
    const follows: Record<string, unknown>[] = [];
    const likes: Record<string, unknown>[] = [];
    const views: Record<string, unknown>[] = [];
    const plays: Record<string, unknown>[] = [];
    const lines: Record<string, unknown>[] = [];
    for (let i = from; i < Math.min(CREATORS, from + 10_000); i += 1) {
      const uid = creatorUid(i);
      const storyId = `s${i}`;
      stories.push({ story_id: storyId, uid, status: 3, version_id: 'v1', story_gen_type: i % 10 === 0 ? StoryGenType.SingleBot : StoryGenType.UserDefined, story_name: `Story ${i}`, logo: '', live_version_id: 'v1', deleted_at: null, created_at: i % 3 === 0 ? inWeek(i) : before, updated_at: before });
      if (i % 2 === 0) {
        follows.push({ uid: `f${i}`, target_uid: uid, follower_key: `${uid}|${i}`, following_key: `f${i}|${i}`, created_at: inWeek(i) });
        likes.push({ story_id: storyId, uid: `f${i}`, list_key: `f${i}|${i}`, created_at: inWeek(i + 1) });
        views.push({ story_id: storyId, day: w.days[i % 7], uid, count: 1 + (i % 5) });
      }
      if (i % 20 === 0) {
        for (const p of [1, 2]) {
          const playId = `p${i}-${p}`;
          plays.push({ play_id: playId, uid: `player${(i + p) % 5000}`, story_id: storyId, version_id: 'v1', is_draft: false, node_id: 'n1', chapter_index: 0, status: 'Start', last_played_at: inWeek(i + 2), created_at: before });
          lines.push(
            { dialogue_id: `${playId}-0`, play_id: playId, seq: 1, type: DialogueType.Input, role: 'player', group_id: 'g0', content: 'before', created_at: before },
            { dialogue_id: `${playId}-1`, play_id: playId, seq: 2, type: DialogueType.Input, role: 'player', group_id: 'g1', content: 'hi', created_at: inWeek(i + 3) },
            { dialogue_id: `${playId}-2`, play_id: playId, seq: 3, type: DialogueType.NpcDialogue, role: 'npc', group_id: 'g1', content: 'hello', created_at: inWeek(i + 3) },
            { dialogue_id: `${playId}-3`, play_id: playId, seq: 4, type: DialogueType.Input, role: 'player', group_id: 'g2', content: 'and?', created_at: inWeek(i + 4) },
          );
        }
      }
    }
    await insertAll(Story.collection, stories);
    await insertAll(Follow.collection, follows);
    await insertAll(StoryLike.collection, likes);
    await insertAll(StoryViewDay.collection, views);
    await insertAll(Play.collection, plays);
    await insertAll(Dialogue.collection, lines);
  }
}

/** The week of one creator counted the plain way: a query per thing, per story, per play. */
async function naive(uid: string) {
  const w = weekOf(WEEK);
  const range = mongoose.trusted({ $gte: w.start, $lt: w.end });
  const stories = await Story.find({ uid }).lean<{ story_id: string; story_gen_type: string; created_at: Date; deleted_at: Date | null }[]>();
  const made = stories.filter((s) => s.created_at >= w.start && s.created_at < w.end && !(s.deleted_at && s.deleted_at < w.end));
  let likeCount = 0;
  let viewCount = 0;
  let msgCount = 0;
  const players = new Set<string>();
  for (const s of stories) {
    likeCount += await StoryLike.countDocuments({ story_id: s.story_id, created_at: range });
    for (const v of await StoryViewDay.find({ story_id: s.story_id, day: mongoose.trusted({ $in: w.days }) }).lean<{ count: number }[]>()) viewCount += v.count;
    for (const p of await Play.find({ story_id: s.story_id, is_draft: false }).lean<{ play_id: string; uid: string }[]>()) {
      if (p.uid === uid) continue;
      const n = await Dialogue.countDocuments({ play_id: p.play_id, type: DialogueType.Input, created_at: range });
      msgCount += n;
      if (n > 0) players.add(p.uid);
    }
  }
  return {
    botCount: made.filter((s) => s.story_gen_type === StoryGenType.SingleBot).length,
    storyCount: made.filter((s) => s.story_gen_type !== StoryGenType.SingleBot).length,
    fanCount: await Follow.countDocuments({ target_uid: uid, created_at: range }),
    likeCount,
    viewCount,
    msgCount,
    playerCount: players.size,
  };
}

async function main(): Promise<void> {
  const api = await startTestApi({ env: { LOG_LEVEL: 'warn' } });
  let failed = false;
  try {
    const t0 = Date.now();
    await seed();
    console.log(`seeded ${CREATORS} creators in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    let peakRss = 0;
    let peakHeap = 0;
    const sample = () => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    };
    sample();
    const baseRss = process.memoryUsage().rss;
    const timer = setInterval(sample, 50);
    const run = await runWeek(WEEK, Date.now);
    clearInterval(timer);
    sample();
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    const ok = run.ms <= TARGET_MS && run.creators === CREATORS;
    console.log(`job: ${run.creators} creators, ${run.reports} reports in ${(run.ms / 1000).toFixed(1)} s (<= ${TARGET_MS / 1000} s) ${ok ? 'PASS' : 'FAIL'}`);
    console.log(`memory: peak rss ${mb(peakRss)} (${mb(baseRss)} before the run, embedded-mongo in this process), peak heap ${mb(peakHeap)}`);
    failed ||= !ok;

    let same = 0;
    const problems: string[] = [];
    for (let k = 0; k < SAMPLE; k += 1) {
      const uid = creatorUid(Math.floor((k * CREATORS) / SAMPLE) + (k % 7));
      const expected = await naive(uid);
      const r = await WeeklyReportModel.findOne({ uid, week: WEEK }).lean<Record<string, number> | null>();
      const got = Object.fromEntries(Object.keys(expected).map((key) => [key, r?.[key] ?? 0]));
      const anything = Object.values(expected).some((v) => v > 0);
      if (JSON.stringify(got) === JSON.stringify(expected) && anything === (r !== null)) same += 1;
      else problems.push(`${uid}: job ${JSON.stringify(got)} naive ${JSON.stringify(expected)}`);
    }
    console.log(`naive recount of ${SAMPLE} sampled creators: ${same} equal ${same === SAMPLE ? 'PASS' : 'FAIL'}`);
    for (const p of problems.slice(0, 5)) console.log(`  ${p}`);
    failed ||= same !== SAMPLE;
  } finally {
    await api.stop();
  }
  if (failed) process.exitCode = 1;
}

void main();
