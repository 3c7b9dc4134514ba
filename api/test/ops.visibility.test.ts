import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, StoryStatus } from 'shared-kit';
import { seedAccounts } from '../src/seed/accounts';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { ADULT, save, storyPayload, waitForStory } from './editor.support';

interface Card {
  story_id: string;
}
interface GotStory {
  story_info: { status: number };
}

describe('ops console: operation status and visibility tag, obeyed by the feed, search, links and sharing', () => {
  let api: TestApi;
  let dir: string;
  let creator: CookieClient;
  let creatorUid: string;
  let player: CookieClient;
  let op: CookieClient;
  const guest = () => new CookieClient(api.baseUrl);

  async function publish(name: string, summary = 'A lighthouse keeper hears a song.'): Promise<string> {
    const res = await save(creator, { ...storyPayload({ story_name: name, summary, introduction: `${name} intro` }), publish_type: 'Publish' });
    expect(res.body.status_code).toBe(0);
    const id = res.body.data!.story_id;
    await waitForStory<GotStory>(creator, id, (d) => d.story_info.status !== StoryStatus.ToVerify);
    return id;
  }
  const feed = async () => (await player.call<{ stories: Card[] }>('/api/tyler/story/list?count=50')).body.data!.stories.map((s) => s.story_id);
  const search = async (keyword: string) =>
    (await player.post<{ stories: Card[] }>('/api/tyler/search', { keyword })).body.data!.stories.map((s) => s.story_id);
  const detailCode = async (client: CookieClient, id: string) => (await client.call(`/api/tyler/detail?story_id=${id}`)).body.status_code;
  const sharable = async (id: string) =>
    (await player.call<{ sharable: boolean; reason: string }>(`/api/share/story/sharable_check?story_id=${id}`)).body.data!;
  const operate = (body: unknown) => op.post<{ op_status: string | null; visibility: string | null }>('/api/ops/story/operate', body);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ops-vis-'));
    const extra = path.join(dir, 'extra.txt');
    await writeFile(extra, 'zorblax\n');
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '50', FORBIDDEN_WORDS_FILE: extra } });
    await seedAccounts(api.logger);
    op = await signInByPhone(api.baseUrl, '+12025550100');
    creator = await signInByPhone(api.baseUrl, '+12025550421', ADULT);
    player = await signInByPhone(api.baseUrl, '+12025550422', ADULT);
    creatorUid = (await creator.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
  });
  afterAll(async () => {
    await api?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses the signed out (1007) and users (1008), and bad input without a 500', async () => {
    const id = await publish('Guarded Tale');
    expect((await guest().post('/api/ops/story/operate', { story_id: id, visibility: 'Invisible' })).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await creator.post('/api/ops/story/operate', { story_id: id, visibility: 'Invisible' })).body.status_code).toBe(ErrorCode.NoAccess);
    for (const bad of [
      { story_id: id },
      { story_id: id, op_status: 'Nope' },
      { story_id: id, op_status: 'DraftToVerify' },
      { story_id: id, visibility: ['Invisible'] },
      { story_id: { $ne: null }, visibility: 'Invisible' },
      { story_id: id, op_status: { $gt: '' } },
      [id],
    ]) {
      const res = await operate(bad);
      expect(res.status).toBe(200);
      expect([ErrorCode.InvalidParam, ErrorCode.ClientParamError, ErrorCode.CommonInvalidParam]).toContain(res.body.status_code);
    }
    expect((await operate({ story_id: '999999', visibility: 'Invisible' })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect(await feed()).toContain(id);
  });

  it('Searchable: found by search and by link, not in the feed, not shareable', async () => {
    const id = await publish('Searchable Harbour');
    expect(await feed()).toContain(id);
    expect(await sharable(id)).toMatchObject({ sharable: true });
    const res = await operate({ story_id: id, visibility: 'Searchable', reason: 'Niche' });
    expect(res.body).toMatchObject({ status_code: 0, data: { op_status: null, visibility: 'Searchable' } });
    expect(await feed()).not.toContain(id);
    expect(await search('Searchable Harbour')).toContain(id);
    expect(await detailCode(player, id)).toBe(0);
    expect(await sharable(id)).toEqual({ story_id: id, sharable: false, reason: 'not_recommended' });
    const created = await player.post('/api/share/story/create_info', { share_type: 'Story', story_id: id });
    expect(created.body).toMatchObject({ status_code: ErrorCode.BusinessError, data: { reason: 'not_recommended' } });
    // NotRecommend as an operation status does the same.
    await operate({ story_id: id, op_status: 'NotRecommend', visibility: null });
    expect(await feed()).not.toContain(id);
    expect(await search('Searchable Harbour')).toContain(id);
  });

  it('Invisible, UnPass and SelfWatch: nowhere but the creator; BreakUp and Delete: removed', async () => {
    const id = await publish('Hidden Orchard');
    const authorStories = async (client: CookieClient) =>
      (await client.call<{ stories: Card[] }>(`/api/tyler/user/author_detail?uid=${creatorUid}`)).body.data!.stories.map((s) => s.story_id);
    expect(await authorStories(player)).toContain(id);
    for (const body of [{ visibility: 'Invisible' }, { visibility: null, op_status: 'UnPass' }, { op_status: 'SelfWatch' }]) {
      expect((await operate({ story_id: id, ...body })).body.status_code).toBe(0);
      expect(await feed()).not.toContain(id);
      expect(await search('Hidden Orchard')).not.toContain(id);
      expect(await detailCode(player, id)).toBe(ErrorCode.NoPermission);
      expect(await detailCode(guest(), id)).toBe(ErrorCode.NoPermission);
      expect((await player.post('/api/tyler/story/start_play', { story_id: id, is_new_play: true })).body.status_code).toBe(ErrorCode.NoPermission);
      expect(await authorStories(player)).not.toContain(id);
      expect(await detailCode(creator, id)).toBe(0);
      expect(await authorStories(creator)).toContain(id);
      expect((await player.post('/api/interact/story/like', { story_id: id, like: true })).body.status_code).toBe(ErrorCode.NoPermission);
    }
    for (const status of ['BreakUp', 'Delete']) {
      expect((await operate({ story_id: id, op_status: status })).body.status_code).toBe(0);
      expect(await detailCode(player, id)).toBe(ErrorCode.StoryDeleted);
      expect(await sharable(id)).toMatchObject({ sharable: false, reason: 'removed' });
      expect(await search('Hidden Orchard')).not.toContain(id);
    }
    expect((await operate({ story_id: id, op_status: 'Public' })).body.status_code).toBe(0);
    expect(await feed()).toContain(id);
    expect(await detailCode(player, id)).toBe(0);
  });

  it('Recommended comes first in the feed, mildly not recommended last; each change is audited', async () => {
    const plain = await publish('Plain Meadow');
    const rec = await publish('Recommended River');
    const mild = await publish('Mild Marsh');
    // The newest is first before any tag.
    expect((await feed())[0]).toBe(mild);
    await operate({ story_id: rec, visibility: 'Recommended' });
    await operate({ story_id: mild, op_status: 'MildNotRecommend', reason: 'Low effort' });
    const order = await feed();
    expect(order[0]).toBe(rec);
    expect(order[order.length - 1]).toBe(mild);
    expect(order.indexOf(plain)).toBeGreaterThan(0);
    expect(await sharable(mild)).toMatchObject({ sharable: false, reason: 'not_recommended' });
    expect(await sharable(rec)).toMatchObject({ sharable: true });
    const audit = await op.call<{ list: Array<{ action: string; before: unknown; after: unknown; reason: string }> }>(
      `/api/ops/audit/list?target_id=${mild}`,
    );
    expect(audit.body.data!.list[0]).toMatchObject({
      action: 'story.operate',
      before: { op_status: null, visibility: null },
      after: { op_status: 'MildNotRecommend', visibility: null },
      reason: 'Low effort',
    });
  });

  it('the review decision sets them too: passed but only searchable', async () => {
    const id = await publish('Zorblax Bay', 'A zorblax sleeps under the island.');
    expect((await op.post('/api/ops/review/claim', { story_id: id })).body.status_code).toBe(0);
    const bad = await op.post('/api/ops/review/decide', { story_id: id, decision: 'Passed', visibility: 'Hidden' });
    expect(bad.body.status_code).not.toBe(0);
    const decided = await op.post('/api/ops/review/decide', { story_id: id, decision: 'Passed', visibility: 'Searchable', op_status: 'Public' });
    expect(decided.body).toMatchObject({ status_code: 0, data: { status: StoryStatus.Passed } });
    expect(await feed()).not.toContain(id);
    expect(await search('Zorblax Bay')).toContain(id);
    const audit = await op.call<{ list: Array<{ action: string; after: unknown }> }>(`/api/ops/audit/list?target_id=${id}&action=review.decide`);
    expect(audit.body.data!.list[0]!.after).toMatchObject({ op_status: 'Public', visibility: 'Searchable' });
  });
});
