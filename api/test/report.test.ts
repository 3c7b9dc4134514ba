import { ErrorCode, OpsPermission } from 'shared-kit';
import { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_TARGETS, REPORTS_PER_HOUR } from 'shared-kit/areas';
import { seedAccounts } from '../src/seed/accounts';
import { seedTemplates } from '../src/seed/templates';
import { Template } from '../src/modules/template/template.model';
import { CookieClient, signInByPhone, type TestApi } from './helpers';
import { guest, HOSTILE_IDS, person, publishStory, startCommunityApi, suspended, type Person } from './support/community';

interface Case {
  case_id: string;
  target_type: string;
  target_id: string;
  target_name: string;
  count: number;
  reasons: Array<{ reason: string; count: number }>;
  status: string;
  resolution: { action: string; sanction: string } | null;
}
interface Mine {
  report_id: string;
  target_id: string;
  status: string;
  outcome: string;
}
interface NoticeRow {
  kind: string;
  story_id: string;
  story_name: string;
  text: string;
}

const storyReport = (story_id: string, extra: Record<string, unknown> = {}) => ({ story_id, reason: 'Violence', content: ['chapters'], details: 'Too graphic', ...extra });
const PARAM_ERRORS: number[] = [ErrorCode.InvalidParam, ErrorCode.ClientParamError, ErrorCode.CommonInvalidParam];

