import { ErrorCode } from 'shared-kit';
import { call, postJson, type TestApi } from './helpers';
import { guest, HOSTILE_IDS, openSocket, person, publishStory, pushArrives, startCommunityApi, suspended, youth, type Person } from './support/community';

let api: TestApi;

beforeAll(async () => {
  api = await startCommunityApi();
}, 60_000);
afterAll(async () => {
  await api.stop();
});

interface FollowPage {
  list: Array<{ uid: string; nickname: string }>;
  has_more: boolean;
  cursor: string;
  total: number;
}
interface Author {
  uid: string;
  nickname: string;
  follower_count: number;
  following_count: number;
  likes_received: number;
  stories: Array<{ story_id: string; like_count: number }>;
  is_self: boolean;
  following: boolean;
  blocked: boolean;
}

const follow = (p: Person, uid: string, want = true) => p.client.post<{ uid: string; following: boolean; follower_count: number }>('/api/interact/user/follow', { uid, follow: want });

describe('follows', () => {
  it('follows once however often sent, pages followers and following, and unfollows', async () => {
    const star = await person(api);
    const { socket, pushes } = await openSocket(api, star.client);
    try {
      const fans = await Promise.all(Array.from({ length: 5 }, () => person(api)));
      for (const f of fans) {
        const res = await Promise.all([follow(f, star.uid), follow(f, star.uid)]);
        expect(res.every((r) => r.body.status_code === 0 && r.body.data!.following)).toBe(true);
      }
      expect(await pushArrives(pushes, (p) => p.push_type === 'InnerPush' && p.kind === 'Follow')).toBeTruthy();
      const status = await fans[0]!.client.call('/api/interact/user/follow_status?uid=' + star.uid);
      expect(status.body.data).toEqual({ uid: star.uid, following: true, followed_by: false });
      expect((await follow(star, fans[0]!.uid)).body.status_code).toBe(0);
      expect((await fans[0]!.client.call('/api/interact/user/follow_status?uid=' + star.uid)).body.data).toEqual({ uid: star.uid, following: true, followed_by: true });

      const p1 = await call<FollowPage>(api.baseUrl, `/api/interact/user/follow_list?uid=${star.uid}&type=followers&count=3`);
      expect(p1.body.data).toMatchObject({ has_more: true, total: 5 });
      expect(p1.body.data!.list.map((u) => u.uid)).toEqual([fans[4]!.uid, fans[3]!.uid, fans[2]!.uid]);
      const p2 = await call<FollowPage>(api.baseUrl, `/api/interact/user/follow_list?uid=${star.uid}&type=followers&count=3&cursor=${encodeURIComponent(p1.body.data!.cursor)}`);
      expect(p2.body.data).toMatchObject({ has_more: false, cursor: '' });
      expect(p2.body.data!.list.map((u) => u.uid)).toEqual([fans[1]!.uid, fans[0]!.uid]);
      const mine = await star.client.call<FollowPage>('/api/interact/user/follow_list?type=following');
      expect(mine.body.data).toMatchObject({ total: 1, list: [{ uid: fans[0]!.uid }] });

      const gone = await follow(fans[1]!, star.uid, false);
      expect(gone.body.data).toEqual({ uid: star.uid, following: false, follower_count: 4 });
      expect((await follow(fans[1]!, star.uid, false)).body.data!.follower_count).toBe(4);
      const author = await call<Author>(api.baseUrl, `/api/tyler/user/author_detail?uid=${star.uid}`);
      expect(author.body.data).toMatchObject({ follower_count: 4, following_count: 1, is_self: false, following: false });
      const notices = await star.client.call<{ list: Array<{ kind: string }> }>('/api/notice_box/list?count=50');
      expect(notices.body.data!.list.filter((n) => n.kind === 'Follow')).toHaveLength(5);
    } finally {
      socket.disconnect();
    }
  });

  it('by role: guests cannot follow; youth and suspended accounts can; nobody follows themselves or a stranger id', async () => {
    const star = await person(api);
    const g = await guest(api);
    expect((await g.post('/api/interact/user/follow', { uid: star.uid })).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await call(api.baseUrl, '/api/interact/user/follow', postJson({ uid: star.uid }))).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await call(api.baseUrl, `/api/interact/user/follow_status?uid=${star.uid}`)).body.status_code).toBe(ErrorCode.NeedLogin);
    // A visitor reads public lists, but has no list of their own.
    expect((await call(api.baseUrl, '/api/interact/user/follow_list?type=followers')).body.status_code).toBe(ErrorCode.NeedLogin);
    // A guest has no list of their own either (1007, as for the signed out), but reads anyone's by `uid`.
    for (const type of ['followers', 'following']) {
      expect((await g.call(`/api/interact/user/follow_list?type=${type}`)).body).toMatchObject({ status_code: ErrorCode.NeedLogin });
    }
    expect((await g.call(`/api/interact/user/follow_list?uid=${star.uid}&type=followers`)).body.status_code).toBe(0);
    expect((await follow(await youth(api), star.uid)).body.status_code).toBe(0);
    expect((await follow(await suspended(api), star.uid)).body.status_code).toBe(0);
    expect((await follow(star, star.uid)).body.status_code).toBe(ErrorCode.IllegalOperation);
    expect((await follow(star, '123456789')).body.status_code).toBe(ErrorCode.UserNotExist);
    for (const bad of HOSTILE_IDS) {
      expect([bad, (await star.client.post('/api/interact/user/follow', { uid: bad })).body.status_code]).toEqual([bad, ErrorCode.ClientParamError]);
    }
    expect((await star.client.post('/api/interact/user/follow', { uid: star.uid, follow: 'no' })).body.status_code).toBe(ErrorCode.ClientParamError);
    for (const q of ['type=fans', `uid=${star.uid}`, `uid=${star.uid}&type=followers&count=0`, `uid=${star.uid}&type=followers&cursor=1|x`, 'uid=1&uid=2&type=followers']) {
      expect([q, (await star.client.call(`/api/interact/user/follow_list?${q}`)).body.status_code]).toEqual([q, ErrorCode.ClientParamError]);
    }
    expect((await call(api.baseUrl, '/api/tyler/user/author_detail?uid=42')).body.status_code).toBe(ErrorCode.UserNotExist);
    expect((await call(api.baseUrl, '/api/tyler/user/author_detail?uid=')).body.status_code).toBe(ErrorCode.ClientParamError);
  });
});

