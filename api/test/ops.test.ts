import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, StoryStatus, UserRole, type StoryReviewResult } from 'shared-kit';
import { seedAccounts } from '../src/seed/accounts';
import { User } from '../src/modules/users/user.model';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { ADULT, save, storyPayload, waitForStory } from './editor.support';

interface GotStory {
  story_info: { status: number; creator_status: string; display_status: string };
  review_result: StoryReviewResult | null;
}
interface QueueItem {
  story_id: string;
  status: number;
  review_result: StoryReviewResult | null;
  claimed_by: string | null;
}
interface AuditRow {
  operator_uid: string;
  action: string;
  target_id: string;
  before: unknown;
  after: unknown;
  reason: string;
  at: string;
}

const ROUTES: Array<[method: 'GET' | 'POST', path: string, body?: unknown]> = [
  ['GET', '/api/ops/review/queue'],
  ['POST', '/api/ops/review/claim', { story_id: 'nope' }],
  ['POST', '/api/ops/review/decide', { story_id: 'nope', decision: 'Passed' }],
  ['GET', '/api/ops/audit/list'],
];

describe('ops console: roles, review queue, audit log', () => {
  let api: TestApi;
  let dir: string;
  let t = Date.now();
  let creator: CookieClient;
  let op1: CookieClient;
  let op2: CookieClient;
  let developer: CookieClient;
  let op1Uid: string;
  let op2Uid: string;

  const send = (client: CookieClient, [method, p, body]: (typeof ROUTES)[number]) =>
    method === 'GET' ? client.call(p) : client.post(p, body);

  async function publishFlagged(name: string): Promise<string> {
    const res = await save(creator, {
      ...storyPayload({ story_name: name, summary: 'A zorblax sleeps under the island.' }),
      publish_type: 'Publish',
    });
    expect(res.body.status_code).toBe(0);
    const id = res.body.data!.story_id;
    await waitForStory<GotStory>(creator, id, (d) => d.story_info.status !== StoryStatus.ToVerify);
    return id;
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ops-words-'));
    const extra = path.join(dir, 'extra.txt');
    await writeFile(extra, 'zorblax\n');
    api = await startTestApi({
      clock: () => t,
      env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '50', FORBIDDEN_WORDS_FILE: extra },
    });
    await seedAccounts(api.logger);
    op1 = await signInByPhone(api.baseUrl, '+12025550100');
    creator = await signInByPhone(api.baseUrl, '+12025550411', ADULT);
    // A second operator and a developer: their roles are granted in the database, as an admin would.
    op2 = await signInByPhone(api.baseUrl, '+12025550412');
    developer = await signInByPhone(api.baseUrl, '+12025550413');
    await User.updateOne({ phone: '+12025550412' }, { $set: { roles: [UserRole.User, UserRole.Operator], permissions: ['reviewer'] } });
    await User.updateOne({ phone: '+12025550413' }, { $set: { roles: [UserRole.User, UserRole.Developer] } });
    op1Uid = (await op1.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    op2Uid = (await op2.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
  });
  afterAll(async () => {
    await api?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it.each(ROUTES)('%s %s refuses the signed out (1007), users and developers (1008), and serves operators', async (...route) => {
    expect((await send(new CookieClient(api.baseUrl), route)).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await send(creator, route)).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await send(developer, route)).body.status_code).toBe(ErrorCode.NoAccess);
    const asOperator = (await send(op1, route)).body.status_code;
    expect(asOperator).not.toBe(ErrorCode.NoAccess);
    expect(asOperator).not.toBe(ErrorCode.NeedLogin);
  });

  it('lists a story the automated review flagged, with its review result per field', async () => {
    const id = await publishFlagged('Flagged One');
    const queue = await op1.call<{ list: QueueItem[] }>('/api/ops/review/queue');
    expect(queue.body.status_code).toBe(0);
    const item = queue.body.data!.list.find((s) => s.story_id === id);
    expect(item).toMatchObject({ status: StoryStatus.Failed, claimed_by: null });
    expect(item!.review_result!.summary.is_valid).toBe(false);
    expect(item!.review_result!.name.is_valid).toBe(true);
  });

  it('a claim locks the story for 10 minutes: the second operator is refused, even racing, until it lapses', async () => {
    const id = await publishFlagged('Contested');
    const raced = await Promise.all([
      op1.post('/api/ops/review/claim', { story_id: id }),
      op2.post('/api/ops/review/claim', { story_id: id }),
    ]);
    const codes = raced.map((r) => r.body.status_code).sort();
    expect(codes).toEqual([0, ErrorCode.BusinessError]);
    const winner = raced[0]!.body.status_code === 0 ? op1 : op2;
    const loser = winner === op1 ? op2 : op1;
    const refused = await loser.post('/api/ops/review/claim', { story_id: id });
    expect(refused.body).toMatchObject({ status_code: ErrorCode.BusinessError, data: { reason: 'claimed' } });
    const notYours = await loser.post('/api/ops/review/decide', { story_id: id, decision: 'Passed' });
    expect(notYours.body).toMatchObject({ status_code: ErrorCode.BusinessError, data: { reason: 'not_claimed' } });
    // The holder may renew; after 10 minutes the lock lapses and the other operator takes it.
    expect((await winner.post('/api/ops/review/claim', { story_id: id })).body.status_code).toBe(0);
    t += 10 * 60 * 1000 + 1000;
    const taken = await loser.post<{ locked_until: string }>('/api/ops/review/claim', { story_id: id });
    expect(taken.body.status_code).toBe(0);
    expect(new Date(taken.body.data!.locked_until).getTime()).toBe(t + 10 * 60 * 1000);
  });

  it('rejects with per-field reasons that the creator reads in the editor, and audits it', async () => {
    const id = await publishFlagged('To Reject');
    const claimed = await op1.post<{ content: { nodes: unknown[] } }>('/api/ops/review/claim', { story_id: id });
    expect(claimed.body.status_code).toBe(0);
    expect(claimed.body.data!.content.nodes).toHaveLength(2);

    const noReason = await op1.post('/api/ops/review/decide', { story_id: id, decision: 'Failed' });
    expect(noReason.body.status_code).toBe(ErrorCode.InvalidParam);
    const badField = await op1.post('/api/ops/review/decide', {
      story_id: id,
      decision: 'Failed',
      reasons: [{ field: 'nodes.n9.content', reason: 'x' }],
    });
    expect(badField.body.status_code).toBe(ErrorCode.InvalidParam);

    const decided = await op1.post('/api/ops/review/decide', {
      story_id: id,
      decision: 'Failed',
      reasons: [
        { field: 'summary', reason: 'Names a creature that is not allowed' },
        { field: 'nodes.n1.content', reason: 'The arrival scene is too graphic' },
      ],
      note: 'Rejected after reading',
    });
    expect(decided.body).toMatchObject({ status_code: 0, data: { story_id: id, status: StoryStatus.Failed } });

    const seen = await waitForStory<GotStory>(creator, id, () => true);
    expect(seen.story_info.creator_status).toBe('Failed');
    expect(seen.review_result!.nodes[0]!.content).toEqual({
      is_valid: false,
      extra: { simple_reason: { display_reason: 'The arrival scene is too graphic' } },
    });
    expect(seen.review_result!.summary.extra?.simple_reason.display_reason).toBe('Names a creature that is not allowed');
    expect(seen.review_result!.name.is_valid).toBe(true);

    const queue = await op1.call<{ list: QueueItem[] }>('/api/ops/review/queue');
    // Decided: it leaves the queue, and cannot be claimed again until the creator publishes a new version.
    expect(queue.body.data!.list.some((s) => s.story_id === id)).toBe(false);
    expect((await op2.post('/api/ops/review/claim', { story_id: id })).body.status_code).toBe(ErrorCode.RecordNotFound);

    const audit = await op1.call<{ list: AuditRow[] }>(`/api/ops/audit/list?target_id=${id}`);
    expect(audit.body.data!.list.map((r) => r.action)).toEqual(['review.decide', 'review.claim']);
    const decide = audit.body.data!.list[0]!;
    expect(decide).toMatchObject({ operator_uid: op1Uid, target_id: id, before: { status: StoryStatus.Failed }, after: { status: StoryStatus.Failed } });
    expect(decide.reason).toContain('nodes.n1.content: The arrival scene is too graphic');
    expect(new Date(decide.at).getTime()).toBe(t);
  });

  it('approves a flagged story: it goes live and leaves the queue', async () => {
    const id = await publishFlagged('To Approve');
    expect((await op2.post('/api/ops/review/claim', { story_id: id })).body.status_code).toBe(0);
    const decided = await op2.post('/api/ops/review/decide', { story_id: id, decision: 'Passed', note: 'A made-up word' });
    expect(decided.body).toMatchObject({ status_code: 0, data: { status: StoryStatus.Passed } });
    const seen = await waitForStory<GotStory>(creator, id, () => true);
    expect(seen.story_info).toMatchObject({ creator_status: 'Passed', display_status: 'Published' });
    expect(seen.review_result!.summary.is_valid).toBe(true);
    const queue = await op1.call<{ list: QueueItem[] }>('/api/ops/review/queue');
    expect(queue.body.data!.list.some((s) => s.story_id === id)).toBe(false);
    const again = await op2.post('/api/ops/review/claim', { story_id: id });
    expect(again.body.status_code).toBe(ErrorCode.RecordNotFound);
  });

  it('searches the audit log by operator, action and text, newest first, page by page', async () => {
    const byOp2 = await op1.call<{ list: AuditRow[] }>(`/api/ops/audit/list?operator_uid=${op2Uid}&action=review.decide`);
    expect(byOp2.body.data!.list).toHaveLength(1);
    expect(byOp2.body.data!.list[0]!.reason).toContain('A made-up word');
    const text = await op1.call<{ list: AuditRow[] }>('/api/ops/audit/list?q=too%20graphic');
    expect(text.body.data!.list.map((r) => r.action)).toEqual(['review.decide']);
    const first = await op1.call<{ list: AuditRow[]; has_more: boolean; cursor: string }>('/api/ops/audit/list?count=2');
    expect(first.body.data!.has_more).toBe(true);
    const next = await op1.call<{ list: AuditRow[] }>(`/api/ops/audit/list?count=100&cursor=${first.body.data!.cursor}`);
    const all = await op1.call<{ list: AuditRow[] }>('/api/ops/audit/list?count=100');
    expect([...first.body.data!.list, ...next.body.data!.list]).toEqual(all.body.data!.list);
    const times = all.body.data!.list.map((r) => new Date(r.at).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
