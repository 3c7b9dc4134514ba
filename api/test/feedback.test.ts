import sharp from 'sharp';
import { ErrorCode, UserRole } from 'shared-kit';
import { FEEDBACK_LIMITS } from 'shared-kit/areas';
import { seedAccounts } from '../src/seed/accounts';
import { StorySignals } from '../src/modules/feedback/feedback.model';
import { User } from '../src/modules/users/user.model';
import { CookieClient, signInByPhone, type TestApi } from './helpers';
import { guest, person, publishStory, startCommunityApi, type Person } from './support/community';

interface Item {
  feedback_id: string;
  text: string;
  screenshot_url: string;
  app_version: string;
  device: string;
  status: string;
  answers: { text: string }[];
  uid?: string;
  nickname?: string;
}

async function uploadScreenshot(client: CookieClient, use = 'screenshot', width = 390, height = 844): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 40, b: 90 } } }).png().toBuffer();
  const fd = new FormData();
  fd.append('use', use);
  fd.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'screen.png');
  const res = await client.call<{ id: string }>('/api/editor/upload', { method: 'POST', body: fd });
  expect(res.body.status_code).toBe(0);
  return res.body.data!.id;
}

describe('feedback to the team', () => {
  let api: TestApi;
  let admin: CookieClient;
  let reviewer: CookieClient;
  let ann: Person;
  let bob: Person;
  const send = (who: CookieClient, body: Record<string, unknown>) => who.post<Item>('/api/feedback/submit', body);

  beforeAll(async () => {
    api = await startCommunityApi();
    await seedAccounts(api.logger);
    admin = await signInByPhone(api.baseUrl, '+12025550100');
    reviewer = await signInByPhone(api.baseUrl, '+12025550622');
    await User.updateOne({ phone: '+12025550622' }, { $set: { roles: [UserRole.User, UserRole.Operator], permissions: ['reviewer'] } });
    [ann, bob] = [await person(api), await person(api)];
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  it('a signed-in person sends feedback with a screenshot, the app version and device, and reads it in their history', async () => {
    const shot = await uploadScreenshot(ann.client);
    const res = await send(ann.client, { text: '  The inbox does not refresh on my phone.  ', screenshot_id: shot, app_version: '10000', device: 'web; Mozilla/5.0 (iPhone)' });
    expect(res.body.status_code).toBe(0);
    expect(res.body.data).toMatchObject({ text: 'The inbox does not refresh on my phone.', screenshot_url: `/api/media/${shot}`, app_version: '10000', device: 'web; Mozilla/5.0 (iPhone)', status: 'Open', answers: [] });
    expect((await send(ann.client, { text: 'x'.repeat(FEEDBACK_LIMITS.text) })).body.status_code).toBe(0);
    const list = await ann.client.call<{ list: Item[] }>('/api/feedback/list');
    expect(list.body.data!.list.map((i) => i.text.slice(0, 5))).toEqual(['xxxxx', 'The i']);
    // Another person's history holds none of it.
    expect((await bob.client.call<{ list: Item[] }>('/api/feedback/list')).body.data!.list).toEqual([]);
  });

  it.each([
    ['no text', { text: '   ' }, 'text'],
    ['a text over 500 characters', { text: 'x'.repeat(FEEDBACK_LIMITS.text + 1) }, 'text'],
    ['a text that is not a string', { text: { $ne: null } }, 'text'],
    ['a screenshot id that is not one', { text: 'hi', screenshot_id: '../etc' }, 'screenshot_id'],
    ['an unknown field', { text: 'hi', rating: 5 }, ''],
    ['a device over 300 characters', { text: 'hi', device: 'd'.repeat(301) }, 'device'],
  ])('submit refuses %s with 1009 naming the field, writing nothing', async (_what, body, field) => {
    const before = (await bob.client.call<{ list: Item[] }>('/api/feedback/list')).body.data!.list.length;
    const res = await send(bob.client, body);
    expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(res.body.status_message).toContain(field);
    expect((await bob.client.call<{ list: Item[] }>('/api/feedback/list')).body.data!.list).toHaveLength(before);
  });

  it('a screenshot must be the sender\'s own upload for a screenshot', async () => {
    const anns = await uploadScreenshot(ann.client);
    const res = await send(bob.client, { text: 'hi', screenshot_id: anns });
    expect(res.body).toMatchObject({ status_code: ErrorCode.ClientParamError });
    expect(res.body.status_message).toContain('screenshot_id');
    const cover = await uploadScreenshot(bob.client, 'cover', 512, 512);
    expect((await send(bob.client, { text: 'hi', screenshot_id: cover })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await send(bob.client, { text: 'hi', screenshot_id: 'a'.repeat(24) })).body.status_code).toBe(ErrorCode.ClientParamError);
  });

  it('refuses the signed out and guests (1007), and more than the day allows (1021002)', async () => {
    expect((await send(new CookieClient(api.baseUrl), { text: 'hi' })).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await new CookieClient(api.baseUrl).call('/api/feedback/list')).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await send(await guest(api), { text: 'hi' })).body.status_code).toBe(ErrorCode.NeedLogin);
    const cat = await person(api);
    for (let i = 0; i < FEEDBACK_LIMITS.perDay; i += 1) expect((await send(cat.client, { text: `note ${i}` })).body.status_code).toBe(0);
    expect((await send(cat.client, { text: 'one more' })).body.status_code).toBe(ErrorCode.TooManyToday);
  });

  it('operators with content_operator read, answer (the answer reaches the inbox) and close feedback', async () => {
    const mine = (await send(bob.client, { text: 'Please add dark mode to the editor.' })).body.data!;
    const queue = await admin.call<{ list: Item[] }>('/api/ops/feedback/list?status=Open&count=50');
    const row = queue.body.data!.list.find((i) => i.feedback_id === mine.feedback_id)!;
    expect(row).toMatchObject({ uid: bob.uid, status: 'Open' });
    const answered = await admin.post<Item>('/api/ops/feedback/answer', { feedback_id: mine.feedback_id, answer: 'Thanks: it is on our list.' });
    expect(answered.body.data).toMatchObject({ status: 'Answered', answers: [{ text: 'Thanks: it is on our list.' }] });
    const inbox = await bob.client.call<{ list: { kind: string; text: string; link: string }[] }>('/api/notice_box/list');
    expect(inbox.body.data!.list[0]).toMatchObject({ kind: 'FeedbackAnswer', text: 'Thanks: it is on our list.', link: '/account/feedback' });
    const history = await bob.client.call<{ list: Item[] }>('/api/feedback/list');
    expect(history.body.data!.list[0]).toMatchObject({ status: 'Answered', answers: [{ text: 'Thanks: it is on our list.' }] });
    const closed = await admin.post<Item>('/api/ops/feedback/close', { feedback_id: mine.feedback_id });
    expect(closed.body.data).toMatchObject({ status: 'Closed' });
    expect((await admin.post('/api/ops/feedback/answer', { feedback_id: mine.feedback_id, answer: 'More' })).body.status_code).toBe(ErrorCode.IllegalOperation);
    expect((await admin.call<{ list: Item[] }>('/api/ops/feedback/list?count=50')).body.data!.list.some((i) => i.feedback_id === mine.feedback_id)).toBe(false);
    expect((await admin.call<{ list: Item[] }>('/api/ops/feedback/list?status=Closed')).body.data!.list.map((i) => i.feedback_id)).toContain(mine.feedback_id);
  });

  it.each([
    ['GET', '/api/ops/feedback/list', undefined],
    ['POST', '/api/ops/feedback/answer', { feedback_id: '1', answer: 'x' }],
    ['POST', '/api/ops/feedback/close', { feedback_id: '1' }],
  ])('%s %s: signed out 1007, players 1008, operators without content_operator 1008', async (method, path, body) => {
    const call = (c: CookieClient) => (method === 'GET' ? c.call(path) : c.post(path, body));
    expect((await call(new CookieClient(api.baseUrl))).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await call(ann.client)).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await call(reviewer)).body).toMatchObject({ status_code: ErrorCode.NoAccess, data: { permission: 'content_operator' } });
  });

  it.each([
    ['/api/ops/feedback/answer', { feedback_id: '1', answer: '  ' }, 'answer', ErrorCode.ClientParamError],
    ['/api/ops/feedback/answer', { feedback_id: '1', answer: 'x'.repeat(FEEDBACK_LIMITS.answer + 1) }, 'answer', ErrorCode.ClientParamError],
    ['/api/ops/feedback/answer', { feedback_id: { $ne: null }, answer: 'x' }, 'feedback_id', ErrorCode.ClientParamError],
    ['/api/ops/feedback/answer', { feedback_id: '999999', answer: 'x' }, '', ErrorCode.RecordNotFound],
    ['/api/ops/feedback/close', { feedback_id: '999999' }, '', ErrorCode.RecordNotFound],
  ])('%s refuses %j (%s)', async (path, body, field, code) => {
    const res = await admin.post(path, body);
    expect(res.body.status_code).toBe(code);
    expect(res.body.status_message).toContain(field);
  });

  it('the console list refuses an unknown status with 1009', async () => {
    expect((await admin.call('/api/ops/feedback/list?status=Lost')).body.status_code).toBe(ErrorCode.ClientParamError);
  });
});

