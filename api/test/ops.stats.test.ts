import { StoryAppealModel } from '../src/modules/sanction/storyAppeal.model';
import mongoose from 'mongoose';
import { AppealStatus, BanStatus, ErrorCode, StoryStatus, UserRole } from 'shared-kit';
import { ReportStatus } from 'shared-kit/areas';
import { seedAccounts } from '../src/seed/accounts';
import { StoryVersion } from '../src/modules/stories/storyVersion.model';
import { AuditEntry } from '../src/modules/staff/audit.model';
import { Report, ReportCase } from '../src/modules/report/report.model';
import { Sanction } from '../src/modules/sanction/sanction.model';
import { User } from '../src/modules/users/user.model';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';

interface QueueDay {
  day: string;
  size: number;
  entered: number;
  decided: number;
  median_ms: number | null;
}
interface Stats {
  from: string;
  to: string;
  queues: Record<'review' | 'report' | 'appeal', { now: number; days: QueueDay[] }>;
  operators: Array<{ uid: string; nickname: string; review: number; report: number; appeal: number; total: number }>;
  reasons: Array<{ reason: string; count: number }>;
}

const NOW = Date.parse('2026-11-25T12:00:00Z');
const HOUR = 3600_000;
const at = (iso: string) => new Date(`${iso}Z`);

/** The days a queue's figures are not zero, as `day: size/entered/decided/median`. */
function busy(days: QueueDay[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of days) {
    if (d.size || d.entered || d.decided) out[d.day] = `${d.size}/${d.entered}/${d.decided}/${d.median_ms ?? '-'}`;
  }
  return out;
}

