import { connect } from 'socket.io-client';
import { ErrorCode, FeedbackAttitude } from 'shared-kit';
import type { Push } from '../src/realtime';
import { call, postJson } from './helpers';
import { guest, HOSTILE_IDS, openSocket, person, publishStory, pushArrives, useCommunityStory, suspended, youth, type Person } from './support/community';

const ctx = useCommunityStory();

interface LikeResult {
  story_id: string;
  liked: boolean;
  like_count: number;
}

async function likeCount(): Promise<number> {
  const info = await call<{ like_count: number }>(ctx.api.baseUrl, `/api/tyler/story/info?story_id=${ctx.storyId}`);
  expect(info.body.status_code).toBe(0);
  return info.body.data!.like_count;
}

describe('story likes', () => {
  it('likes, is idempotent, unlikes, and shows the count on the card, the detail and the feed', async () => {
    const before = await likeCount();
    const bea = await person(ctx.api);
    const liked = await bea.client.post<LikeResult>('/api/interact/story/like', { story_id: ctx.storyId, like: true });
    expect(liked.body).toMatchObject({ status_code: 0, data: { story_id: ctx.storyId, liked: true, like_count: before + 1 } });
    const again = await bea.client.post<LikeResult>('/api/interact/story/like', { story_id: ctx.storyId, like: true });
    expect(again.body.data).toMatchObject({ liked: true, like_count: before + 1 });
    expect(await likeCount()).toBe(before + 1);

    const detail = await bea.client.call<{ like_count: number; liked: boolean }>(`/api/tyler/detail?story_id=${ctx.storyId}`);
    expect(detail.body.data).toMatchObject({ like_count: before + 1, liked: true });
    const visitor = await call<{ liked: boolean }>(ctx.api.baseUrl, `/api/tyler/detail?story_id=${ctx.storyId}`);
    expect(visitor.body.data).toMatchObject({ liked: false });
    const feed = await call<{ stories: Array<{ story_id: string; like_count: number }> }>(ctx.api.baseUrl, '/api/tyler/story/list?count=50');
    expect(feed.body.data!.stories.find((s) => s.story_id === ctx.storyId)?.like_count).toBe(before + 1);

    const list = await bea.client.call<{ list: Array<{ story_id: string }>; has_more: boolean; cursor: string }>(
      '/api/interact/story/like_list',
    );
    expect(list.body.data).toMatchObject({ list: [{ story_id: ctx.storyId }], has_more: false, cursor: '' });

    const toggled = await bea.client.post<LikeResult>('/api/interact/story/like', { story_id: ctx.storyId });
    expect(toggled.body.data).toMatchObject({ liked: false, like_count: before });
    const unlikeAgain = await bea.client.post<LikeResult>('/api/interact/story/like', { story_id: ctx.storyId, like: false });
    expect(unlikeAgain.body.data).toMatchObject({ liked: false, like_count: before });
    expect((await bea.client.call<{ list: unknown[] }>('/api/interact/story/like_list')).body.data!.list).toEqual([]);
  });

  it('never double counts nor goes negative under concurrent toggles', async () => {
    const before = await likeCount();
    const people = await Promise.all(Array.from({ length: 6 }, () => person(ctx.api)));
    // Each person sends ten likes at once: each counts once.
    await Promise.all(people.flatMap((p) => Array.from({ length: 10 }, () => p.client.post('/api/interact/story/like', { story_id: ctx.storyId, like: true }))));
    expect(await likeCount()).toBe(before + 6);
    // Ten unlikes at once each: each removes once.
    await Promise.all(people.flatMap((p) => Array.from({ length: 10 }, () => p.client.post('/api/interact/story/like', { story_id: ctx.storyId, like: false }))));
    expect(await likeCount()).toBe(before);
    // Bare toggles racing: whatever state each person ends in, the count equals the likes that exist.
    const results = await Promise.all(
      people.flatMap((p) => Array.from({ length: 7 }, () => p.client.post<LikeResult>('/api/interact/story/like', { story_id: ctx.storyId }))),
    );
    expect(results.every((r) => r.body.status_code === 0)).toBe(true);
    let likedNow = 0;
    for (const p of people) {
      const list = await p.client.call<{ list: Array<{ story_id: string }> }>('/api/interact/story/like_list');
      if (list.body.data!.list.some((s) => s.story_id === ctx.storyId)) likedNow += 1;
    }
    expect(await likeCount()).toBe(before + likedNow);
    await Promise.all(people.map((p) => p.client.post('/api/interact/story/like', { story_id: ctx.storyId, like: false })));
    expect(await likeCount()).toBe(before);
  });

  it('by role: owner and youth and suspended accounts may like; guests and visitors may not; blocked users may not', async () => {
    expect((await ctx.owner.client.post('/api/interact/story/like', { story_id: ctx.storyId, like: true })).body).toMatchObject({ status_code: 0, data: { liked: true } });
    expect((await ctx.owner.client.post('/api/interact/story/like', { story_id: ctx.storyId, like: false })).body.status_code).toBe(0);
    const minor = await youth(ctx.api);
    expect((await minor.client.post('/api/interact/story/like', { story_id: ctx.storyId, like: true })).body.status_code).toBe(0);
    const banned = await suspended(ctx.api);
    expect((await banned.client.post('/api/interact/story/like', { story_id: ctx.storyId, like: true })).body.status_code).toBe(0);
    const g = await guest(ctx.api);
    expect((await g.post('/api/interact/story/like', { story_id: ctx.storyId })).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await call(ctx.api.baseUrl, '/api/interact/story/like', postJson({ story_id: ctx.storyId }))).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await call(ctx.api.baseUrl, '/api/interact/story/like_list')).body.status_code).toBe(ErrorCode.NeedLogin);

    // A block either way refuses the like; unblocking allows it again.
    const blocked = await person(ctx.api);
    expect((await ctx.owner.client.post('/api/tyler/user/block', { uid: blocked.uid })).body.status_code).toBe(0);
    expect((await blocked.client.post('/api/interact/story/like', { story_id: ctx.storyId, like: true })).body).toMatchObject({
      status_code: ErrorCode.NoPermission,
      data: { reason: 'blocked' },
    });
    const blocker = await person(ctx.api);
    expect((await blocker.client.post('/api/tyler/user/block', { uid: ctx.owner.uid })).body.status_code).toBe(0);
    expect((await blocker.client.post('/api/interact/story/like', { story_id: ctx.storyId, like: true })).body.status_code).toBe(ErrorCode.NoPermission);
    expect((await ctx.owner.client.post('/api/tyler/user/unblock', { uid: blocked.uid })).body.status_code).toBe(0);
    expect((await blocked.client.post('/api/interact/story/like', { story_id: ctx.storyId, like: true })).body.status_code).toBe(0);
  });

  it('refuses unknown stories and hostile input with the spec codes, never a 500', async () => {
    const p = await person(ctx.api);
    expect((await p.client.post('/api/interact/story/like', { story_id: '123456789' })).body.status_code).toBe(ErrorCode.NoStory);
    for (const bad of HOSTILE_IDS) {
      const res = await p.client.post('/api/interact/story/like', { story_id: bad });
      expect(res.status).toBe(200);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    }
    expect((await p.client.post('/api/interact/story/like', { story_id: ctx.storyId, like: 'yes' })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await p.client.post('/api/interact/story/like', { story_id: ctx.storyId, extra: 1 })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await p.client.post('/api/interact/story/like', [ctx.storyId])).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await p.client.post('/api/interact/story/like', '{"story_id":')).body.status_code).toBe(ErrorCode.ClientParamError);
    for (const q of ['count=0', 'count=1000', 'count=abc', 'cursor=someone-else|1', 'cursor=a&cursor=b', `cursor=${'x'.repeat(400)}`]) {
      const res = await p.client.call(`/api/interact/story/like_list?${q}`);
      expect(res.status).toBe(200);
      expect([q, res.body.status_code]).toEqual([q, ErrorCode.ClientParamError]);
    }
    // A bracketed key is just an unknown parameter (the query string is not parsed into objects).
    const bracket = await p.client.call('/api/interact/story/like_list?cursor[$gt]=');
    expect(bracket.body.status_code).toBe(0);
  });
});

