import mongoose from 'mongoose';
import { ErrorCode, StoryGenType } from 'shared-kit';
import { Follow } from '../src/modules/community/follow.model';
import { Story } from '../src/modules/stories/story.model';
import { WeeklyReportModel } from '../src/modules/weekly/weekly.model';
import { mondayOf, weekBefore, weekOf } from '../src/modules/weekly/week';
import { CookieClient } from './helpers';
import { person, publishStory, startCommunityApi, type Person } from './support/community';
import { playTurn } from './support/playStories';
import type { TestApi } from './helpers';

interface Report {
  week: string;
  startdate: string;
  enddate: string;
  botCount: number;
  storyCount: number;
  fanCount: number;
  likeCount: number;
  viewCount: number;
  msgCount: number;
  playerCount: number;
  popularPiece: { story_id: string; views: number; likes: number; msgs: number } | null;
}
interface Notice {
  kind: string;
  title: string;
  link: string;
}

const FIGURES = ['botCount', 'storyCount', 'fanCount', 'likeCount', 'viewCount', 'msgCount', 'playerCount', 'popularPiece'] as const;
const figures = (r: Report) => Object.fromEntries(FIGURES.map((k) => [k, r[k]]));

describe('weekly creation report (weeks are Monday 00:00 to Monday 00:00, UTC)', () => {
  let api: TestApi;
  let ann: Person;
  let bob: Person;
  let cat: Person;
  let storyId: string;
  const thisWeek = mondayOf(Date.now());

  const run = async (who: Person, week?: string) => {
    const res = await who.client.post<{ week: string; creators: number; reports: number }>('/api/dev/weekly_report', week ? { week } : {});
    expect(res.body.status_code).toBe(0);
    return res.body.data!;
  };
  const reportOf = async (who: Person, week?: string) => {
    const res = await who.client.call<{ report: Report | null; previous: Report | null }>(`/api/weekly/report${week ? `?week=${week}` : ''}`);
    expect(res.body.status_code).toBe(0);
    return res.body.data!;
  };
  const weeklyNotices = async (who: Person) =>
    (await who.client.call<{ list: Notice[] }>('/api/notice_box/list?count=50')).body.data!.list.filter((n) => n.kind === 'WeeklyReport');

  beforeAll(async () => {
    api = await startCommunityApi();
    [ann, bob, cat] = [await person(api), await person(api), await person(api)];
    ({ storyId } = await publishStory(api.baseUrl, {}, ann.client));
    expect((await bob.client.post('/api/interact/user/follow', { uid: ann.uid, follow: true })).body.status_code).toBe(0);
    expect((await bob.client.post('/api/interact/story/like', { story_id: storyId, like: true })).body.status_code).toBe(0);
    // Three views by others (signed out counts too); the creator's own view does not count.
    for (const c of [bob.client, cat.client, new CookieClient(api.baseUrl), ann.client]) {
      expect((await c.call(`/api/tyler/detail?story_id=${storyId}`)).body.status_code).toBe(0);
    }
    const started = await bob.client.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: storyId });
    const playId = started.body.data!.play_info.play_id;
    await playTurn(bob.client, playId, { message: 'Where does the path lead?' });
    await playTurn(bob.client, playId, { message: 'I follow it.' });
    // The creator's own play is not a player's.
    const own = await ann.client.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: storyId });
    await playTurn(ann.client, own.body.data!.play_info.play_id, { message: 'Testing my story.' });
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
  });

  it('the job writes the week from plays, lines, likes, follows and page views, and the inbox tells the creator', async () => {
    const done = await run(bob, thisWeek);
    expect(done).toMatchObject({ week: thisWeek });
    expect(done.creators).toBeGreaterThanOrEqual(1);
    const { report, previous } = await reportOf(ann, thisWeek);
    expect(previous).toBeNull();
    expect(report).toMatchObject({
      week: thisWeek,
      startdate: thisWeek,
      enddate: weekOf(thisWeek).enddate,
      storyCount: 1,
      botCount: 0,
      fanCount: 1,
      likeCount: 1,
      viewCount: 3,
      msgCount: 2,
      playerCount: 1,
      popularPiece: { story_id: storyId, views: 3, likes: 1, msgs: 2 },
    });
    const notices = await weeklyNotices(ann);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ link: `/account/weekly/${thisWeek}` });
    // Someone with nothing in the week gets no report and no notice.
    expect((await reportOf(cat)).report).toBeNull();
    expect(await weeklyNotices(cat)).toHaveLength(0);
  });

  it('a rerun of the week gives the same figures, one report and one notice', async () => {
    const before = (await reportOf(ann, thisWeek)).report!;
    await run(ann, thisWeek);
    await run(ann, thisWeek);
    const after = (await reportOf(ann, thisWeek)).report!;
    expect(figures(after)).toEqual(figures(before));
    expect(await WeeklyReportModel.countDocuments({ uid: ann.uid, week: thisWeek })).toBe(1);
    expect(await weeklyNotices(ann)).toHaveLength(1);
  });

  it('counts what happened from Monday 00:00:00.000 UTC up to, not including, the next Monday', async () => {
    const w = weekOf('2026-03-02');
    const uid = 'weekly-edge-creator';
    const at = (ms: number) => new Date(ms);
    await Story.create([
      { story_id: 'wk-edge-1', uid, status: 0, version_id: 'v1', story_gen_type: StoryGenType.SingleBot, created_at: at(w.start.getTime()) },
      { story_id: 'wk-edge-2', uid, status: 0, version_id: 'v1', created_at: at(w.end.getTime() - 1) },
      { story_id: 'wk-edge-3', uid, status: 0, version_id: 'v1', created_at: at(w.end.getTime()) },
      { story_id: 'wk-edge-4', uid, status: 0, version_id: 'v1', created_at: at(w.start.getTime() - 1) },
    ]);
    const follow = (n: number, ms: number) => ({ uid: `fan-${n}`, target_uid: uid, follower_key: `${uid}|${n}`, following_key: `fan-${n}|${n}`, created_at: at(ms) });
    await Follow.collection.insertMany([follow(1, w.start.getTime() - 1), follow(2, w.start.getTime()), follow(3, w.end.getTime() - 1), follow(4, w.end.getTime())]);
    await run(bob, w.week);
    const r = await WeeklyReportModel.findOne({ uid, week: w.week }).lean();
    expect(r).toMatchObject({ enddate: '2026-03-08', botCount: 1, storyCount: 1, fanCount: 2 });
    // The week after holds only what fell on its Monday 00:00.
    await run(bob, '2026-03-09');
    expect(await WeeklyReportModel.findOne({ uid, week: '2026-03-09' }).lean()).toMatchObject({ botCount: 0, storyCount: 1, fanCount: 1 });
    // Monday's job reports on the week before: on Monday 2026-03-09 03:00 UTC, the week of 2026-03-02.
    expect(weekBefore(Date.UTC(2026, 2, 9, 3))).toBe('2026-03-02');
    expect(weekBefore(Date.UTC(2026, 2, 8, 23, 59, 59, 999))).toBe('2026-02-23');
  });

  it('the report page reads the week before beside it', async () => {
    const uid = ann.uid;
    const prev = weekOf(thisWeek);
    const lastWeek = new Date(prev.start.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
    await WeeklyReportModel.create({ uid, week: lastWeek, enddate: weekOf(lastWeek).enddate, viewCount: 1, notified: true, created_at: new Date(), updated_at: new Date() });
    const { report, previous } = await reportOf(ann);
    expect(report?.week).toBe(thisWeek);
    expect(previous).toMatchObject({ week: lastWeek, viewCount: 1 });
    const list = await ann.client.call<{ list: Report[] }>('/api/weekly/list');
    expect(list.body.data!.list.map((r) => r.week)).toEqual([thisWeek, lastWeek]);
  });

  it('shares the report as a CreatorNewspaper link with an Open Graph card; only one\'s own', async () => {
    const res = await ann.client.post<{ code: string; share_type: string; title: string; path: string; play_path: string }>('/api/weekly/share', { week: thisWeek });
    expect(res.body.status_code).toBe(0);
    expect(res.body.data).toMatchObject({ share_type: 'CreatorNewspaper', play_path: `/play/user/${ann.uid}` });
    const again = await ann.client.post<{ code: string }>('/api/weekly/share', { week: thisWeek });
    expect(again.body.data!.code).toBe(res.body.data!.code);
    const page = await fetch(`${api.baseUrl}${res.body.data!.path}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('3 views, 2 messages from 1 players');
    expect(html).toContain('Weekly highlights');
    expect((await bob.client.post('/api/weekly/share', { week: thisWeek })).body.status_code).toBe(ErrorCode.RecordNotFound);
  });

  it('refuses the signed out (1007) and bad weeks with 1009 naming the field', async () => {
    const out = new CookieClient(api.baseUrl);
    expect((await out.call('/api/weekly/report')).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await out.call('/api/weekly/list')).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await out.post('/api/weekly/share', { week: thisWeek })).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await out.post('/api/dev/weekly_report', {})).body.status_code).toBe(ErrorCode.NeedLogin);
    for (const week of ['2026-03-03', '2026-13-02', 'monday', '2026-02-30']) {
      const res = await ann.client.call(`/api/weekly/report?week=${week}`);
      expect(res.body).toMatchObject({ status_code: ErrorCode.ClientParamError });
      expect(JSON.stringify(res.body)).toContain('week');
      expect((await ann.client.post('/api/dev/weekly_report', { week })).body.status_code).toBe(ErrorCode.ClientParamError);
    }
    expect((await ann.client.post('/api/weekly/share', { week: { $gt: '' } })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await ann.client.post('/api/weekly/share', { week: thisWeek, extra: 1 })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await ann.client.call('/api/weekly/list?count=0')).body.status_code).toBe(ErrorCode.ClientParamError);
    // Another creator's report is never shown: the caller's own only.
    expect((await reportOf(bob, thisWeek)).report).toBeNull();
  });

  it('schedules the job every Monday at 03:00 UTC, once across processes', async () => {
    const jobs = await mongoose.connection.db!.collection('weekly_jobs').find({ name: 'weekly-report' }).toArray();
    expect(jobs.filter((j) => j.repeatInterval === '0 3 * * 1')).toHaveLength(1);
    const next = new Date(jobs.find((j) => j.repeatInterval)!.nextRunAt as Date);
    expect(next.getUTCDay()).toBe(1);
    expect(next.getUTCHours()).toBe(3);
  });
});