describe('creator pages', () => {
  it('shows nickname, counts, likes received and published stories to anyone, reachable from a story', async () => {
    const creator = await person(api);
    expect((await creator.client.post('/api/tyler/user/save', { nickname: 'Mira Vale' })).body.status_code).toBe(0);
    const { storyId } = await publishStory(api.baseUrl, {}, creator.client);
    const fan = await person(api);
    expect((await fan.client.post('/api/interact/story/like', { story_id: storyId, like: true })).body.status_code).toBe(0);
    // The story names its creator; the creator's page lists the story.
    const detail = await call<{ creator: { uid: string } }>(api.baseUrl, `/api/tyler/detail?story_id=${storyId}`);
    expect(detail.body.data!.creator.uid).toBe(creator.uid);
    const page = await call<Author>(api.baseUrl, `/api/tyler/user/author_detail?uid=${creator.uid}`);
    expect(page.body.data).toMatchObject({
      uid: creator.uid,
      nickname: 'Mira Vale',
      likes_received: 1,
      stories: [{ story_id: storyId, like_count: 1 }],
      is_self: false,
      following: false,
      blocked: false,
    });
    expect((await creator.client.call<Author>(`/api/tyler/user/author_detail?uid=${creator.uid}`)).body.data!.is_self).toBe(true);
    expect((await follow(fan, creator.uid)).body.status_code).toBe(0);
    expect((await fan.client.call<Author>(`/api/tyler/user/author_detail?uid=${creator.uid}`)).body.data).toMatchObject({ following: true, follower_count: 1 });
  });
});

describe('blocking', () => {
  it('cannot block oneself; blocks, lists and unblocks; a block ends follows both ways and refuses new ones both ways', async () => {
    const ann = await person(api);
    const bob = await person(api);
    expect((await ann.client.post('/api/tyler/user/block', { uid: ann.uid })).body.status_code).toBe(ErrorCode.CannotBlockSelf);
    expect((await follow(ann, bob.uid)).body.status_code).toBe(0);
    expect((await follow(bob, ann.uid)).body.status_code).toBe(0);
    expect((await ann.client.post('/api/tyler/user/block', { uid: bob.uid })).body).toMatchObject({ status_code: 0, data: { uid: bob.uid, blocked: true } });
    const blockedList = await ann.client.call<{ list: Array<{ uid: string }> }>('/api/tyler/user/block_list');
    expect(blockedList.body.data!.list.map((u) => u.uid)).toEqual([bob.uid]);
    expect((await ann.client.call('/api/interact/user/follow_status?uid=' + bob.uid)).body.data).toEqual({ uid: bob.uid, following: false, followed_by: false });
    expect((await call<Author>(api.baseUrl, `/api/tyler/user/author_detail?uid=${ann.uid}`)).body.data).toMatchObject({ follower_count: 0, following_count: 0 });
    expect((await follow(ann, bob.uid)).body.status_code).toBe(ErrorCode.NoPermission);
    expect((await follow(bob, ann.uid)).body.status_code).toBe(ErrorCode.NoPermission);
    // Each one's page shows the other as blocked, with nothing on it.
    const seen = await bob.client.call<Author>(`/api/tyler/user/author_detail?uid=${ann.uid}`);
    expect(seen.body.data).toMatchObject({ blocked: true, stories: [] });
    // Other people's lists leave blocked people out for the viewer.
    const carl = await person(api);
    expect((await follow(carl, ann.uid)).body.status_code).toBe(0);
    expect((await follow(bob, carl.uid)).body.status_code).toBe(0);
    const carlFollowers = await ann.client.call<FollowPage>(`/api/interact/user/follow_list?uid=${carl.uid}&type=followers`);
    expect(carlFollowers.body.data!.list).toEqual([]);
    expect((await ann.client.post('/api/tyler/user/unblock', { uid: bob.uid })).body.data).toEqual({ uid: bob.uid, blocked: false });
    expect((await follow(bob, ann.uid)).body.status_code).toBe(0);
    const g = await guest(api);
    expect((await g.post('/api/tyler/user/block', { uid: ann.uid })).body.status_code).toBe(ErrorCode.NeedLogin);
  });
});