describe('not interested: a story\'s feedback from the feed', () => {
  let api: TestApi;
  let ann: Person;
  let bob: Person;
  let cat: Person;
  let storyId: string;
  const feedIds = async (who: CookieClient) =>
    (await who.call<{ stories: { story_id: string }[] }>('/api/tyler/story/list?count=50')).body.data!.stories.map((s) => s.story_id);
  const hold = (who: CookieClient, body: Record<string, unknown>) => who.post<{ held: boolean }>('/api/interact/story/feedback', body);
  const signals = async () => StorySignals.findOne({ story_id: storyId }).lean<Record<string, number>>();

  beforeAll(async () => {
    api = await startCommunityApi();
    [ann, bob, cat] = [await person(api), await person(api), await person(api)];
    ({ storyId } = await publishStory(api.baseUrl, {}, ann.client));
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  it('hides the story from that player\'s feed only, and counts toward the story\'s signals once per player', async () => {
    expect(await feedIds(bob.client)).toContain(storyId);
    const res = await hold(bob.client, { story_id: storyId, hold_reason: 'NotInterested' });
    expect(res.body).toMatchObject({ status_code: 0, data: { held: true, hold_reason: 'NotInterested' } });
    expect(await feedIds(bob.client)).not.toContain(storyId);
    expect(await feedIds(cat.client)).toContain(storyId);
    expect(await feedIds(new CookieClient(api.baseUrl))).toContain(storyId);
    expect(await signals()).toMatchObject({ NotInterested: 1, PoorContentQuality: 0, Clickbait: 0 });
    await hold(bob.client, { story_id: storyId, hold_reason: 'NotInterested' });
    await hold(bob.client, { story_id: storyId, hold_reason: 'Clickbait' });
    await hold(cat.client, { story_id: storyId, hold_reason: 'PoorContentQuality' });
    expect(await signals()).toMatchObject({ NotInterested: 0, PoorContentQuality: 1, Clickbait: 1 });
    const undone = await hold(bob.client, { story_id: storyId, hold_reason: 'Clickbait', undo: true });
    expect(undone.body.data).toMatchObject({ held: false });
    expect(await feedIds(bob.client)).toContain(storyId);
    expect(await signals()).toMatchObject({ NotInterested: 0, PoorContentQuality: 1, Clickbait: 0 });
  });

  it.each([
    ['an unknown reason', { story_id: '1234', hold_reason: 'Boring' }, 'hold_reason'],
    ['no reason', { story_id: '1234' }, 'hold_reason'],
    ['a story id that is not a string', { story_id: { $ne: null }, hold_reason: 'NotInterested' }, 'story_id'],
    ['an unknown field', { story_id: '1234', hold_reason: 'NotInterested', score: 1 }, ''],
  ])('refuses %s with 1009 naming the field', async (_what, body, field) => {
    const res = await hold(bob.client, body);
    expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(res.body.status_message).toContain(field);
  });

  it('refuses the signed out and guests (1007), an unknown story (2002) and one\'s own story (1050003)', async () => {
    const body = { story_id: storyId, hold_reason: 'NotInterested' };
    expect((await hold(new CookieClient(api.baseUrl), body)).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await hold(await guest(api), body)).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await hold(bob.client, { ...body, story_id: '999999' })).body.status_code).toBe(ErrorCode.NoStory);
    expect((await hold(ann.client, body)).body.status_code).toBe(ErrorCode.IllegalOperation);
    expect(await feedIds(ann.client)).toContain(storyId);
  });
});