describe('reports: filing, my reports, the operators\u2019 queue and its resolutions', () => {
  let api: TestApi;
  let admin: CookieClient;
  let creator: CookieClient;
  let creatorUid: string;
  let storyA: string;
  let storyB: string;
  let p1: Person;
  let p2: Person;
  let banned: Person;
  let moderator: Person;
  let reviewer: Person;

  const queue = async (sort = 'count') => (await moderator.client.call<{ list: Case[] }>(`/api/ops/report/queue?sort=${sort}`)).body.data!.list;
  const caseOf = async (targetId: string) => (await queue()).find((c) => c.target_id === targetId);
  const inbox = async (p: Person) => (await p.client.call<{ list: NoticeRow[] }>('/api/notice_box/list')).body.data!.list;

  beforeAll(async () => {
    api = await startCommunityApi();
    await seedAccounts(api.logger);
    admin = await signInByPhone(api.baseUrl, '+12025550100');
    const a = await publishStory(api.baseUrl, { story_name: 'The Quarry' });
    creator = a.creator;
    storyA = a.storyId;
    storyB = (await publishStory(api.baseUrl, { story_name: 'The Mill' }, creator)).storyId;
    creatorUid = (await creator.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    [p1, p2, moderator, reviewer] = [await person(api), await person(api), await person(api), await person(api)];
    banned = await suspended(api);
    for (const [p, permission] of [[moderator, OpsPermission.Moderator], [reviewer, OpsPermission.Reviewer]] as const) {
      const res = await admin.post('/api/ops/permission/update', { user: p.uid, permission, grant: true });
      expect(res.body.status_code).toBe(0);
    }
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('config lists the reasons and content parts of every target kind, and the details limit, to anyone', async () => {
    const res = await new CookieClient(api.baseUrl).call<{ targets: Array<{ target_type: string; reasons: string[]; content: string[] }>; details_max: number }>(
      '/api/report/config',
    );
    expect(res.body.status_code).toBe(0);
    expect(res.body.data!.targets.map((t) => t.target_type)).toEqual([...REPORT_TARGETS]);
    expect(res.body.data!.targets.find((t) => t.target_type === 'story')!.reasons).toEqual([...REPORT_REASONS.story]);
    expect(res.body.data!.details_max).toBe(REPORT_DETAILS_MAX);
  });

  it.each([...REPORT_TARGETS, 'story_list'])('%s: signed out and guests 1007', async (route) => {
    const call = (c: CookieClient) => (route === 'story_list' ? c.call('/api/report/story_list') : c.post(`/api/report/${route}`, {}));
    expect((await call(new CookieClient(api.baseUrl))).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await call(await guest(api))).body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it('two players report one story: one queue item with a count of 2; the same player twice and the creator are refused', async () => {
    const first = await p1.client.post<{ report_id: string; status: string }>('/api/report/story', storyReport(storyA));
    expect(first.body).toMatchObject({ status_code: 0, data: { status: 'Open' } });
    const again = await p1.client.post('/api/report/story', storyReport(storyA, { reason: 'Spam' }));
    expect(again.body).toMatchObject({ status_code: ErrorCode.DuplicateOperation, data: { reason: 'already_reported' } });
    expect((await creator.post('/api/report/story', storyReport(storyA))).body).toMatchObject({ status_code: ErrorCode.IllegalOperation, data: { reason: 'own' } });
    expect((await p2.client.post('/api/report/story', storyReport(storyA, { reason: 'Sexual', content: ['cover', 'name'], details: '' }))).body.status_code).toBe(0);
    // A suspended account (no creating) may still report.
    expect((await banned.client.post('/api/report/story', storyReport(storyB))).body.status_code).toBe(0);

    const item = await caseOf(storyA);
    expect(item).toMatchObject({ target_type: 'story', target_name: 'The Quarry', count: 2, status: 'Open' });
    expect(item!.reasons).toEqual([
      { reason: 'Sexual', count: 1 },
      { reason: 'Violence', count: 1 },
    ]);
    expect((await queue('count'))[0]!.target_id).toBe(storyA);
    expect((await queue('newest'))[0]!.target_id).toBe(storyB);

    const mine = await p1.client.call<{ list: Mine[]; has_more: boolean }>('/api/report/story_list');
    expect(mine.body.data!.list).toEqual([expect.objectContaining({ target_id: storyA, status: 'Open', outcome: '' })]);
  });

  it('the item shows the story as players see it and every report', async () => {
    const item = (await caseOf(storyA))!;
    const got = await moderator.client.call<{
      target: { exists: boolean; title: string; author: { uid: string } | null; link: string };
      reports: Array<{ reporter_uid: string; reason: string; details: string; content: string[] }>;
    }>(`/api/ops/report/get?case_id=${item.case_id}`);
    expect(got.body.status_code).toBe(0);
    expect(got.body.data!.target).toMatchObject({ exists: true, title: 'The Quarry', author: { uid: creatorUid }, link: `/play/story/${storyA}` });
    expect(got.body.data!.reports.map((r) => r.reporter_uid).sort()).toEqual([p1.uid, p2.uid].sort());
    expect(got.body.data!.reports.find((r) => r.reporter_uid === p1.uid)).toMatchObject({ reason: 'Violence', details: 'Too graphic', content: ['chapters'] });
    // The console's account page lists it among the reports against the creator.
    const account = await admin.call<{ reports: Array<{ case_id: string; target_id: string; count: number; status: string }> }>(`/api/ops/user/detail?uid=${creatorUid}`);
    expect(account.body.data!.reports).toContainEqual(expect.objectContaining({ case_id: item.case_id, target_id: storyA, count: 2, status: 'Open' }));
    const other = await admin.call<{ reports: unknown[] }>(`/api/ops/user/detail?uid=${p1.uid}`);
    expect(other.body.data!.reports).toEqual([]);
  });

  it('operator routes: the moderator permission only (reviewer 1008), users 1008, guests 1007', async () => {
    const routes: Array<(c: CookieClient) => Promise<{ body: { status_code: number } }>> = [
      (c) => c.call('/api/ops/report/queue'),
      (c) => c.call('/api/ops/report/get?case_id=1'),
      (c) => c.post('/api/ops/report/resolve', { case_id: '1', action: 'NoAction' }),
    ];
    for (const route of routes) {
      expect((await route(new CookieClient(api.baseUrl))).body.status_code).toBe(ErrorCode.NeedLogin);
      expect((await route(await guest(api))).body.status_code).toBe(ErrorCode.NeedLogin);
      expect((await route(p1.client)).body.status_code).toBe(ErrorCode.NoAccess);
      expect((await route(banned.client)).body.status_code).toBe(ErrorCode.NoAccess);
      expect((await route(reviewer.client)).body.status_code).toBe(ErrorCode.NoAccess);
      expect([0, ErrorCode.RecordNotFound]).toContain((await route(moderator.client)).body.status_code);
      expect([0, ErrorCode.RecordNotFound]).toContain((await route(admin)).body.status_code);
    }
  });

  it('removing the story takes it offline, resolves both reports, tells both reporters, and is audited', async () => {
    const item = (await caseOf(storyA))!;
    const res = await moderator.client.post<{ case: Case; notified: number }>('/api/ops/report/resolve', { case_id: item.case_id, action: 'Remove', note: 'Graphic' });
    expect(res.body).toMatchObject({ status_code: 0, data: { notified: 2, case: { status: 'Resolved', resolution: { action: 'Remove' } } } });
    expect((await p1.client.call(`/api/tyler/detail?story_id=${storyA}`)).body.status_code).toBe(ErrorCode.StoryDeleted);
    for (const p of [p1, p2]) {
      expect(await inbox(p)).toContainEqual(expect.objectContaining({ kind: 'ReportResult', story_id: storyA, story_name: 'The Quarry', text: 'Remove' }));
      const mine = await p.client.call<{ list: Mine[] }>('/api/report/story_list');
      expect(mine.body.data!.list[0]).toMatchObject({ target_id: storyA, status: 'Resolved', outcome: 'Remove' });
    }
    expect(await caseOf(storyA)).toBeUndefined();
    const twice = await moderator.client.post('/api/ops/report/resolve', { case_id: item.case_id, action: 'NoAction' });
    expect(twice.body.status_code).toBe(ErrorCode.DuplicateOperation);
    const audit = await admin.call<{ list: Array<{ action: string; operator_uid: string; after: Record<string, unknown> }> }>(`/api/ops/audit/list?target_id=${storyA}`);
    expect(audit.body.data!.list.map((r) => r.action)).toEqual(['report.resolve', 'report.remove']);
    expect(audit.body.data!.list[0]).toMatchObject({ operator_uid: moderator.uid, after: { action: 'Remove', reporters: 2 } });
  });

  it('no action resolves the item; a new report later opens a new one', async () => {
    const item = (await caseOf(storyB))!;
    expect((await moderator.client.post('/api/ops/report/resolve', { case_id: item.case_id, action: 'NoAction' })).body.status_code).toBe(0);
    expect(await inbox(banned)).toContainEqual(expect.objectContaining({ kind: 'ReportResult', text: 'NoAction' }));
    expect((await banned.client.post('/api/report/story', storyReport(storyB))).body.status_code).toBe(0);
    const fresh = (await caseOf(storyB))!;
    expect(fresh.case_id).not.toBe(item.case_id);
    expect(fresh.count).toBe(1);
  });

  it('a comment: removed goes Offline; an author: sanctioned with a creation ban, told in their inbox', async () => {
    const storyC = (await publishStory(api.baseUrl, { story_name: 'The Pier' }, creator)).storyId;
    const posted = await p2.client.post<{ comment: { comment_id: string } }>('/api/interact/comment/post', { story_id: storyC, text: 'You are all fools' });
    const commentId = posted.body.data!.comment.comment_id;
    expect((await p1.client.post('/api/report/comment', { comment_id: commentId, reason: 'Harassment', content: ['text'] })).body.status_code).toBe(0);
    const c = (await caseOf(commentId))!;
    expect((await moderator.client.post('/api/ops/report/resolve', { case_id: c.case_id, action: 'Remove' })).body.status_code).toBe(0);
    expect((await p1.client.call(`/api/interact/comment/get?comment_id=${commentId}`)).body.status_code).toBe(ErrorCode.CommentDeleted);

    expect((await p1.client.post('/api/report/author', { uid: creatorUid, reason: 'Impersonation', content: ['nickname'] })).body.status_code).toBe(0);
    const a = (await caseOf(creatorUid))!;
    const removeAuthor = await moderator.client.post('/api/ops/report/resolve', { case_id: a.case_id, action: 'Remove' });
    expect(removeAuthor.body.status_code).toBe(ErrorCode.InvalidParam);
    const badDays = await moderator.client.post('/api/ops/report/resolve', { case_id: a.case_id, action: 'Sanction', sanction: { kind: 'CreationBan', days: 5 } });
    expect(badDays.body.status_code).toBe(ErrorCode.InvalidParam);
    const sanctioned = await moderator.client.post<{ case: Case }>('/api/ops/report/resolve', {
      case_id: a.case_id,
      action: 'Sanction',
      note: 'Pretends to be staff',
      sanction: { kind: 'CreationBan', days: 7 },
    });
    expect(sanctioned.body.data!.case.resolution).toMatchObject({ action: 'Sanction', sanction: 'CreationBan' });
    const creatorInbox = await creator.call<{ list: NoticeRow[] }>('/api/notice_box/list');
    expect(creatorInbox.body.data!.list).toContainEqual(expect.objectContaining({ kind: 'Sanction', text: 'Pretends to be staff' }));
    const standing = await creator.call<{ ban: { creation_until: string | null } }>('/api/tyler/user/detail');
    expect(standing.body.data!.ban.creation_until).not.toBeNull();
    const audit = await admin.call<{ list: Array<{ action: string }> }>(`/api/ops/audit/list?target_id=${creatorUid}`);
    expect(audit.body.data!.list.map((r) => r.action)).toEqual(['report.resolve', 'user.sanction']);
  });

  it('a comment or a reply: not one\u2019s own, not across a block either way, and a signed-out caller is asked to log in', async () => {
    const storyE = (await publishStory(api.baseUrl, { story_name: 'The Ferry' })).storyId;
    const [writer, reader, blocker] = [await person(api), await person(api), await person(api)];
    const root = (await writer.client.post<{ comment: { comment_id: string } }>('/api/interact/comment/post', { story_id: storyE, text: 'First!' })).body.data!.comment;
    const reply = (
      await blocker.client.post<{ comment: { comment_id: string } }>('/api/interact/comment/post', { story_id: storyE, text: 'Hardly', reply_to_comment_id: root.comment_id })
    ).body.data!.comment;
    const report = (c: Person, comment_id: string) => c.client.post('/api/report/comment', { comment_id, reason: 'Spam', content: ['text'] });
    expect((await report(writer, root.comment_id)).body).toMatchObject({ status_code: ErrorCode.IllegalOperation, data: { reason: 'own' } });
    // The reader blocks the writer: the comment is hidden from the reader, and reporting it is as if it were gone.
    expect((await reader.client.post('/api/tyler/user/block', { uid: writer.uid })).body.status_code).toBe(0);
    expect((await report(reader, root.comment_id)).body.status_code).toBe(ErrorCode.CommentDeleted);
    // The blocker of the writer cannot report the writer's comment either, but another reader can, and a reply too.
    expect((await blocker.client.post('/api/tyler/user/block', { uid: writer.uid })).body.status_code).toBe(0);
    expect((await report(blocker, root.comment_id)).body.status_code).toBe(ErrorCode.CommentDeleted);
    const other = await person(api);
    expect((await report(other, root.comment_id)).body.status_code).toBe(0);
    expect((await report(other, reply.comment_id)).body.status_code).toBe(0);
    expect((await caseOf(reply.comment_id))!).toMatchObject({ target_type: 'comment', count: 1 });
    // Blocked by the author (the other way round): the same.
    expect((await blocker.client.post('/api/tyler/user/unblock', { uid: writer.uid })).body.status_code).toBe(0);
    expect((await writer.client.post('/api/tyler/user/block', { uid: blocker.uid })).body.status_code).toBe(0);
    expect((await report(blocker, root.comment_id)).body.status_code).toBe(ErrorCode.CommentDeleted);
    expect((await new CookieClient(api.baseUrl).post('/api/report/comment', { comment_id: root.comment_id, reason: 'Spam', content: ['text'] })).body.status_code).toBe(
      ErrorCode.NeedLogin,
    );
  });

  it('a dialogue line of one\u2019s own play; a published template (removed: Offline); topics by id; unknown targets refused', async () => {
    const storyD = (await publishStory(api.baseUrl, { story_name: 'The Lock' })).storyId;
    const started = await p1.client.post<{ dialogues: Array<{ dialogue_id: string }> }>('/api/tyler/story/start_play', { story_id: storyD, is_new_play: true });
    const line = started.body.data!.dialogues[0]!.dialogue_id;
    expect((await p2.client.post('/api/report/dialogue', { dialogue_id: line, reason: 'Hateful', content: ['message'] })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await p1.client.post('/api/report/dialogue', { dialogue_id: line, reason: 'Hateful', content: ['message'] })).body.status_code).toBe(0);
    expect((await caseOf(line))!.target_type).toBe('dialogue');
    expect((await p1.client.post('/api/report/template', { template_id: '123', reason: 'Plagiarism', content: ['name'] })).body.status_code).toBe(ErrorCode.RecordNotFound);
    await seedTemplates(api.logger);
    const templateId = (await Template.findOne({ status: 'Published' }).lean<{ template_id: string }>())!.template_id;
    expect((await p1.client.post('/api/report/template', { template_id: templateId, reason: 'Plagiarism', content: ['name'] })).body.status_code).toBe(0);
    const t = (await caseOf(templateId))!;
    expect((await moderator.client.post('/api/ops/report/resolve', { case_id: t.case_id, action: 'Remove' })).body.status_code).toBe(0);
    expect((await Template.findOne({ template_id: templateId }).lean<{ status: string }>())!.status).toBe('Offline');
    expect((await p2.client.post('/api/report/template', { template_id: templateId, reason: 'Plagiarism', content: ['name'] })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await p1.client.post('/api/report/topic', { topic_id: '456', reason: 'Spam', content: ['title'] })).body.status_code).toBe(0);
    expect((await p1.client.post('/api/report/story', storyReport('99999999'))).body.status_code).toBe(ErrorCode.NoStory);
    expect((await p1.client.post('/api/report/author', { uid: '99999999', reason: 'Spam', content: ['nickname'] })).body.status_code).toBe(ErrorCode.UserNotExist);
    expect((await p1.client.post('/api/report/comment', { comment_id: '99999999', reason: 'Spam', content: ['text'] })).body.status_code).toBe(ErrorCode.CommentDeleted);
  });

  it('bad input on every route is a parameter error, never a 500 or a write', async () => {
    const p = await person(api);
    const bodies: unknown[] = [
      ...HOSTILE_IDS.map((id) => storyReport(id as string)),
      storyReport(storyB, { reason: 'Boring' }),
      storyReport(storyB, { reason: ['Spam'] }),
      storyReport(storyB, { reason: { $ne: null } }),
      storyReport(storyB, { content: [] }),
      storyReport(storyB, { content: ['text'] }),
      storyReport(storyB, { content: 'chapters' }),
      storyReport(storyB, { content: [{ $gt: '' }] }),
      storyReport(storyB, { details: '😀'.repeat(REPORT_DETAILS_MAX + 1) }),
      storyReport(storyB, { details: { $where: '1' } }),
      storyReport(storyB, { extra: 1 }),
      [storyB],
      'story_id',
    ];
    for (const body of bodies) {
      const res = await p.client.post('/api/report/story', body);
      expect(res.status).toBe(200);
      expect(PARAM_ERRORS).toContain(res.body.status_code);
    }
    expect((await p.client.post('/api/report/story', storyReport(storyB, { details: '😀'.repeat(REPORT_DETAILS_MAX) }))).body.status_code).toBe(0);
    for (const q of ['offset=-1', 'count=0', 'count=1000', 'offset=1&offset=2', 'count=abc']) {
      expect(PARAM_ERRORS).toContain((await p.client.call(`/api/report/story_list?${q}`)).body.status_code);
    }
    for (const body of [{ case_id: { $ne: null }, action: 'Remove' }, { case_id: '1', action: 'Delete' }, { case_id: ['1'], action: 'NoAction' }, { case_id: '1', action: 'NoAction', x: 1 }]) {
      expect(PARAM_ERRORS).toContain((await moderator.client.post('/api/ops/report/resolve', body)).body.status_code);
    }
    for (const q of ['sort=biggest', 'status=Gone', 'case_id[$ne]=x']) {
      const path = q.startsWith('case_id') ? `/api/ops/report/get?${q}` : `/api/ops/report/queue?${q}`;
      expect(PARAM_ERRORS).toContain((await moderator.client.call(path)).body.status_code);
    }
  });

  it(`at most ${REPORTS_PER_HOUR} reports an hour per account, counted in the database`, async () => {
    const p = await person(api);
    for (let i = 0; i < REPORTS_PER_HOUR; i += 1) {
      expect((await p.client.post('/api/report/topic', { topic_id: String(1000 + i), reason: 'Spam', content: ['title'] })).body.status_code).toBe(0);
    }
    const over = await p.client.post('/api/report/topic', { topic_id: '5000', reason: 'Spam', content: ['title'] });
    expect(over.body.status_code).toBe(ErrorCode.RateLimit);
    const mine = await p.client.call<{ list: Mine[]; has_more: boolean; next_offset: number }>('/api/report/story_list?count=20');
    expect(mine.body.data).toMatchObject({ has_more: true, next_offset: 20 });
    const rest = await p.client.call<{ list: Mine[]; has_more: boolean }>('/api/report/story_list?count=20&offset=20');
    expect(rest.body.data!.list).toHaveLength(REPORTS_PER_HOUR - 20);
    expect(rest.body.data!.has_more).toBe(false);
  });
});
