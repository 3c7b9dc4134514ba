import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppealStatus, ErrorCode, StoryStatus, UserRole, type OpsStoryVersion, type StoryAppeal } from 'shared-kit';
import { seedAccounts } from '../src/seed/accounts';
import { User } from '../src/modules/users/user.model';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { ADULT, save, storyPayload, waitForStory } from './editor.support';
import { guest } from './support/community';

interface GotStory {
  version: { version_id: string };
  story_info: { status: number };
}

/** `GET /api/ops/story/version`: the judged version of a story, read only, for the operator deciding its appeal. */
describe('a story version as judged, read only in the console', () => {
  let api: TestApi;
  let dir: string;
  let t = Date.now();
  let admin: CookieClient;
  let adminUid: string;
  let reviewer: CookieClient;
  let moderator: CookieClient;
  let creator: CookieClient;
  let creatorUid: string;

  const view = (c: CookieClient, query: string) => c.call<OpsStoryVersion>(`/api/ops/story/version?${query}`);

  /** Publishes a story the automated review flags; the admin rejects its summary. Answers its id and version. */
  async function rejected(name: string): Promise<{ id: string; version: string }> {
    const res = await save(creator, { ...storyPayload({ story_name: name, summary: 'A zorblax sleeps under the island.' }), publish_type: 'Publish' });
    expect(res.body.status_code).toBe(0);
    const id = res.body.data!.story_id;
    const got = await waitForStory<GotStory>(creator, id, (d) => d.story_info.status !== StoryStatus.ToVerify);
    expect((await admin.post('/api/ops/review/claim', { story_id: id })).body.status_code).toBe(0);
    t += 1000;
    const decided = await admin.post('/api/ops/review/decide', {
      story_id: id,
      decision: 'Failed',
      reasons: [{ field: 'summary', reason: 'Names a creature that is not allowed' }],
      note: 'Summary only',
    });
    expect(decided.body.status_code).toBe(0);
    return { id, version: got.version.version_id };
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'version-words-'));
    const extra = path.join(dir, 'extra.txt');
    await writeFile(extra, 'zorblax\n');
    api = await startTestApi({ clock: () => t, env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '50', FORBIDDEN_WORDS_FILE: extra } });
    await seedAccounts(api.logger);
    admin = await signInByPhone(api.baseUrl, '+12025550100');
    adminUid = (await admin.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    reviewer = await signInByPhone(api.baseUrl, '+12025550811');
    moderator = await signInByPhone(api.baseUrl, '+12025550812');
    await User.updateOne({ phone: '+12025550811' }, { $set: { roles: [UserRole.User, UserRole.Operator], permissions: ['reviewer'] } });
    await User.updateOne({ phone: '+12025550812' }, { $set: { roles: [UserRole.User, UserRole.Operator], permissions: ['moderator'] } });
    creator = await signInByPhone(api.baseUrl, '+12025550813', ADULT);
    creatorUid = (await creator.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
  });
  afterAll(async () => {
    await api?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('moderators and admins read it; a reviewer, a user, a guest and the signed out are refused', async () => {
    const { id, version } = await rejected('Seen By Whom');
    const q = `story_id=${id}&version_id=${version}`;
    expect((await view(admin, q)).body.status_code).toBe(0);
    expect((await view(moderator, q)).body.status_code).toBe(0);
    expect((await view(reviewer, q)).body).toMatchObject({ status_code: ErrorCode.NoAccess, data: { permission: 'moderator' } });
    expect((await view(creator, q)).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await view(await guest(api), q)).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await view(new CookieClient(api.baseUrl), q)).body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it('bad ids are 1009, unknown ones or a version of another story 1050001, never a 500', async () => {
    const { id, version } = await rejected('Bad Ids');
    const other = await rejected('Another One');
    for (const q of [
      '',
      `story_id=${id}`,
      `version_id=${version}`,
      `story_id=&version_id=${version}`,
      `story_id=abc&version_id=${version}`,
      `story_id=${id}&version_id=${'9'.repeat(40)}`,
      `story_id[$ne]=1&version_id=${version}`,
      `story_id=${id}&version_id[$gt]=`,
      `story_id=${id}&story_id=${id}&version_id=${version}`,
    ]) {
      const res = await view(moderator, q);
      expect(res.status).toBe(200);
      expect([q, res.body.status_code]).toEqual([q, ErrorCode.ClientParamError]);
    }
    for (const q of [`story_id=1&version_id=${version}`, `story_id=${id}&version_id=1`, `story_id=${id}&version_id=${other.version}`]) {
      expect([q, (await view(moderator, q)).body.status_code]).toEqual([q, ErrorCode.RecordNotFound]);
    }
  });

  it('answers the version as judged: content, the per-field reasons, who rejected it and when, the appeal, and edits since', async () => {
    const { id, version } = await rejected('Judged Once');
    const decidedAt = new Date(t).toISOString();
    const before = await view(moderator, `story_id=${id}&version_id=${version}`);
    const data = before.body.data!;
    expect(data).toMatchObject({
      story_id: id,
      version_id: version,
      uid: creatorUid,
      user: { uid: creatorUid },
      status: StoryStatus.Failed,
      content: { story_name: 'Judged Once', summary: 'A zorblax sleeps under the island.' },
      review_result: { summary: { is_valid: false, extra: { simple_reason: { display_reason: 'Names a creature that is not allowed' } } }, name: { is_valid: true } },
      story: { status: StoryStatus.Failed, version_id: version, deleted: false },
      edited_since: false,
      decision: {
        operator_uid: adminUid,
        operator_nickname: 'Operator',
        status: StoryStatus.Failed,
        reasons: [{ field: 'summary', reason: 'Names a creature that is not allowed' }],
        reason: 'Summary only; summary: Names a creature that is not allowed',
        at: decidedAt,
      },
      appeal: null,
    });

    const made = await creator.post<StoryAppeal>('/api/tyler/user/appeal', { story_id: id, text: 'A zorblax is mine' });
    expect(made.body.status_code).toBe(0);
    const appealed = (await view(moderator, `story_id=${id}&version_id=${version}`)).body.data!;
    expect(appealed.appeal).toMatchObject({ appeal_id: made.body.data!.appeal_id, text: 'A zorblax is mine', status: AppealStatus.Pending });

    // Reading it claims nothing: the story stays out of the review queue and its appeal can be decided.
    const queue = await admin.call<{ list: Array<{ story_id: string }> }>('/api/ops/review/queue');
    expect(queue.body.data!.list.some((s) => s.story_id === id)).toBe(false);

    // The creator edits: the view says so, still shows the judged version, and the appeal is cancelled.
    expect((await save(creator, { ...storyPayload({ story_name: 'Judged Once', summary: 'Calmer now.' }), story_id: id, version: { version_id: version } })).body.status_code).toBe(0);
    const edited = (await view(moderator, `story_id=${id}&version_id=${version}`)).body.data!;
    expect(edited).toMatchObject({
      edited_since: true,
      content: { summary: 'A zorblax sleeps under the island.' },
      story: { status: StoryStatus.Draft, deleted: false },
      appeal: { status: AppealStatus.Cancelled },
    });
    expect(edited.story.version_id).not.toBe(version);
  });

  it('a version no operator decided has no decision; an approved appeal shows as decided and the version live', async () => {
    const draft = await save(creator, { ...storyPayload({ story_name: 'Calm Tale' }), publish_type: 'Publish' });
    const calm = draft.body.data!.story_id;
    const got = await waitForStory<GotStory>(creator, calm, (d) => d.story_info.status !== StoryStatus.ToVerify);
    const plain = (await view(admin, `story_id=${calm}&version_id=${got.version.version_id}`)).body.data!;
    expect(plain).toMatchObject({ status: StoryStatus.Passed, decision: null, appeal: null, edited_since: false });

    const { id, version } = await rejected('Approved Later');
    expect((await creator.post('/api/tyler/user/appeal', { story_id: id, text: 'Please' })).body.status_code).toBe(0);
    t += 1000;
    expect((await moderator.post('/api/ops/appeal/decide', { story_id: id, decision: 'Approved', reason: 'Invented words are fine' })).body.status_code).toBe(0);
    const after = (await view(moderator, `story_id=${id}&version_id=${version}`)).body.data!;
    expect(after).toMatchObject({
      status: StoryStatus.Passed,
      story: { status: StoryStatus.Passed, live_version_id: version },
      edited_since: false,
      decision: { status: StoryStatus.Failed, operator_uid: adminUid },
      appeal: { status: AppealStatus.Approved, reason: 'Invented words are fine' },
    });
  });
});