describe('the creator hears of a like', () => {
  it('gets a Like notice in the inbox and an InnerPush on the socket, and can mark it read', async () => {
    const creator = await person(ctx.api);
    const { storyId: sid } = await publishStory(ctx.api.baseUrl, {}, creator.client);
    const { socket, pushes } = await openSocket(ctx.api, creator.client);
    try {
      const fan = await person(ctx.api);
      expect((await fan.client.post('/api/interact/story/like', { story_id: sid, like: true })).body.status_code).toBe(0);
      const push = await pushArrives(pushes, (p) => p.push_type === 'InnerPush');
      expect(push).toMatchObject({ kind: 'Like', unread: 1 });
      const inbox = await creator.client.call<{ list: Array<{ kind: string; actor: { uid: string }; story_id: string; read: boolean }>; unread: number }>(
        '/api/notice_box/list',
      );
      expect(inbox.body.data).toMatchObject({ unread: 1, list: [{ kind: 'Like', actor: { uid: fan.uid }, story_id: sid, read: false }] });
      // Liking one's own story tells nobody.
      expect((await creator.client.post('/api/interact/story/like', { story_id: sid, like: true })).body.status_code).toBe(0);
      expect((await creator.client.call<{ unread: number }>('/api/notice_box/unread')).body.data).toEqual({ unread: 1 });
      expect((await creator.client.post('/api/notice_box/read', {})).body.data).toEqual({ unread: 0 });
      expect((await fan.client.call<{ list: unknown[] }>('/api/notice_box/list')).body.data!.list).toEqual([]);
      expect((await creator.client.post('/api/notice_box/read', { notice_ids: [{ $ne: null }] })).body.status_code).toBe(ErrorCode.ClientParamError);
      expect((await call(ctx.api.baseUrl, '/api/notice_box/list')).body.status_code).toBe(ErrorCode.NeedLogin);
    } finally {
      socket.disconnect();
    }
  });
});

