import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppealStatus, ErrorCode, NoticeKind, StoryStatus, UserRole, type StoryAppeal, type StoryAppealState } from 'shared-kit';
import { seedAccounts } from '../src/seed/accounts';
import { User } from '../src/modules/users/user.model';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { ADULT, save, storyPayload, waitForStory } from './editor.support';

interface GotStory {
  version: { version_id: string };
  story_info: { status: number; creator_status: string; display_status: string };
}
interface NoticeRow {
  kind: string;
  text: string;
  story_id: string;
  story_name: string;
}

describe('appeals of a story an operator rejected', () => {
  let api: TestApi;
  let dir: string;
  let t = Date.now();
  let op: CookieClient;
  let reviewer: CookieClient;
  let creator: CookieClient;
  let other: CookieClient;

  const state = (c: CookieClient, id: string) => c.call<StoryAppealState>(`/api/tyler/user/appeal?story_id=${id}`);
  const appeal = (c: CookieClient, body: Record<string, unknown>) => c.post<StoryAppeal>('/api/tyler/user/appeal', body);
  const notices = async (c: CookieClient) => (await c.call<{ list: NoticeRow[] }>('/api/notice_box/list')).body.data!.list;

  /** Publishes a story the automated review flags, then the operator rejects it with a reason. */
  async function rejected(name: string): Promise<string> {
    const res = await save(creator, { ...storyPayload({ story_name: name, summary: 'A zorblax sleeps under the island.' }), publish_type: 'Publish' });
    expect(res.body.status_code).toBe(0);
    const id = res.body.data!.story_id;
    await waitForStory<GotStory>(creator, id, (d) => d.story_info.status !== StoryStatus.ToVerify);
    expect((await op.post('/api/ops/review/claim', { story_id: id })).body.status_code).toBe(0);
    const decided = await op.post('/api/ops/review/decide', {
      story_id: id,
      decision: 'Failed',
      reasons: [{ field: 'summary', reason: 'Names a creature that is not allowed' }],
    });
    expect(decided.body.status_code).toBe(0);
    return id;
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'appeal-words-'));
    const extra = path.join(dir, 'extra.txt');
    await writeFile(extra, 'zorblax\n');
    api = await startTestApi({ clock: () => t, env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '50', FORBIDDEN_WORDS_FILE: extra } });
    await seedAccounts(api.logger);
    op = await signInByPhone(api.baseUrl, '+12025550100');
    reviewer = await signInByPhone(api.baseUrl, '+12025550715');
    await User.updateOne({ phone: '+12025550715' }, { $set: { roles: [UserRole.User, UserRole.Operator], permissions: ['reviewer'] } });
    creator = await signInByPhone(api.baseUrl, '+12025550711', ADULT);
    other = await signInByPhone(api.baseUrl, '+12025550712', ADULT);
  });
  afterAll(async () => {
    await api?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses the signed out (1007), another user (1050001) and bad input (1009, never a 500)', async () => {
    const id = await rejected('Not Yours');
    const anon = new CookieClient(api.baseUrl);
    expect((await appeal(anon, { story_id: id, text: 'x' })).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await state(anon, id)).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await appeal(other, { story_id: id, text: 'mine now' })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await state(other, id)).body.status_code).toBe(ErrorCode.RecordNotFound);
    for (const body of [
      { story_id: id, text: '' },
      { story_id: id, text: 'y'.repeat(501) },
      { story_id: id, sanction_id: 'x', text: 'both' },
      { text: 'neither' },
      { story_id: { $ne: '' }, text: 'x' },
      { story_id: id, text: 42 },
    ]) {
      const res = await appeal(creator, body);
      expect(res.status).toBe(200);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    }
    expect((await creator.call('/api/tyler/user/appeal')).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await op.post('/api/ops/appeal/decide', { decision: 'Approved', reason: 'x' })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await op.post('/api/ops/appeal/decide', { story_id: 'nope', decision: 'Approved', reason: 'x' })).body.status_code).toBe(ErrorCode.RecordNotFound);
  });

  it('refuses a story no operator rejected (1050003 not_rejected)', async () => {
    const draft = await save(creator, storyPayload({ story_name: 'Just A Draft' }));
    const id = draft.body.data!.story_id;
    expect((await appeal(creator, { story_id: id, text: 'please' })).body).toMatchObject({ status_code: ErrorCode.IllegalOperation, data: { reason: 'not_rejected' } });
    expect((await state(creator, id)).body.data).toEqual({ story_id: id, can_appeal: false, appeal: null });
  });

  it('once only; the operator approves: the judged version goes live, audited, and the creator is told', async () => {
    const id = await rejected('Appeal Me');
    expect((await state(creator, id)).body.data).toMatchObject({ can_appeal: true, appeal: null });
    const made = await appeal(creator, { story_id: id, text: 'A zorblax is a made-up creature of my own' });
    expect(made.body).toMatchObject({
      status_code: 0,
      data: { kind: 'Story', story_id: id, story_name: 'Appeal Me', status: AppealStatus.Pending, reasons: ['summary: Names a creature that is not allowed'] },
    });
    const twice = await appeal(creator, { story_id: id, text: 'Again' });
    expect(twice.body).toMatchObject({ status_code: ErrorCode.DuplicateOperation, data: { reason: 'appealed' } });
    expect((await state(creator, id)).body.data).toMatchObject({ can_appeal: false, appeal: { status: AppealStatus.Pending } });

    // Operators without the moderator permission, and users, cannot see or decide it.
    expect((await reviewer.call('/api/ops/appeal/queue')).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await reviewer.post('/api/ops/appeal/decide', { story_id: id, decision: 'Approved', reason: 'x' })).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await creator.post('/api/ops/appeal/decide', { story_id: id, decision: 'Approved', reason: 'x' })).body.status_code).toBe(ErrorCode.NoAccess);

    const queue = await op.call<{ list: Array<{ kind: string; story_id?: string; text?: string; user: { uid: string } | null }> }>('/api/ops/appeal/queue');
    expect(queue.body.data!.list.find((a) => a.kind === 'Story' && a.story_id === id)).toMatchObject({ text: 'A zorblax is a made-up creature of my own' });

    t += 1000;
    const approved = await op.post<StoryAppeal>('/api/ops/appeal/decide', { story_id: id, decision: 'Approved', reason: 'Invented words are fine' });
    expect(approved.body.data).toMatchObject({ status: AppealStatus.Approved, reason: 'Invented words are fine' });
    const seen = await waitForStory<GotStory>(creator, id, () => true);
    expect(seen.story_info).toMatchObject({ status: StoryStatus.Passed, display_status: 'Published' });
    expect((await state(creator, id)).body.data).toMatchObject({ can_appeal: false, appeal: { status: AppealStatus.Approved } });
    expect((await notices(creator))[0]).toMatchObject({ kind: NoticeKind.AppealApproved, story_id: id, story_name: 'Appeal Me', text: 'Invented words are fine' });
    const again = await op.post('/api/ops/appeal/decide', { story_id: id, decision: 'Rejected', reason: 'no' });
    expect(again.body.status_code).toBe(ErrorCode.IllegalOperation);
    expect((await op.call<{ list: Array<{ story_id?: string }> }>('/api/ops/appeal/queue')).body.data!.list.some((a) => a.story_id === id)).toBe(false);
    const audit = await op.call<{ list: Array<{ action: string; after: { appeal: string } }> }>(`/api/ops/audit/list?target_id=${id}`);
    expect(audit.body.data!.list[0]).toMatchObject({ action: 'appeal.decide', after: { appeal: AppealStatus.Approved } });
  });

  it('a rejected appeal leaves the story rejected, and it cannot be appealed again', async () => {
    const id = await rejected('Turned Down');
    await appeal(creator, { story_id: id, text: 'It is fine' });
    const no = await op.post<StoryAppeal>('/api/ops/appeal/decide', { story_id: id, decision: 'Rejected', reason: 'It is not' });
    expect(no.body.data).toMatchObject({ status: AppealStatus.Rejected });
    const seen = await waitForStory<GotStory>(creator, id, () => true);
    expect(seen.story_info.status).toBe(StoryStatus.Failed);
    expect((await state(creator, id)).body.data).toMatchObject({ can_appeal: false, appeal: { status: AppealStatus.Rejected, reason: 'It is not' } });
    expect((await appeal(creator, { story_id: id, text: 'Again' })).body.status_code).toBe(ErrorCode.DuplicateOperation);
    expect((await notices(creator))[0]).toMatchObject({ kind: NoticeKind.AppealRejected, story_id: id, text: 'It is not' });
  });

  it('edited content cannot be appealed, and an edit cancels an appeal that waits', async () => {
    const edited = await rejected('Edited Before');
    const v1 = (await waitForStory<GotStory>(creator, edited, () => true)).version.version_id;
    expect((await save(creator, { ...storyPayload({ story_name: 'Edited Before', summary: 'Calmer now.' }), story_id: edited, version: { version_id: v1 } })).body.status_code).toBe(0);
    expect((await appeal(creator, { story_id: edited, text: 'please' })).body).toMatchObject({ status_code: ErrorCode.IllegalOperation, data: { reason: 'edited' } });
    expect((await state(creator, edited)).body.data).toEqual({ story_id: edited, can_appeal: false, appeal: null });

    const waiting = await rejected('Edited While Waiting');
    expect((await appeal(creator, { story_id: waiting, text: 'please' })).body.status_code).toBe(0);
    const v2 = (await waitForStory<GotStory>(creator, waiting, () => true)).version.version_id;
    expect((await save(creator, { ...storyPayload({ story_name: 'Edited While Waiting' }), story_id: waiting, version: { version_id: v2 } })).body.status_code).toBe(0);
    const queue = await op.call<{ list: Array<{ story_id?: string }> }>('/api/ops/appeal/queue');
    expect(queue.body.data!.list.some((a) => a.story_id === waiting)).toBe(false);
    expect((await state(creator, waiting)).body.data).toEqual({ story_id: waiting, can_appeal: false, appeal: null });
    expect((await op.post('/api/ops/appeal/decide', { story_id: waiting, decision: 'Approved', reason: 'x' })).body.status_code).toBe(ErrorCode.IllegalOperation);
    const seen = await waitForStory<GotStory>(creator, waiting, () => true);
    expect(seen.story_info.status).toBe(StoryStatus.Draft);
  });
});