describe('GET /api/ops/stats: the dashboard over the last 30 days', () => {
  let api: TestApi;
  let op: CookieClient;
  let reviewerOnly: CookieClient;
  let player: CookieClient;
  let opUid: string;
  let otherUid: string;

  beforeAll(async () => {
    api = await startTestApi({ clock: () => NOW, env: { SMS_IP_SENDS_PER_HOUR: '1000' } });
    await seedAccounts(api.logger);
    op = await signInByPhone(api.baseUrl, '+12025550100');
    reviewerOnly = await signInByPhone(api.baseUrl, '+12025550611');
    player = await signInByPhone(api.baseUrl, '+12025550612');
    await User.updateOne({ phone: '+12025550611' }, { $set: { roles: [UserRole.User, UserRole.Operator], permissions: ['reviewer'] } });
    opUid = (await op.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    otherUid = (await reviewerOnly.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;

    // Review queue: V1 flagged 11-23, decided 11-24 after 24 h; V2 waits since 11-24; V3 passed by the automated
    // review the day it came; V4 an older pass from before queue_left_at existed.
    await StoryVersion.collection.insertMany([
      { version_id: 'v1', story_id: 's1', uid: 'u', status: StoryStatus.Failed, created_at: at('2026-11-23T10:00:00'), reviewed_at: at('2026-11-24T10:00:00'), decided_at: at('2026-11-24T10:00:00'), queue_left_at: at('2026-11-24T10:00:00') },
      { version_id: 'v2', story_id: 's2', uid: 'u', status: StoryStatus.ToVerify, created_at: at('2026-11-24T09:00:00'), reviewed_at: null, decided_at: null, queue_left_at: null },
      { version_id: 'v3', story_id: 's3', uid: 'u', status: StoryStatus.Passed, created_at: at('2026-11-24T09:00:00'), reviewed_at: at('2026-11-24T09:01:00'), decided_at: null, queue_left_at: at('2026-11-24T09:01:00') },
      { version_id: 'v4', story_id: 's4', uid: 'u', status: StoryStatus.Passed, created_at: at('2026-11-01T09:00:00'), reviewed_at: at('2026-11-01T09:01:00') },
    ]);
    // Report queue: A 11-22 -> 11-24 (48 h), B open since 11-23, C long gone, D open since before the window,
    // E in and out on 11-24 (1 h).
    const kase = (id: string, first: string, resolved: string | null) => ({
      case_id: id,
      target_type: 'story',
      target_id: id,
      count: 1,
      reasons: {},
      status: resolved ? ReportStatus.Resolved : ReportStatus.Open,
      first_at: at(first),
      last_at: at(first),
      resolution: resolved ? { action: 'NoAction', operator_uid: opUid, note: '', at: at(resolved), sanction: '' } : null,
    });
    await ReportCase.collection.insertMany([
      kase('A', '2026-11-22T10:00:00', '2026-11-24T10:00:00'),
      kase('B', '2026-11-23T10:00:00', null),
      kase('C', '2026-10-10T10:00:00', '2026-10-15T10:00:00'),
      kase('D', '2026-10-10T10:00:00', null),
      kase('E', '2026-11-24T08:00:00', '2026-11-24T09:00:00'),
    ]);
    const report = (id: string, reason: string, created: string) => ({
      report_id: id, reporter_uid: `r${id}`, target_type: 'story', target_id: 'A', case_id: 'A', reason, content: [], details: '',
      status: ReportStatus.Resolved, outcome: 'NoAction', created_at: at(created), resolved_at: null,
    });
    await Report.collection.insertMany([
      report('1', 'Spam', '2026-11-22T10:00:00'),
      report('2', 'Spam', '2026-11-23T10:00:00'),
      report('3', 'Violence', '2026-11-24T10:00:00'),
      report('4', 'Spam', '2026-11-25T10:00:00'),
      report('5', 'Spam', '2026-10-01T10:00:00'),
    ]);
    // Appeals: S1 11-20 -> decided 11-21 (24 h); S2 waiting since 11-24; S3 made 11-10, the ban ended 11-12 undecided.
    const sanction = (id: string, appeal: Record<string, unknown>, ends: string) => ({
      sanction_id: id, uid: 'u', kind: 'CreationBan', days: 30, reason: 'r', operator_uid: opUid, created_at: at('2026-11-01T00:00:00'),
      ends_at: at(ends), status: BanStatus.Banned, lifted_at: null, lifted_by: '', lift_reason: '',
      appeal: { status: AppealStatus.Pending, text: 't', decided_at: null, decided_by: '', reason: '', ...appeal },
    });
    await Sanction.collection.insertMany([
      sanction('S1', { status: AppealStatus.Rejected, at: at('2026-11-20T10:00:00'), decided_at: at('2026-11-21T10:00:00') }, '2026-12-20T00:00:00'),
      sanction('S2', { at: at('2026-11-24T10:00:00') }, '2026-12-20T00:00:00'),
      sanction('S3', { at: at('2026-11-10T10:00:00') }, '2026-11-12T00:00:00'),
      sanction('S4', { status: AppealStatus.None, at: null }, '2026-12-20T00:00:00'),
    ]);
    // Story appeals: A1 made 11-22, approved 11-23 (24 h); A2 waiting since 11-25; A3 made 11-15, cancelled by an edit 11-16.
    const storyAppeal = (id: string, status: string, made: string, decided: string | null) => ({
      appeal_id: id, story_id: id, version_id: 'v', uid: 'u', story_name: 'n', text: 't', reasons: [], status,
      at: at(made), decided_at: decided ? at(decided) : null, decided_by: '', reason: '',
    });
    await StoryAppealModel.collection.insertMany([
      storyAppeal('A1', AppealStatus.Approved, '2026-11-22T10:00:00', '2026-11-23T10:00:00'),
      storyAppeal('A2', AppealStatus.Pending, '2026-11-25T08:00:00', null),
      storyAppeal('A3', AppealStatus.Cancelled, '2026-11-15T10:00:00', '2026-11-16T10:00:00'),
      storyAppeal('A4', AppealStatus.Rejected, '2026-10-01T10:00:00', '2026-10-02T10:00:00'),
    ]);
    // Decisions: the admin 1 review and 2 reports, the other operator 1 appeal; outside the window or not a decision: none.
    const audit = (operator: string, action: string, when: string) => ({
      operator_uid: operator, action, target_type: 'x', target_id: 'x', before: null, after: null, reason: '', at: at(when),
    });
    await AuditEntry.collection.insertMany([
      audit(opUid, 'review.decide', '2026-11-24T10:00:00'),
      audit(opUid, 'report.resolve', '2026-11-24T09:00:00'),
      audit(opUid, 'report.resolve', '2026-11-24T10:00:00'),
      audit(otherUid, 'appeal.decide', '2026-11-21T10:00:00'),
      audit(otherUid, 'review.decide', '2026-10-01T10:00:00'),
      audit(otherUid, 'review.claim', '2026-11-24T10:00:00'),
    ]);
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('refuses the signed out (1007) and non-operators (1008); any operator may read it', async () => {
    expect((await new CookieClient(api.baseUrl).call('/api/ops/stats')).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await player.call('/api/ops/stats')).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await reviewerOnly.call('/api/ops/stats')).body.status_code).toBe(0);
  });

  it('gives each queue its size now and per day, the entries, the decisions and their median wait', async () => {
    const res = await op.call<Stats>('/api/ops/stats');
    expect(res.body.status_code).toBe(0);
    const s = res.body.data!;
    expect(s.from).toBe('2026-10-27');
    expect(s.to).toBe('2026-11-25');
    for (const q of Object.values(s.queues)) {
      expect(q.days).toHaveLength(30);
      expect(q.days[0]!.day).toBe('2026-10-27');
      expect(q.days[29]!.day).toBe('2026-11-25');
    }

    expect(s.queues.review.now).toBe(1);
    expect(busy(s.queues.review.days)).toEqual({
      '2026-11-01': '0/1/0/-',
      '2026-11-23': `1/1/0/-`,
      '2026-11-24': `1/2/1/${24 * HOUR}`,
      '2026-11-25': '1/0/0/-',
    });

    expect(s.queues.report.now).toBe(2);
    const report = busy(s.queues.report.days);
    expect(report['2026-11-21']).toBe('1/0/0/-');
    expect(report['2026-11-22']).toBe('2/1/0/-');
    expect(report['2026-11-23']).toBe('3/1/0/-');
    // A waited 48 h, E 1 h: the median of two is their mean.
    expect(report['2026-11-24']).toBe(`2/1/2/${24.5 * HOUR}`);
    expect(report['2026-11-25']).toBe('2/0/0/-');
    expect(s.queues.report.days.every((d) => d.size >= 1)).toBe(true);

    expect(s.queues.appeal.now).toBe(2);
    expect(busy(s.queues.appeal.days)).toEqual({
      '2026-11-10': '1/1/0/-',
      '2026-11-11': '1/0/0/-',
      '2026-11-15': '1/1/0/-',
      '2026-11-20': '1/1/0/-',
      '2026-11-21': `0/0/1/${24 * HOUR}`,
      '2026-11-22': '1/1/0/-',
      '2026-11-23': `0/0/1/${24 * HOUR}`,
      '2026-11-24': '1/1/0/-',
      '2026-11-25': '2/1/0/-',
    });
  });

  it('counts decisions per operator and reports by reason within the window', async () => {
    const s = (await op.call<Stats>('/api/ops/stats')).body.data!;
    expect(s.operators).toEqual([
      { uid: opUid, nickname: expect.any(String), review: 1, report: 2, appeal: 0, total: 3 },
      { uid: otherUid, nickname: expect.any(String), review: 0, report: 0, appeal: 1, total: 1 },
    ]);
    expect(s.reasons).toEqual([
      { reason: 'Spam', count: 3 },
      { reason: 'Violence', count: 1 },
    ]);
  });

  it('covers 7 or 90 days when asked (`days`), and refuses any other range naming the field', async () => {
    const week = (await op.call<Stats>('/api/ops/stats?days=7')).body.data!;
    expect(week.from).toBe('2026-11-19');
    expect(week.to).toBe('2026-11-25');
    expect(week.queues.review.days).toHaveLength(7);
    // The 11-01 entry falls outside the week.
    expect(busy(week.queues.review.days)).toEqual({ '2026-11-23': '1/1/0/-', '2026-11-24': `1/2/1/${24 * HOUR}`, '2026-11-25': '1/0/0/-' });
    expect(week.reasons).toEqual([
      { reason: 'Spam', count: 3 },
      { reason: 'Violence', count: 1 },
    ]);
    const quarter = (await op.call<Stats>('/api/ops/stats?days=90')).body.data!;
    expect(quarter.from).toBe('2026-08-28');
    expect(quarter.queues.report.days).toHaveLength(90);
    // The October report (outside 30 days) is inside 90.
    expect(quarter.reasons).toEqual([
      { reason: 'Spam', count: 4 },
      { reason: 'Violence', count: 1 },
    ]);
    for (const bad of ['14', 'abc', '0']) {
      const res = await op.call(`/api/ops/stats?days=${bad}`);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
      expect(JSON.stringify(res.body)).toContain('days');
    }
  });

  it('finds its rows through indexes, not by reading whole collections', async () => {
    const start = at('2026-10-27T00:00:00');
    const plan = (await Report.find({ created_at: mongoose.trusted({ $gte: start }) }).explain()) as unknown as Array<{ queryPlanner: { winningPlan: unknown } }>;
    expect(JSON.stringify(plan)).toContain('IXSCAN');
    const audit = (await AuditEntry.find({ action: 'review.decide', at: mongoose.trusted({ $gte: start }) }).explain()) as unknown as object;
    expect(JSON.stringify(audit)).toContain('IXSCAN');
  });
});