describe('dialogue likes and feedback', () => {
  async function ownDialogue(p: Person): Promise<string> {
    const started = await p.client.post<{ dialogues: Array<{ dialogue_id: string }> }>('/api/tyler/story/start_play', { story_id: ctx.storyId });
    expect(started.body.status_code).toBe(0);
    return started.body.data!.dialogues[0]!.dialogue_id;
  }

  it('likes a reply of one own play, with a remark, and gives feedback with attitudes and bad reasons', async () => {
    const p = await person(ctx.api);
    const dialogueId = await ownDialogue(p);
    expect((await p.client.post('/api/interact/dialogue/like', { dialogue_id: dialogueId })).body).toMatchObject({
      status_code: 0,
      data: { dialogue_id: dialogueId, liked: true, remark: '' },
    });
    expect((await p.client.post('/api/interact/dialogue/like_remark', { dialogue_id: dialogueId, remark: ' Lovely line ' })).body.data).toEqual({
      dialogue_id: dialogueId,
      liked: true,
      remark: 'Lovely line',
    });
    expect((await p.client.post('/api/interact/dialogue/like', { dialogue_id: dialogueId, like: false })).body.data).toMatchObject({ liked: false, remark: 'Lovely line' });

    const bad = await p.client.post('/api/interact/dialogue/feedback', {
      dialogue_id: dialogueId,
      attitude: FeedbackAttitude.Dissatisfied,
      bad_reasons: ['RepetitiveContent', 'InconsistentLogic', 'RepetitiveContent'],
      content: 'It repeats itself.',
    });
    expect(bad.body).toMatchObject({
      status_code: 0,
      data: { attitude: 30, bad_reasons: ['RepetitiveContent', 'InconsistentLogic'], content: 'It repeats itself.' },
    });
    const good = await p.client.post('/api/interact/dialogue/feedback', { dialogue_id: dialogueId, attitude: FeedbackAttitude.Satisfied });
    expect(good.body).toMatchObject({ status_code: 0, data: { attitude: 10, bad_reasons: [] } });
  });

  it('like_remark by role: the play\'s player writes, edits and clears it (read back by status); another user, a guest and a visitor cannot; a player the creator blocked keeps remarks on their own play', async () => {
    const p = await person(ctx.api);
    const dialogueId = await ownDialogue(p);
    const status = async (who: Person) =>
      (await who.client.call<{ list: Array<{ dialogue_id: string; liked: boolean; remark: string }> }>(`/api/interact/dialogue/status?dialogue_ids=${dialogueId}`)).body.data!.list;
    expect((await p.client.post('/api/interact/dialogue/like_remark', { dialogue_id: dialogueId, remark: 'First thought' })).body.data).toEqual({ dialogue_id: dialogueId, liked: true, remark: 'First thought' });
    expect(await status(p)).toEqual([expect.objectContaining({ dialogue_id: dialogueId, liked: true, remark: 'First thought' })]);
    expect((await p.client.post('/api/interact/dialogue/like_remark', { dialogue_id: dialogueId, remark: '想再读一遍' })).body.data).toMatchObject({ remark: '想再读一遍' });
    expect((await p.client.post('/api/interact/dialogue/like_remark', { dialogue_id: dialogueId, remark: 'x'.repeat(500) })).body.data).toMatchObject({ remark: 'x'.repeat(500) });
    expect(await status(p)).toEqual([expect.objectContaining({ remark: 'x'.repeat(500) })]);

    const other = await person(ctx.api);
    expect((await other.client.post('/api/interact/dialogue/like_remark', { dialogue_id: dialogueId, remark: 'Mine now' })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect(await status(other)).toEqual([]);
    const g = await guest(ctx.api);
    expect((await g.post('/api/interact/dialogue/like_remark', { dialogue_id: dialogueId, remark: 'Hi' })).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await call(ctx.api.baseUrl, '/api/interact/dialogue/like_remark', postJson({ dialogue_id: dialogueId, remark: 'Hi' }))).body.status_code).toBe(ErrorCode.NeedLogin);
    expect(await status(p)).toEqual([expect.objectContaining({ remark: 'x'.repeat(500) })]);

    // Blocked by the creator: the remark is the player's own note on their own play, so it stays theirs to write.
    expect((await ctx.owner.client.post('/api/tyler/user/block', { uid: p.uid })).body.status_code).toBe(0);
    try {
      expect((await p.client.post('/api/interact/dialogue/like_remark', { dialogue_id: dialogueId, remark: '' })).body.data).toEqual({ dialogue_id: dialogueId, liked: true, remark: '' });
      expect(await status(p)).toEqual([expect.objectContaining({ liked: true, remark: '' })]);
    } finally {
      expect((await ctx.owner.client.post('/api/tyler/user/unblock', { uid: p.uid })).body.status_code).toBe(0);
    }
  });

  it('refuses other people\'s replies, guests, bad attitudes, reasons and lengths', async () => {
    const p = await person(ctx.api);
    const dialogueId = await ownDialogue(p);
    const other = await person(ctx.api);
    expect((await other.client.post('/api/interact/dialogue/like', { dialogue_id: dialogueId })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await other.client.post('/api/interact/dialogue/feedback', { dialogue_id: dialogueId, attitude: 20 })).body.status_code).toBe(ErrorCode.RecordNotFound);
    const g = await guest(ctx.api);
    expect((await g.post('/api/interact/dialogue/like', { dialogue_id: dialogueId })).body.status_code).toBe(ErrorCode.NeedLogin);
    const cases: unknown[] = [
      { dialogue_id: dialogueId, attitude: 15 },
      { dialogue_id: dialogueId, attitude: '10' },
      { dialogue_id: dialogueId, attitude: 30, bad_reasons: ['Boring'] },
      { dialogue_id: dialogueId, attitude: 30, bad_reasons: 'RepetitiveContent' },
      { dialogue_id: dialogueId, attitude: 10, bad_reasons: ['RepetitiveContent'] },
      { dialogue_id: dialogueId, attitude: 20, content: 'x'.repeat(501) },
      { dialogue_id: { $ne: null }, attitude: 20 },
    ];
    for (const body of cases) {
      expect((await p.client.post('/api/interact/dialogue/feedback', body)).body.status_code).toBe(ErrorCode.ClientParamError);
    }
    expect((await p.client.post('/api/interact/dialogue/like_remark', { dialogue_id: dialogueId, remark: 'x'.repeat(501) })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await p.client.post('/api/interact/dialogue/like_remark', { dialogue_id: dialogueId, remark: ['x'] })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await p.client.post('/api/interact/dialogue/like', { dialogue_id: '999999' })).body.status_code).toBe(ErrorCode.RecordNotFound);
  });
});

describe('dialogue status: the viewer\u2019s likes and feedback read back', () => {
  it('answers the caller\u2019s own like, remark and feedback per reply asked about, nothing for others', async () => {
    const p = await person(ctx.api);
    const started = await p.client.post<{ dialogues: Array<{ dialogue_id: string }> }>('/api/tyler/story/start_play', { story_id: ctx.storyId, is_new_play: true });
    const [first, second] = started.body.data!.dialogues.map((d) => d.dialogue_id);
    expect(first && second).toBeTruthy();
    const status = (who: Person, ids: string) => who.client.call<{ list: unknown[] }>(`/api/interact/dialogue/status?dialogue_ids=${ids}`);
    expect((await status(p, `${first},${second}`)).body).toMatchObject({ status_code: 0, data: { list: [] } });

    expect((await p.client.post('/api/interact/dialogue/like', { dialogue_id: first })).body.status_code).toBe(0);
    const feedback = { dialogue_id: second, attitude: FeedbackAttitude.Dissatisfied, bad_reasons: ['RepetitiveContent', 'ContentIsDisturbing'], content: 'Loops' };
    expect((await p.client.post('/api/interact/dialogue/feedback', feedback)).body.status_code).toBe(0);
    expect((await status(p, `${first},${second},${first}`)).body.data!.list).toEqual([
      { dialogue_id: first, liked: true, remark: '', feedback: null },
      { dialogue_id: second, liked: false, remark: '', feedback: { attitude: 30, bad_reasons: ['RepetitiveContent', 'ContentIsDisturbing'], content: 'Loops' } },
    ]);
    // Unliked: the row stays (with its remark) and says so.
    expect((await p.client.post('/api/interact/dialogue/like', { dialogue_id: first, like: false })).body.status_code).toBe(0);
    expect((await status(p, first!)).body.data!.list).toEqual([{ dialogue_id: first, liked: false, remark: '', feedback: null }]);

    // Another person asking about these ids learns nothing; a guest must log in.
    const other = await person(ctx.api);
    expect((await status(other, `${first},${second}`)).body.data!.list).toEqual([]);
    expect((await (await guest(ctx.api)).call(`/api/interact/dialogue/status?dialogue_ids=${first}`)).body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it('refuses a missing, empty, hostile or oversized id list', async () => {
    const p = await person(ctx.api);
    const many = Array.from({ length: 101 }, (_, i) => String(1000 + i)).join(',');
    for (const q of ['', '?dialogue_ids=', '?dialogue_ids=,', '?dialogue_ids=abc$', `?dialogue_ids=${many}`, '?dialogue_ids[$ne]=1', '?dialogue_ids=1&dialogue_ids=2']) {
      const res = await p.client.call(`/api/interact/dialogue/status${q}`);
      expect(res.status).toBe(200);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    }
  });
});

describe('a story page open anywhere hears its counts', () => {
  it('gets the like and comment counts of the story it watches, signed out too, and nothing of other stories', async () => {
    const creator = await person(ctx.api);
    const { storyId: sid } = await publishStory(ctx.api.baseUrl, {}, creator.client);
    const { storyId: other } = await publishStory(ctx.api.baseUrl, {}, creator.client);
    // A signed-out visitor's socket, watching the story's page.
    const socket = connect(ctx.api.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, query: { watch_story: sid } });
    const pushes: Push[] = [];
    socket.on('push', (p: Push) => pushes.push(p));
    await new Promise<void>((resolve, reject) => {
      socket.once('ready', () => resolve());
      socket.once('connect_error', reject);
    });
    try {
      const fan = await person(ctx.api);
      expect((await fan.client.post('/api/interact/story/like', { story_id: other, like: true })).body.status_code).toBe(0);
      expect((await fan.client.post('/api/interact/story/like', { story_id: sid, like: true })).body.status_code).toBe(0);
      const liked = await pushArrives(pushes, (p) => p.push_type === 'RefreshFeed' && p.like_count === 1);
      expect(liked).toEqual({ push_type: 'RefreshFeed', story_id: sid, like_count: 1, comment_count: 0, comment_id: '' });
      const posted = await fan.client.post<{ comment: { comment_id: string } }>('/api/interact/comment/post', { story_id: sid, text: 'Lovely lamp.' });
      expect(posted.body.status_code).toBe(0);
      const commented = await pushArrives(pushes, (p) => p.comment_count === 1);
      expect(commented).toMatchObject({ story_id: sid, like_count: 1, comment_id: posted.body.data!.comment.comment_id });
      expect((await fan.client.post('/api/interact/comment/delete', { comment_id: posted.body.data!.comment.comment_id })).body.status_code).toBe(0);
      await pushArrives(pushes, (p) => p.comment_count === 0 && p.comment_id === '');
      expect(pushes.every((p) => p.story_id === sid)).toBe(true);
    } finally {
      socket.close();
    }
  });
  it('a feed watches the stories of its cards in one socket: a list of ids, the rest ignored', async () => {
    const creator = await person(ctx.api);
    const { storyId: a } = await publishStory(ctx.api.baseUrl, {}, creator.client);
    const { storyId: b } = await publishStory(ctx.api.baseUrl, {}, creator.client);
    const { storyId: c } = await publishStory(ctx.api.baseUrl, {}, creator.client);
    const socket = connect(ctx.api.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, query: { watch_story: `${a},nope,${b},${a}` } });
    const pushes: Push[] = [];
    socket.on('push', (p: Push) => pushes.push(p));
    await new Promise<void>((resolve, reject) => {
      socket.once('ready', () => resolve());
      socket.once('connect_error', reject);
    });
    try {
      const fan = await person(ctx.api);
      for (const id of [c, a, b]) {
        expect((await fan.client.post('/api/interact/story/like', { story_id: id, like: true })).body.status_code).toBe(0);
      }
      await pushArrives(pushes, (p) => p.story_id === a && p.like_count === 1);
      await pushArrives(pushes, (p) => p.story_id === b && p.like_count === 1);
      expect(pushes.filter((p) => p.story_id === a)).toHaveLength(1);
      expect(pushes.some((p) => p.story_id === c)).toBe(false);
    } finally {
      socket.close();
    }
  });
});
