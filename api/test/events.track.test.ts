import { ErrorCode } from 'shared-kit';
import { TrackEvent } from '../src/modules/events/event.model';
import { useEditorApi } from './editor.support';
import { call, postJson } from './helpers';

describe('events: tracking events, entering the editor among them', () => {
  const ctx = useEditorApi();

  it('collects tracking events with the enter-editor fields, validated and rate limited', async () => {
    const ok = await ctx.alice.post('/api/events/track', {
      name: 'enter_story_editor',
      params: { story_id: '123', version_id: '456', creation_mode: 'normal', story_status: 0 },
    });
    expect(ok.body.status_code).toBe(0);
    const stored = await TrackEvent.findOne({ name: 'enter_story_editor' }).lean();
    expect(stored?.params).toEqual({
      story_id: '123',
      version_id: '456',
      creation_mode: 'normal',
      entrance: 'url_pc',
      story_status: 0,
    });
    expect(stored?.uid).toMatch(/^\d+$/);
    for (const body of [
      {
        name: 'enter_story_editor',
        params: { story_id: '1', version_id: '2', creation_mode: 'magic', story_status: 0 },
      },
      { name: 'not_an_event', params: {} },
      { name: 'page_view', params: { nested: { $gt: 1 } } },
      { name: 'page_view', params: { 'Bad-Key': 1 } },
    ]) {
      expect((await call(ctx.api.baseUrl, '/api/events/track', postJson(body))).body.status_code).toBe(
        ErrorCode.ClientParamError,
      );
    }
    let limited = false;
    for (let i = 0; i < 130 && !limited; i += 1) {
      const res = await call(
        ctx.api.baseUrl,
        '/api/events/track',
        postJson({ name: 'page_view', params: { path: '/editor' } }),
      );
      limited = res.body.status_code === ErrorCode.RateLimit;
    }
    expect(limited).toBe(true);
  });
});
