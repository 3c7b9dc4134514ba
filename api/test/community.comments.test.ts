import { CommentStatus, ErrorCode } from 'shared-kit';
import { call, postJson } from './helpers';
import { guest, HOSTILE_IDS, openSocket, person, publishStory, pushArrives, useCommunityStory, suspended, youth, type Person } from './support/community';

const ctx = useCommunityStory();

interface C {
  comment_id: string;
  root_id: string;
  parent_id: string;
  text: string;
  status: string;
  like_count: number;
  reply_count: number;
  liked: boolean;
  pinned: boolean;
  can_delete: boolean;
  user: { uid: string };
  reply_to: { uid: string } | null;
}
interface Page {
  list: C[];
  has_more: boolean;
  cursor: string;
  comment_count: number;
  comment_status: string;
}

async function post(p: Person, text: string, extra: Record<string, unknown> = {}, sid = ctx.storyId): Promise<C> {
  const res = await p.client.post<{ comment: C }>('/api/interact/comment/post', { story_id: sid, text, ...extra });
  expect(res.body.status_code).toBe(0);
  return res.body.data!.comment;
}

async function list(viewer: Person | null, query: string, sid = ctx.storyId): Promise<Page> {
  const path = `/api/interact/comment/list?story_id=${sid}&${query}`;
  const res = viewer ? await viewer.client.call<Page>(path) : await call<Page>(ctx.api.baseUrl, path);
  expect(res.body.status_code).toBe(0);
  return res.body.data!;
}

async function freshStory(): Promise<{ creator: Person; sid: string }> {
  const creator = await person(ctx.api);
  const { storyId: sid } = await publishStory(ctx.api.baseUrl, {}, creator.client);
  return { creator, sid };
}

