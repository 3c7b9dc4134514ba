import { ErrorCode, PlayStatus } from 'shared-kit';
import { Play } from '../src/modules/play/play.model';
import { Story } from '../src/modules/stories/story.model';
import { call, postJson } from './helpers';
import { guest, HOSTILE_IDS, person, publishStory, useCommunityStory } from './support/community';

const ctx = useCommunityStory({ story_name: 'Lamp & <Keeper>', introduction: 'A "quiet" tale.' });

interface Info {
  code: string;
  share_type: string;
  story_id: string;
  play_id: string;
  title: string;
  description: string;
  cover: string;
  path: string;
  play_path: string;
}

describe('share links', () => {
  it('makes one link per sharer and story, reads it back, and serves a landing page with Open Graph tags to a signed-out visitor', async () => {
    const fan = await person(ctx.api);
    const made = await fan.client.post<Info>('/api/share/story/create_info', { share_type: 'Story', story_id: ctx.storyId });
    expect(made.body).toMatchObject({
      status_code: 0,
      data: { share_type: 'Story', story_id: ctx.storyId, title: 'Lamp & <Keeper>', description: 'A "quiet" tale.', play_path: `/play/story/${ctx.storyId}` },
    });
    const info = made.body.data!;
    expect(info.path).toBe(`/s/${info.code}`);
    expect((await fan.client.post<Info>('/api/share/story/create_info', { share_type: 'Story', story_id: ctx.storyId })).body.data!.code).toBe(info.code);
    expect((await call<Info>(ctx.api.baseUrl, `/api/share/story/get_info?code=${info.code}`)).body.data).toEqual(info);

    const res = await fetch(`${ctx.api.baseUrl}${info.path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<meta property="og:title" content="Lamp &amp; &lt;Keeper&gt;">');
    expect(html).toContain('<meta property="og:description" content="A &quot;quiet&quot; tale.">');
    expect(html).toContain(`<meta property="og:url" content="http://localhost:8080/s/${info.code}">`);
    expect(html).toContain(`href="http://localhost:8080/play/story/${ctx.storyId}"`);
    expect(html).not.toContain('<Keeper>');

    const missing = await fetch(`${ctx.api.baseUrl}/s/zzzzzzzzzz`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('no longer available');
    expect((await fetch(`${ctx.api.baseUrl}/s/${encodeURIComponent('<script>')}`)).status).toBe(404);
  });

  it('speaks the visitor\'s language on the landing page: 简体中文 for a Chinese browser, English otherwise; the story\'s own words stay as written', async () => {
    const fan = await person(ctx.api);
    const story = (await fan.client.post<Info>('/api/share/story/create_info', { share_type: 'Story', story_id: ctx.storyId })).body.data!;
    const page = async (path: string, acceptLanguage?: string): Promise<{ status: number; html: string; vary: string }> => {
      const res = await fetch(`${ctx.api.baseUrl}${path}`, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
      return { status: res.status, html: await res.text(), vary: res.headers.get('vary') ?? '' };
    };
    const zh = await page(story.path, 'zh-CN,zh;q=0.9,en;q=0.8');
    expect(zh.status).toBe(200);
    expect(zh.vary).toMatch(/accept-language/i);
    expect(zh.html).toContain('<html lang="zh-CN">');
    expect(zh.html).toContain('<meta property="og:locale" content="zh_CN">');
    expect(zh.html).toContain('<meta property="og:title" content="Lamp &amp; &lt;Keeper&gt;">');
    expect(zh.html).toContain('<meta property="og:description" content="A &quot;quiet&quot; tale.">');
    expect(zh.html).toContain('>立即游玩</a>');
    expect(zh.html).not.toContain('Play now');
    for (const english of ['en-US,en;q=0.9', 'fr-FR', undefined]) {
      const en = await page(story.path, english);
      expect(en.html).toContain('<html lang="en">');
      expect(en.html).toContain('<meta property="og:locale" content="en_US">');
      expect(en.html).toContain('>Play now</a>');
    }

    // The fixed words of a title (an ending, a character chat) are the visitor's language too.
    const player = await person(ctx.api);
    const started = await player.client.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: ctx.storyId });
    const playId = started.body.data!.play_info.play_id;
    await Play.updateOne({ play_id: playId }, { $set: { status: PlayStatus.Ending, ending: { type: 'HappyEnding', content: '灯一直亮着。', reason: '', at: new Date() } } });
    const ending = (await player.client.post<Info>('/api/share/story/create_info?language=zh-CN', { share_type: 'PlayEnding', story_id: ctx.storyId, play_id: playId })).body.data!;
    expect(ending.title).toBe('Lamp & <Keeper>：一个结局');
    expect((await call<Info>(ctx.api.baseUrl, `/api/share/story/get_info?code=${ending.code}&language=en`)).body.data?.title).toBe('Lamp & <Keeper>: an ending');
    const zhEnding = await page(ending.path, 'zh');
    expect(zhEnding.html).toContain('<meta property="og:title" content="Lamp &amp; &lt;Keeper&gt;：一个结局">');
    expect(zhEnding.html).toContain('<meta property="og:description" content="灯一直亮着。">');
    expect((await page(ending.path, 'en')).html).toContain('<meta property="og:title" content="Lamp &amp; &lt;Keeper&gt;: an ending">');

    const missing = await page('/s/zzzzzzzzzz', 'zh-CN');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<html lang="zh-CN">');
    expect(missing.html).toContain('此链接已失效');
    expect(missing.html).not.toContain('no longer available');
  });

  it('guests may share; a cover is an absolute address; the ending of one\'s own ended play can be shared', async () => {
    const g = await guest(ctx.api);
    const made = await g.post<Info>('/api/share/story/create_info', { share_type: 'Story', story_id: ctx.storyId });
    expect(made.body.status_code).toBe(0);
    expect(made.body.data!.cover).toMatch(/^(https?:\/\/\S+)?$/);
    expect((await call(ctx.api.baseUrl, '/api/share/story/create_info', postJson({ share_type: 'Story', story_id: ctx.storyId }))).body.status_code).toBe(ErrorCode.NeedLogin);

    const player = await person(ctx.api);
    const started = await player.client.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: ctx.storyId });
    const playId = started.body.data!.play_info.play_id;
    const early = await player.client.post('/api/share/story/create_info', { share_type: 'PlayEnding', story_id: ctx.storyId, play_id: playId });
    expect(early.body).toMatchObject({ status_code: ErrorCode.BusinessError, data: { reason: 'not_ended' } });
    await Play.updateOne({ play_id: playId }, { $set: { status: PlayStatus.Ending, ending: { type: 'HappyEnding', content: 'The lamp burns on.', reason: '', at: new Date() } } });
    const ending = await player.client.post<Info>('/api/share/story/create_info', { share_type: 'PlayEnding', story_id: ctx.storyId, play_id: playId });
    expect(ending.body.data).toMatchObject({ share_type: 'PlayEnding', play_id: playId, description: 'The lamp burns on.' });
    const other = await person(ctx.api);
    expect((await other.client.post('/api/share/story/create_info', { share_type: 'PlayEnding', story_id: ctx.storyId, play_id: playId })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await player.client.post('/api/share/story/create_info', { share_type: 'PlayEnding', story_id: ctx.storyId })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await player.client.post('/api/share/story/create_info', { share_type: 'Bot', story_id: ctx.storyId })).body.status_code).toBe(ErrorCode.ClientParamError);
  });

  it('sharable_check: removed or unpublished stories cannot be shared, and their links stop working', async () => {
    expect((await call(ctx.api.baseUrl, `/api/share/story/sharable_check?story_id=${ctx.storyId}`)).body.data).toEqual({ story_id: ctx.storyId, sharable: true, reason: '' });
    const creator = await person(ctx.api);
    const { storyId: sid } = await publishStory(ctx.api.baseUrl, {}, creator.client);
    const link = await creator.client.post<Info>('/api/share/story/create_info', { share_type: 'Story', story_id: sid });
    expect(link.body.status_code).toBe(0);
    await Story.updateOne({ story_id: sid }, { $set: { deleted_at: new Date() } });
    expect((await call(ctx.api.baseUrl, `/api/share/story/sharable_check?story_id=${sid}`)).body.data).toEqual({ story_id: sid, sharable: false, reason: 'removed' });
    expect((await creator.client.post('/api/share/story/create_info', { share_type: 'Story', story_id: sid })).body.status_code).toBe(ErrorCode.StoryDeleted);
    expect((await call(ctx.api.baseUrl, `/api/share/story/get_info?code=${link.body.data!.code}`)).body.status_code).toBe(ErrorCode.StoryDeleted);
    expect((await fetch(`${ctx.api.baseUrl}/s/${link.body.data!.code}`)).status).toBe(404);
    expect((await call(ctx.api.baseUrl, '/api/share/story/sharable_check?story_id=424242')).body.data).toMatchObject({ sharable: false, reason: 'not_found' });
  });

  it('refuses blocked users and bad input, never a 500', async () => {
    const blocked = await person(ctx.api);
    expect((await ctx.owner.client.post('/api/tyler/user/block', { uid: blocked.uid })).body.status_code).toBe(0);
    expect((await blocked.client.post('/api/share/story/create_info', { share_type: 'Story', story_id: ctx.storyId })).body.status_code).toBe(ErrorCode.NoPermission);
    const p = await person(ctx.api);
    const bodies: unknown[] = [
      { share_type: 'Video', story_id: ctx.storyId },
      { share_type: ['Story'], story_id: ctx.storyId },
      { share_type: 'Story', story_id: ctx.storyId, extra: 1 },
      ...HOSTILE_IDS.map((id) => ({ share_type: 'Story', story_id: id })),
    ];
    for (const body of bodies) {
      expect([body, (await p.client.post('/api/share/story/create_info', body)).body.status_code]).toEqual([body, ErrorCode.ClientParamError]);
    }
    for (const q of ['get_info?code=', 'get_info?code=a', 'get_info?code=a&code=b', 'get_info?code=%24ne', 'sharable_check?story_id=', 'sharable_check?story_id=a&story_id=b']) {
      expect([q, (await call(ctx.api.baseUrl, `/api/share/story/${q}`)).body.status_code]).toEqual([q, ErrorCode.ClientParamError]);
    }
    expect((await call(ctx.api.baseUrl, '/api/share/story/get_info?code=abcdefghij')).body.status_code).toBe(ErrorCode.RecordNotFound);
  });
});
