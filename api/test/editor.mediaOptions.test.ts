import { useEditorApi } from './editor.support';
import { call } from './helpers';

describe('editor: the catalogs the editor offers (voices, limits, music, examples)', () => {
  const ctx = useEditorApi();

  it('serves the catalogs: dubbing list, words limit, music, vid urls with playable audio, examples', async () => {
    type Dub = {
      language_dubbings: Array<{
        language: string;
        language_key: string;
        dubbing_infos: Array<Record<string, string>>;
      }>;
    };
    const all = (await call<Dub>(ctx.api.baseUrl, '/api/editor/character/dubbing_list')).body.data!;
    expect(all.language_dubbings.length).toBeGreaterThanOrEqual(3);
    const en = (await call<Dub>(ctx.api.baseUrl, '/api/editor/character/dubbing_list?language=en-US')).body.data!
      .language_dubbings;
    expect(en).toHaveLength(1);
    const voice = en[0]!.dubbing_infos[0]!;
    expect(Object.keys(voice).sort()).toEqual([
      'dubbing',
      'dubbing_audition',
      'dubbing_desc',
      'dubbing_desc_key',
      'dubbing_vid',
    ]);
    const audio = await fetch(ctx.api.baseUrl + voice.dubbing_audition!);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await audio.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.length).toBeGreaterThan(10_000);
    expect((await fetch(`${ctx.api.baseUrl}/api/editor/audio/nope.wav`)).status).toBe(404);

    const limits = (await call<Record<string, number>>(ctx.api.baseUrl, '/api/editor/conf/words_limit')).body
      .data!;
    expect(limits).toMatchObject({ story_name: 30, node_content: 3000, max_nodes: 100, prologue: 150 });
    const bgm = (await call<{ bgm_list: Array<{ vid: string }> }>(ctx.api.baseUrl, '/api/editor/bgm_list')).body
      .data!.bgm_list;
    const vids = [bgm[0]!.vid, voice.dubbing_vid!, 'unknown'].join(',');
    const urls = (
      await call<{ vid_url_map: Record<string, string[]> }>(ctx.api.baseUrl, `/api/editor/vid_urls?vids=${vids}`)
    ).body.data!;
    expect(Object.keys(urls.vid_url_map).sort()).toEqual([bgm[0]!.vid, voice.dubbing_vid!].sort());

    // The examples are real stories: they publish as they are.
    const example = (await call<{ story: Record<string, unknown> }>(ctx.api.baseUrl, '/api/editor/get_example'))
      .body.data!.story;
    const examples = (
      await call<{ examples: Array<{ story: Record<string, unknown> }> }>(
        ctx.api.baseUrl,
        '/api/editor/get_example_v2',
      )
    ).body.data!.examples;
    expect(examples.length).toBeGreaterThanOrEqual(2);
    const art = await fetch(`${ctx.api.baseUrl}${String(example.logo)}`);
    expect(art.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await art.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
    // A creator who reads the app in Chinese starts from the same examples written in Chinese.
    const zhExample = (await call<{ story: Record<string, unknown> }>(ctx.api.baseUrl, '/api/editor/get_example?language=zh-CN')).body.data!.story;
    expect(zhExample).toMatchObject({ story_name: '最后的灯塔', logo: example.logo });
    const zhExamples = (await call<{ examples: Array<{ title: string; story: Record<string, unknown> }> }>(ctx.api.baseUrl, '/api/editor/get_example_v2?language=zh-CN')).body.data!.examples;
    expect(zhExamples.map((e) => e.title)).toEqual(['多章节的悬疑故事', '一章完成的对话']);
    // No English word in the Chinese examples' own words (their names, settings, lines and chapters).
    const TEXT = new Set(['story_name', 'introduction', 'character_name', 'settings', 'style', 'content', 'ending_content', 'name', 'summary']);
    const words = (value: unknown, key = ''): string[] => {
      if (typeof value === 'string') return TEXT.has(key) ? (value.replace(/@\{[^}]*\}/g, '').match(/[A-Za-z]{2,}/g) ?? []) : [];
      if (Array.isArray(value)) return value.flatMap((v) => words(v, key));
      if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => words(v, k));
      return [];
    };
    expect(words(example).length).toBeGreaterThan(20);
    for (const story of [zhExample, ...zhExamples.map((e) => e.story)]) expect(words(story)).toEqual([]);
    for (const story of [example, ...examples.map((e) => e.story), zhExample, ...zhExamples.map((e) => e.story)]) {
      const check = await ctx.alice.post('/api/editor/story/check_create', { ...story, publish_type: 'Publish' });
      expect(check.body.status_code).toBe(0);
    }
  });
});
