import { ErrorCode, ValidationErrorType as T } from 'shared-kit';
import { signInByPhone } from './helpers';
import { ADULT, save, storyPayload, useEditorApi, type IssueData } from './editor.support';

describe('editor: My Story, its list, pinning, deleting and permissions', () => {
  const ctx = useEditorApi();

  it('lists My Story with status filter and pinning, deletes, and answers check_create and first', async () => {
    const carol = await signInByPhone(ctx.api.baseUrl, '+12025550305', ADULT);
    expect((await carol.post('/api/editor/story/first')).body.data).toEqual({
      is_first: true,
      story_count: 0,
    });
    const check = await carol.post('/api/editor/story/check_create', {
      ...storyPayload(),
      publish_type: 'Publish',
    });
    expect(check.body).toMatchObject({ status_code: 0, data: { can_create: true } });
    const checkBad = await carol.post<IssueData>('/api/editor/story/check_create', {
      ...storyPayload({ story_name: '' }),
      publish_type: 'Publish',
    });
    expect(checkBad.body.data!.errors).toEqual([
      { path: 'story_name', type: T.Required, message: 'This field is required', code: 'required' },
    ]);
    expect((await carol.call<{ stories: unknown[] }>('/api/editor/story/list')).body.data!.stories).toEqual(
      [],
    );

    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      ids.push(
        (await save(carol, { ...storyPayload({ story_name: name }), publish_type: 'Draft' })).body.data!
          .story_id,
      );
    }
    expect((await carol.post('/api/editor/story/first')).body.data).toEqual({
      is_first: false,
      story_count: 3,
    });
    expect(
      (await carol.post('/api/editor/story/set_top', { story_id: ids[0], is_top: true })).body.status_code,
    ).toBe(0);
    type List = {
      stories: Array<{ story_id: string; story_name: string; is_top: boolean; creator_status: string }>;
      total: number;
      has_more: boolean;
    };
    const list = (await carol.call<List>('/api/editor/story/list?offset=0&count=2')).body.data!;
    expect(list.stories.map((s) => s.story_name)).toEqual(['One', 'Three']);
    expect(list).toMatchObject({ total: 3, has_more: true });
    expect(list.stories[0]).toMatchObject({ is_top: true, creator_status: 'Draft' });
    expect((await carol.call<List>('/api/editor/story/list?status=Verifying')).body.data!.stories).toEqual(
      [],
    );

    expect((await carol.post('/api/editor/story/del', { story_id: ids[1] })).body.status_code).toBe(0);
    expect(
      (await carol.call<List>('/api/editor/story/list')).body.data!.stories.map((s) => s.story_name),
    ).toEqual(['One', 'Three']);
    expect((await carol.call(`/api/editor/story/get?story_id=${ids[1]}`)).body.status_code).toBe(
      ErrorCode.StoryDeleted,
    );

    const perm = await carol.post('/api/editor/permission/update', {
      story_id: ids[0],
      permission: { character_use: false },
    });
    expect(perm.body.data).toEqual({
      story_id: ids[0],
      permission: { character_use: false, thread_share: true },
    });
    const batch = await carol.post('/api/editor/permission/batch_update', {
      story_ids: [ids[0], ids[2]],
      permission: { thread_share: false },
    });
    expect(batch.body.data).toEqual({ updated: 2 });
    const got = await carol.call<{ permission: unknown }>(`/api/editor/story/get?story_id=${ids[2]}`);
    expect(got.body.data!.permission).toEqual({ character_use: true, thread_share: false });
  });
});