describe('comments', () => {
  it('posts, lists newest first with cursor pages, counts, gets and deletes', async () => {
    const { creator, sid } = await freshStory();
    const ann = await person(ctx.api);
    const made: C[] = [];
    for (let i = 0; i < 5; i += 1) made.push(await post(ann, `  Comment number ${i}  `, {}, sid));
    expect(made[0]).toMatchObject({ text: 'Comment number 0', status: CommentStatus.AllVisible, root_id: '', can_delete: true, user: { uid: ann.uid } });

    const first = await list(null, 'count=2', sid);
    expect(first.list.map((c) => c.text)).toEqual(['Comment number 4', 'Comment number 3']);
    expect(first).toMatchObject({ has_more: true, comment_count: 5, comment_status: 'Open' });
    expect(first.list[0]!.can_delete).toBe(false);
    const second = await list(null, `count=2&cursor=${encodeURIComponent(first.cursor)}`, sid);
    expect(second.list.map((c) => c.text)).toEqual(['Comment number 2', 'Comment number 1']);
    const third = await list(null, `count=2&cursor=${encodeURIComponent(second.cursor)}`, sid);
    expect(third).toMatchObject({ has_more: false, cursor: '' });
    expect(third.list.map((c) => c.text)).toEqual(['Comment number 0']);
    // The story's creator may delete anyone's comment on it.
    expect((await list(creator, 'count=1', sid)).list[0]!.can_delete).toBe(true);

    const got = await call<C>(ctx.api.baseUrl, `/api/interact/comment/get?comment_id=${made[1]!.comment_id}`);
    expect(got.body.data).toMatchObject({ comment_id: made[1]!.comment_id, text: 'Comment number 1' });
    const card = await call<{ comment_count: number }>(ctx.api.baseUrl, `/api/tyler/story/info?story_id=${sid}`);
    expect(card.body.data!.comment_count).toBe(5);

    const other = await person(ctx.api);
    expect((await other.client.post('/api/interact/comment/delete', { comment_id: made[1]!.comment_id })).body.status_code).toBe(ErrorCode.NoPermission);
    expect((await ann.client.post('/api/interact/comment/delete', { comment_id: made[1]!.comment_id })).body).toMatchObject({ status_code: 0 });
    expect((await creator.client.post('/api/interact/comment/delete', { comment_id: made[2]!.comment_id })).body.status_code).toBe(0);
    expect((await ann.client.post('/api/interact/comment/delete', { comment_id: made[1]!.comment_id })).body.status_code).toBe(ErrorCode.CommentDeleted);
    expect((await call(ctx.api.baseUrl, `/api/interact/comment/get?comment_id=${made[1]!.comment_id}`)).body.status_code).toBe(ErrorCode.CommentDeleted);
    const after = await list(null, 'count=10', sid);
    expect(after.list.map((c) => c.text)).toEqual(['Comment number 4', 'Comment number 3', 'Comment number 0']);
    expect(after.comment_count).toBe(3);
  });

  it('replies two levels deep, lists a root\'s replies oldest first, and tells the one replied to', async () => {
    const { sid } = await freshStory();
    const ann = await person(ctx.api);
    const bob = await person(ctx.api);
    const root = await post(ann, 'What a twist.', {}, sid);
    const { socket, pushes } = await openSocket(ctx.api, ann.client);
    try {
      const r1 = await post(bob, 'Agreed!', { reply_to_comment_id: root.comment_id }, sid);
      expect(r1).toMatchObject({ root_id: root.comment_id, parent_id: root.comment_id, reply_to: { uid: ann.uid } });
      expect(await pushArrives(pushes, (p) => p.push_type === 'InnerPush' && p.kind === 'Reply')).toMatchObject({ unread: 1 });
      const r2 = await post(ann, 'Thanks, Bob.', { reply_to_comment_id: r1.comment_id }, sid);
      // A reply to a reply stays under the root.
      expect(r2).toMatchObject({ root_id: root.comment_id, parent_id: r1.comment_id, reply_to: { uid: bob.uid } });
      const inbox = await bob.client.call<{ list: Array<{ kind: string; comment_id: string; text: string }> }>('/api/notice_box/list');
      expect(inbox.body.data!.list[0]).toMatchObject({ kind: 'Reply', comment_id: r2.comment_id, text: 'Thanks, Bob.' });

      const page1 = await call<Page>(ctx.api.baseUrl, `/api/interact/comment/list_root_children_data?comment_id=${root.comment_id}&count=1`);
      expect(page1.body.data).toMatchObject({ has_more: true, list: [{ text: 'Agreed!' }] });
      const page2 = await call<Page>(
        ctx.api.baseUrl,
        `/api/interact/comment/list_root_children_data?comment_id=${root.comment_id}&count=1&cursor=${encodeURIComponent(page1.body.data!.cursor)}`,
      );
      expect(page2.body.data).toMatchObject({ has_more: false, list: [{ text: 'Thanks, Bob.' }] });
      const top = await list(null, 'count=5', sid);
      expect(top.list).toEqual([expect.objectContaining({ comment_id: root.comment_id, reply_count: 2 })]);
      expect(top.comment_count).toBe(3);
      // A reply is not a root.
      expect((await call(ctx.api.baseUrl, `/api/interact/comment/list_root_children_data?comment_id=${r1.comment_id}`)).body.status_code).toBe(ErrorCode.ClientParamError);
    } finally {
      socket.disconnect();
    }
  });

  it('holds back text that fails the safety review: 9005, visible to its author only', async () => {
    const { sid } = await freshStory();
    const ann = await person(ctx.api);
    const bad = await ann.client.post<{ comment: C }>('/api/interact/comment/post', { story_id: sid, text: 'this is porn' });
    expect(bad.body).toMatchObject({ status_code: ErrorCode.ReviewCommentContent, data: { comment: { status: CommentStatus.SelfVisible, text: 'this is porn' } } });
    const id = bad.body.data!.comment.comment_id;
    expect((await list(ann, 'count=5', sid)).list.map((c) => c.comment_id)).toEqual([id]);
    const others = await list(null, 'count=5', sid);
    expect(others).toMatchObject({ list: [], comment_count: 0 });
    expect((await call(ctx.api.baseUrl, `/api/interact/comment/get?comment_id=${id}`)).body.status_code).toBe(ErrorCode.CommentDeleted);
    expect((await ann.client.call<C>(`/api/interact/comment/get?comment_id=${id}`)).body.data).toMatchObject({ status: 'SelfVisible' });
    const bob = await person(ctx.api);
    expect((await bob.client.post('/api/interact/comment/post', { story_id: sid, text: 'Hm', reply_to_comment_id: id })).body.status_code).toBe(ErrorCode.CommentDeleted);
    expect((await bob.client.post('/api/interact/comment/like', { comment_id: id })).body.status_code).toBe(ErrorCode.CommentDeleted);
  });

  it('sorts by likes for "top", likes once per person, and the author hears of it', async () => {
    const { sid } = await freshStory();
    const ann = await person(ctx.api);
    const a = await post(ann, 'First', {}, sid);
    const b = await post(ann, 'Second', {}, sid);
    const fans = await Promise.all([person(ctx.api), person(ctx.api), person(ctx.api)]);
    await Promise.all(fans.flatMap((f) => [0, 1, 2].map(() => f.client.post('/api/interact/comment/like', { comment_id: a.comment_id, like: true }))));
    const liked = await fans[0]!.client.post<{ liked: boolean; like_count: number }>('/api/interact/comment/like', { comment_id: b.comment_id });
    expect(liked.body.data).toEqual({ comment_id: b.comment_id, liked: true, like_count: 1 });
    expect((await list(fans[0]!, 'sort=top', sid)).list.map((c) => [c.text, c.like_count, c.liked])).toEqual([
      ['First', 3, true],
      ['Second', 1, true],
    ]);
    expect((await list(null, 'sort=newest', sid)).list.map((c) => c.text)).toEqual(['Second', 'First']);
    // Unliking moves it back down.
    await Promise.all(fans.map((f) => f.client.post('/api/interact/comment/like', { comment_id: a.comment_id, like: false })));
    expect((await list(null, 'sort=top', sid)).list.map((c) => [c.text, c.like_count])).toEqual([
      ['Second', 1],
      ['First', 0],
    ]);
    const inbox = await ann.client.call<{ list: Array<{ kind: string; comment_id: string }> }>('/api/notice_box/list?count=50');
    expect(inbox.body.data!.list.filter((n) => n.kind === 'Like' && n.comment_id === a.comment_id)).toHaveLength(3);
  });

  it('lets the creator pin one comment at the top and open or close comments', async () => {
    const { creator, sid } = await freshStory();
    const ann = await person(ctx.api);
    const old = await post(ann, 'Old but good', {}, sid);
    await post(ann, 'Newer', {}, sid);
    const reply = await post(creator, 'Thank you', { reply_to_comment_id: old.comment_id }, sid);
    expect((await ann.client.post('/api/interact/comment/pin', { comment_id: old.comment_id })).body.status_code).toBe(ErrorCode.CommentPinNotAllowed);
    expect((await creator.client.post('/api/interact/comment/pin', { comment_id: reply.comment_id })).body.status_code).toBe(ErrorCode.CommentPinNotAllowed);
    expect((await creator.client.post('/api/interact/comment/pin', { comment_id: old.comment_id })).body.data).toEqual({ comment_id: old.comment_id, pinned: true });
    const pinnedList = await list(null, 'count=10', sid);
    expect(pinnedList.list.map((c) => [c.text, c.pinned])).toEqual([
      ['Old but good', true],
      ['Newer', false],
    ]);
    const inbox = await ann.client.call<{ list: Array<{ kind: string }> }>('/api/notice_box/list');
    expect(inbox.body.data!.list.map((n) => n.kind)).toEqual(expect.arrayContaining(['Pin', 'Reply']));
    expect((await creator.client.post('/api/interact/comment/pin', { comment_id: old.comment_id, pin: false })).body.data).toEqual({ comment_id: old.comment_id, pinned: false });
    expect((await list(null, 'count=10', sid)).list.map((c) => c.text)).toEqual(['Newer', 'Old but good']);

    expect((await ann.client.post('/api/interact/comment/switch', { story_id: sid, comment_status: 'Closed' })).body.status_code).toBe(ErrorCode.NoPermission);
    expect((await creator.client.post('/api/interact/comment/switch', { story_id: sid, comment_status: 'Closed' })).body.data).toEqual({ story_id: sid, comment_status: 'Closed' });
    expect((await ann.client.post('/api/interact/comment/post', { story_id: sid, text: 'Hello?' })).body.status_code).toBe(ErrorCode.CommentClosed);
    expect((await list(null, '', sid)).comment_status).toBe('Closed');
    const detail = await call<{ comment_status: string }>(ctx.api.baseUrl, `/api/tyler/detail?story_id=${sid}`);
    expect(detail.body.data!.comment_status).toBe('Closed');
    expect((await creator.client.post('/api/interact/comment/switch', { story_id: sid, comment_status: 'Open' })).body.status_code).toBe(0);
    expect((await ann.client.post('/api/interact/comment/post', { story_id: sid, text: 'Hello!' })).body.status_code).toBe(0);
  });

  it('by role: guests, youth mode and suspended accounts cannot comment; blocks refuse and hide both ways', async () => {
    const { creator, sid } = await freshStory();
    const g = await guest(ctx.api);
    expect((await g.post('/api/interact/comment/post', { story_id: sid, text: 'Hi' })).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await call(ctx.api.baseUrl, '/api/interact/comment/post', postJson({ story_id: sid, text: 'Hi' }))).body.status_code).toBe(ErrorCode.NeedLogin);
    const minor = await youth(ctx.api);
    expect((await minor.client.post('/api/interact/comment/post', { story_id: sid, text: 'Hi' })).body.status_code).toBe(ErrorCode.TeenModeIntercept);
    const banned = await suspended(ctx.api);
    expect((await banned.client.post('/api/interact/comment/post', { story_id: sid, text: 'Hi' })).body.status_code).toBe(ErrorCode.UserCreateBan);
    // Reading stays open to them.
    expect((await minor.client.call('/api/interact/comment/list?story_id=' + sid)).body.status_code).toBe(0);

    const ann = await person(ctx.api);
    const bob = await person(ctx.api);
    const annSays = await post(ann, 'Ann was here', {}, sid);
    const bobSays = await post(bob, 'Bob was here', {}, sid);
    expect((await bob.client.post('/api/tyler/user/block', { uid: ann.uid })).body.status_code).toBe(0);
    // Hidden from each other, both ways; others see both.
    expect((await list(bob, '', sid)).list.map((c) => c.text)).toEqual(['Bob was here']);
    expect((await list(ann, '', sid)).list.map((c) => c.text)).toEqual(['Ann was here']);
    expect((await list(null, '', sid)).list).toHaveLength(2);
    expect((await ann.client.call(`/api/interact/comment/get?comment_id=${bobSays.comment_id}`)).body.status_code).toBe(ErrorCode.CommentDeleted);
    // No replies nor likes across the block, from either side.
    for (const [who, target] of [
      [ann, bobSays],
      [bob, annSays],
    ] as const) {
      expect((await who.client.post('/api/interact/comment/post', { story_id: sid, text: 'Re', reply_to_comment_id: target.comment_id })).body.status_code).toBe(ErrorCode.CommentBlocked);
      expect((await who.client.post('/api/interact/comment/like', { comment_id: target.comment_id })).body.status_code).toBe(ErrorCode.CommentBlocked);
    }
    // Blocked by the creator: no comments on their stories.
    expect((await creator.client.post('/api/tyler/user/block', { uid: ann.uid })).body.status_code).toBe(0);
    expect((await ann.client.post('/api/interact/comment/post', { story_id: sid, text: 'Still here' })).body.status_code).toBe(ErrorCode.CommentBlocked);
  });

  it('refuses bad input with the spec codes, never a 500', async () => {
    const ann = await person(ctx.api);
    const c = await post(ann, 'Fine');
    const bodies: unknown[] = [
      { story_id: ctx.storyId, text: '' },
      { story_id: ctx.storyId, text: '    ' },
      { story_id: ctx.storyId, text: 'x'.repeat(501) },
      { story_id: ctx.storyId, text: ['x'] },
      { story_id: ctx.storyId, text: { $ne: null } },
      { story_id: ctx.storyId, text: 'ok', reply_to_comment_id: { $gt: '' } },
      { story_id: ctx.storyId, text: 'ok', status: 'AllVisible' },
      ...HOSTILE_IDS.map((id) => ({ story_id: id, text: 'ok' })),
    ];
    for (const body of bodies) {
      const res = await ann.client.post('/api/interact/comment/post', body);
      expect(res.status).toBe(200);
      expect([body, res.body.status_code]).toEqual([body, ErrorCode.ClientParamError]);
    }
    expect((await post(ann, 'x'.repeat(500))).text).toHaveLength(500);
    expect((await ann.client.post('/api/interact/comment/post', { story_id: '42', text: 'ok' })).body.status_code).toBe(ErrorCode.NoStory);
    expect((await ann.client.post('/api/interact/comment/post', { story_id: ctx.storyId, text: 'ok', reply_to_comment_id: '42' })).body.status_code).toBe(ErrorCode.CommentDeleted);
    for (const id of HOSTILE_IDS) {
      for (const path of ['delete', 'pin', 'like']) {
        const res = await ann.client.post(`/api/interact/comment/${path}`, { comment_id: id });
        expect([path, id, res.body.status_code]).toEqual([path, id, ErrorCode.ClientParamError]);
      }
    }
    for (const q of [
      'story_id=',
      `story_id=${ctx.storyId}&sort=best`,
      `story_id=${ctx.storyId}&count=51`,
      `story_id=${ctx.storyId}&cursor=99|x`,
      `story_id=${ctx.storyId}&story_id=${ctx.storyId}`,
    ]) {
      expect([q, (await call(ctx.api.baseUrl, `/api/interact/comment/list?${q}`)).body.status_code]).toEqual([q, ErrorCode.ClientParamError]);
    }
    expect((await call(ctx.api.baseUrl, '/api/interact/comment/get?comment_id[$ne]=1')).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await ann.client.post('/api/interact/comment/switch', { story_id: ctx.storyId, comment_status: 'Shut' })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await ann.client.post('/api/interact/comment/delete', { comment_id: c.comment_id, extra: true })).body.status_code).toBe(ErrorCode.ClientParamError);
    const g = await guest(ctx.api);
    for (const path of ['delete', 'pin', 'like']) {
      expect((await g.post(`/api/interact/comment/${path}`, { comment_id: c.comment_id })).body.status_code).toBe(ErrorCode.NeedLogin);
    }
    expect((await g.post('/api/interact/comment/switch', { story_id: ctx.storyId, comment_status: 'Closed' })).body.status_code).toBe(ErrorCode.NeedLogin);
  });
});
