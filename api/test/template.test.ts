import {
  ErrorCode,
  TemplateStatus,
  type TemplateCreateInput,
  type TemplateDetail,
} from 'shared-kit';
import { User } from '../src/modules/users/user.model';
import { CookieClient, signInByPhone } from './helpers';
import { ADULT } from './editor.support';
import { templateBody, uidOf, useTemplateApi } from './support/templates';

const T = '/api/editor/template';

describe('templates: the whitelist, roles, status, field rules and preview', () => {
  const ctx = useTemplateApi();

  it('white_list tells who may make templates; only operators change it', async () => {
    expect((await ctx.author.call(`${T}/white_list`)).body.data).toEqual({ in_white_list: true, is_operator: false, can_publish: true });
    expect((await ctx.other.call(`${T}/white_list`)).body.data).toEqual({ in_white_list: false, is_operator: false, can_publish: false });
    expect((await ctx.operator.call(`${T}/white_list`)).body.data).toEqual({ in_white_list: false, is_operator: true, can_publish: true });
    expect((await ctx.guest.call(`${T}/white_list`)).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await ctx.other.post(`${T}/white_list`, { uid: await uidOf(ctx.other), allow: true })).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await ctx.operator.post(`${T}/white_list`, { uid: '999', allow: true })).body.status_code).toBe(ErrorCode.RecordNotFound);
  });

  it('the console whitelist: content operators list, add and remove creators by uid or User ID, audited', async () => {
    const W = '/api/ops/template/white_list';
    // A content operator who is not an admin, and a moderator who may not touch the whitelist.
    const content = await signInByPhone(ctx.api.baseUrl, '+12025550613', ADULT);
    const moderator = await signInByPhone(ctx.api.baseUrl, '+12025550614', ADULT);
    for (const [c, permission] of [
      [content, 'content_operator'],
      [moderator, 'moderator'],
    ] as const) {
      const granted = await ctx.operator.post('/api/ops/permission/update', { user: await uidOf(c), permission, grant: true });
      expect(granted.body.status_code).toBe(0);
    }
    const newcomer = await signInByPhone(ctx.api.baseUrl, '+12025550615', ADULT);
    const newcomerUid = await uidOf(newcomer);
    await User.updateOne({ uid: newcomerUid }, { $set: { username: 'harbour_writer', username_key: 'harbour_writer' } });

    // Not on the list: template drafts are refused too (the whitelist decides who makes templates at all).
    expect((await newcomer.post(`${T}/create`, templateBody({ status: 'Draft' }))).body.status_code).toBe(ErrorCode.TemplateForbidden);
    expect((await ctx.guest.call(W)).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await ctx.other.call(W)).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await moderator.call(W)).body).toMatchObject({ status_code: ErrorCode.NoAccess, data: { permission: 'content_operator' } });
    expect((await moderator.post(W, { user: newcomerUid, allow: true })).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await content.post(W, { user: 'nobody_at_all', allow: true })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await content.post(W, { user: '', allow: true })).body.status_code).not.toBe(0);

    const before = (await content.call<{ list: Array<{ uid: string }> }>(W)).body.data!.list;
    expect(before.map((r) => r.uid)).toContain(ctx.authorUid);
    expect(before.map((r) => r.uid)).not.toContain(newcomerUid);

    // Added by User ID (any case): the creator can now make and publish templates.
    const added = await content.post(W, { user: 'Harbour_Writer', allow: true });
    expect(added.body).toMatchObject({ status_code: 0, data: { uid: newcomerUid, in_white_list: true } });
    const list = (await content.call<{ list: Array<{ uid: string; added_by: string; added_at: string }> }>(W)).body.data!.list;
    expect(list[0]).toMatchObject({ uid: newcomerUid, added_by: await uidOf(content) });
    expect((await newcomer.call(`${T}/white_list`)).body.data).toEqual({ in_white_list: true, is_operator: false, can_publish: true });
    const made = await newcomer.post<{ template_id: string; status: string }>(`${T}/create`, templateBody());
    expect(made.body).toMatchObject({ status_code: 0, data: { status: TemplateStatus.Published } });
    // Adding again changes nothing and is not audited twice.
    expect((await content.post(W, { user: newcomerUid, allow: true })).body.status_code).toBe(0);

    // Removed: no more changes to templates; the one published stays in the gallery.
    expect((await content.post(W, { user: newcomerUid, allow: false })).body.data).toMatchObject({ in_white_list: false });
    expect((await newcomer.post(`${T}/create`, templateBody({ status: 'Draft' }))).body.status_code).toBe(ErrorCode.TemplateForbidden);
    expect((await newcomer.call(`${T}/get?template_id=${made.body.data!.template_id}`)).body.data).toMatchObject({ status: 'Published' });
    expect((await content.call<{ list: Array<{ uid: string }> }>(W)).body.data!.list.map((r) => r.uid)).not.toContain(newcomerUid);

    const audit = await ctx.operator.call<{ list: Array<{ action: string; target_id: string; before: unknown; after: unknown }> }>(
      `/api/ops/audit/list?target_id=${newcomerUid}&count=20`,
    );
    const actions = audit.body.data!.list.filter((e) => e.action.startsWith('template.white_list'));
    expect(actions.map((e) => [e.action, e.before, e.after])).toEqual([
      ['template.white_list.remove', { in_white_list: true }, { in_white_list: false }],
      ['template.white_list.add', { in_white_list: false }, { in_white_list: true }],
    ]);
  });

  it("a sound field's default is one of the music clips, a picture field's a picture", async () => {
    const withDefaults = (sound: string, picture: string) =>
      templateBody({
        status: 'Draft',
        fields: [
          ...templateBody().fields!,
          { field_id: 'tune', name: 'Tune', type: 'sound', is_optional: true, default_value: sound, target: { kind: 'chapter', id: 'n1' } },
          { field_id: 'pic', name: 'Cover art', type: 'image', is_optional: true, default_value: picture, target: { kind: 'cover', id: '' } },
        ],
      });
    const good = await ctx.author.post(`${T}/create`, withDefaults('bgm_calm_shore', '/api/editor/art/sea.png'));
    expect(good.body.status_code).toBe(0);
    for (const [sound, picture, path] of [
      ['bgm_no_such_clip', '', 'fields.2.default_value'],
      ['', 'javascript:alert(1)', 'fields.3.default_value'],
    ] as const) {
      const bad = await ctx.author.post<unknown>(`${T}/create`, withDefaults(sound, picture));
      expect(bad.body).toMatchObject({ status_code: ErrorCode.ClientParamError, data: { errors: [{ path, rule: 'bad_value' }] } });
    }
  });

  it('a template is published only when a story made from it could be published; a draft may be unfinished', async () => {
    const body = templateBody();
    body.story = { ...body.story!, characters: body.story!.characters!.map((c) => ({ ...c, dubbing_show: { dubbing: '', language: '' } })) };
    const refused = await ctx.author.post<{ errors: Array<{ path: string; rule: string; code?: string }> }>(`${T}/create`, body);
    expect(refused.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(refused.body.data!.errors).toContainEqual(expect.objectContaining({ path: 'story.characters.0.dubbing_show', rule: 'story_rule', code: 'chooseVoice' }));
    expect((await ctx.author.post(`${T}/create`, { ...body, status: 'Draft' })).body.status_code).toBe(0);
  });

  it('each route by role: guests 1007, other creators 1010503 on writes, the author and operators served', async () => {
    const id = await ctx.publish();
    const reads: Array<[string, string]> = [
      ['GET', `${T}/get_list`],
      ['GET', `${T}/get?template_id=${id}`],
      ['GET', `${T}/get_images?template_id=${id}`],
      ['POST', `${T}/preview`],
    ];
    for (const [method, path] of reads) {
      const send = (c: CookieClient) => (method === 'GET' ? c.call(path) : c.post(path, { template_id: id, values: { place: 'Gullrock' } }));
      expect((await send(ctx.guest)).body.status_code).toBe(ErrorCode.NeedLogin);
      expect((await send(new CookieClient(ctx.api.baseUrl))).body.status_code).toBe(ErrorCode.NeedLogin);
      for (const c of [ctx.other, ctx.author, ctx.operator]) expect((await send(c)).body.status_code).toBe(0);
    }
    const writes: Array<[string, unknown]> = [
      [`${T}/create`, templateBody({ status: 'Draft' })],
      [`${T}/update_images`, { template_id: id, images: ['/api/editor/art/x.png'] }],
    ];
    for (const [path, body] of writes) {
      expect((await ctx.guest.post(path, body)).body.status_code).toBe(ErrorCode.NeedLogin);
      expect((await ctx.other.post(path, body)).body.status_code).toBe(ErrorCode.TemplateForbidden);
      expect((await ctx.author.post(path, body)).body.status_code).toBe(0);
      expect((await ctx.operator.post(path, body)).body.status_code).toBe(0);
    }
    const stories = `${T}/creator_story_list?template_id=${id}`;
    expect((await ctx.guest.call(stories)).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await ctx.other.call(stories)).body.status_code).toBe(ErrorCode.TemplateForbidden);
    expect((await ctx.author.call(stories)).body.status_code).toBe(0);
    expect((await ctx.operator.call(stories)).body.status_code).toBe(0);
    // Another creator cannot save over the author's template, even whitelisted.
    const otherUid = await uidOf(ctx.other);
    await ctx.operator.post(`${T}/white_list`, { uid: otherUid, allow: true });
    const detail = (await ctx.author.call<TemplateDetail>(`${T}/get?template_id=${id}`)).body.data!;
    const hijack = await ctx.other.post(`${T}/create`, { ...templateBody(), template_id: id, revision: detail.revision });
    expect(hijack.body.status_code).toBe(ErrorCode.TemplateForbidden);
    await ctx.operator.post(`${T}/white_list`, { uid: otherUid, allow: false });
  });

  it('status goes Draft -> Published -> Offline (and back to Published); other moves are refused', async () => {
    const draft = await ctx.author.post<{ template_id: string; revision: number; status: string }>(`${T}/create`, templateBody({ status: 'Draft' }));
    expect(draft.body.data).toMatchObject({ revision: 1, status: TemplateStatus.Draft });
    const id = draft.body.data!.template_id;
    const offline = await ctx.author.post(`${T}/create`, { ...templateBody({ status: 'Offline' }), template_id: id, revision: 1 });
    expect(offline.body.status_code).toBe(ErrorCode.WrongStatusChange);
    const pub = await ctx.author.post<{ revision: number; status: string }>(`${T}/create`, { ...templateBody(), template_id: id, revision: 1 });
    expect(pub.body.data).toMatchObject({ revision: 2, status: TemplateStatus.Published });
    const back = await ctx.author.post(`${T}/create`, { ...templateBody({ status: 'Draft' }), template_id: id, revision: 2 });
    expect(back.body.status_code).toBe(ErrorCode.WrongStatusChange);
    // A save from an older revision loses nothing silently: it is refused with the current revision.
    const stale = await ctx.author.post(`${T}/create`, { ...templateBody({ status: 'Offline' }), template_id: id, revision: 1 });
    expect(stale.body).toMatchObject({ status_code: ErrorCode.ConcurrentOperation, data: { revision: 2 } });
    const off = await ctx.operator.post<{ status: string }>(`${T}/create`, { ...templateBody({ status: 'Offline' }), template_id: id, revision: 2 });
    expect(off.body.data!.status).toBe(TemplateStatus.Offline);
    // Offline: out of the gallery, unreadable to others, and no story can be made from it.
    const gallery = await ctx.other.call<{ templates: Array<{ template_id: string }> }>(`${T}/get_list?count=50`);
    expect(gallery.body.data!.templates.map((x) => x.template_id)).not.toContain(id);
    expect((await ctx.other.call(`${T}/get?template_id=${id}`)).body.status_code).toBe(ErrorCode.TemplateNotExist);
    const made = await ctx.other.post('/api/editor/story/create', { template: { template_id: id, values: { place: 'Here' } } });
    expect(made.body.status_code).toBe(ErrorCode.TemplateNotExist);
    const mine = await ctx.author.call<{ templates: Array<{ template_id: string; status: string }> }>(`${T}/get_list?scope=mine&count=50`);
    expect(mine.body.data!.templates.find((x) => x.template_id === id)?.status).toBe(TemplateStatus.Offline);
    const again = await ctx.author.post(`${T}/create`, { ...templateBody(), template_id: id, revision: 3 });
    expect(again.body.status_code).toBe(0);
  });

  it('checks field definitions: unique names, lengths at their limits, targets, placement', async () => {
    const errorsOf = async (over: Partial<TemplateCreateInput>) => {
      const res = await ctx.author.post<{ errors: Array<{ path: string; rule: string }> }>(`${T}/create`, templateBody(over));
      return res.body.status_code === 0 ? [] : res.body.data!.errors.map((e) => `${e.path} ${e.rule}`);
    };
    expect(await errorsOf({ name: 'x'.repeat(30) })).toEqual([]);
    expect(await errorsOf({ name: 'x'.repeat(31) })).toEqual(['name too_long']);
    expect(await errorsOf({ description: 'x'.repeat(301) })).toEqual(['description too_long']);
    expect(await errorsOf({ name: ' ' })).toEqual(['name required']);
    const base = templateBody().fields!;
    expect(await errorsOf({ fields: [...base, { field_id: 'dup', name: ' place ', type: 'text', max_length: 5 }] })).toContain(
      'fields.2.name duplicate_name',
    );
    const sized = (box: 'short' | 'long', max_length: number) => [{ ...base[0]!, box, max_length, default_value: '' }, base[1]!];
    expect(await errorsOf({ fields: sized('short', 100) })).toEqual([]);
    expect(await errorsOf({ fields: sized('short', 101) })).toEqual(['fields.0.max_length bad_length']);
    expect(await errorsOf({ fields: sized('long', 2000) })).toEqual([]);
    expect(await errorsOf({ fields: sized('long', 2001) })).toEqual(['fields.0.max_length bad_length']);
    expect(await errorsOf({ fields: sized('short', 0) })).toEqual(['fields.0.max_length bad_length']);
    expect(await errorsOf({ fields: [{ ...base[0]!, default_value: 'x'.repeat(21) }, base[1]!] })).toEqual(['fields.0.default_value too_long']);
    expect(await errorsOf({ fields: [base[0]!, { ...base[1]!, target: { kind: 'character', id: 'nobody' } }] })).toEqual(['fields.1.target bad_target']);
    expect(await errorsOf({ fields: [base[1]!] })).toEqual(expect.arrayContaining(['story.story_name unknown_field']));
    expect(await errorsOf({ fields: [...base, { field_id: 'loose', name: 'Unused', type: 'text', max_length: 5 }] })).toEqual(['fields.2.name unplaced']);
    // A draft may be unfinished, but never over a limit.
    expect(await errorsOf({ status: 'Draft', name: '', fields: [...base, { field_id: 'loose', name: 'Unused', type: 'text', max_length: 5 }] })).toEqual([]);
    expect(await errorsOf({ status: 'Draft', name: 'x'.repeat(31) })).toEqual(['name too_long']);
  });

  it('bad input is a parameter error naming the field, never a 500', async () => {
    const bodies: unknown[] = [
      '{"name": ',
      [],
      { name: { $ne: null } },
      { ...templateBody(), fields: 'x' },
      { ...templateBody(), fields: [{ field_id: 'a b', name: 'A', type: 'text' }] },
      { ...templateBody(), fields: [{ field_id: 'a', name: 'A', type: 'video' }] },
      { ...templateBody(), template_id: 'abc' },
      { ...templateBody(), status: 'Live' },
      { ...templateBody(), story: { nodes: 'no' } },
      { ...templateBody(), category: 'horror' },
    ];
    for (const body of bodies) {
      const res = await ctx.author.post(`${T}/create`, body);
      expect(res.status).toBeLessThan(500);
      expect([ErrorCode.ClientParamError, ErrorCode.InvalidParam]).toContain(res.body.status_code);
    }
    for (const q of ['template_id=', 'template_id[$ne]=1', 'template_id=12x', '']) {
      const res = await ctx.author.call(`${T}/get?${q}`);
      expect(res.status).toBeLessThan(500);
      expect([ErrorCode.ClientParamError, ErrorCode.InvalidParam]).toContain(res.body.status_code);
    }
    expect((await ctx.author.call(`${T}/get?template_id=123`)).body.status_code).toBe(ErrorCode.TemplateNotExist);
    expect((await ctx.author.call(`${T}/get_list?count=500`)).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await ctx.author.call(`${T}/get_list?category=nope`)).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await ctx.author.call(`${T}/get_list?search=${encodeURIComponent('.*(')}`)).body.status_code).toBe(0);
    expect((await ctx.author.post(`${T}/preview`, { template_id: '1', values: { 'a b': 'x' } })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await ctx.author.post(`${T}/update_images`, { template_id: '1', images: ['javascript:alert(1)'] })).body.status_code).toBe(ErrorCode.ClientParamError);
  });

  it('preview places the values; filled values are checked at their limits', async () => {
    const id = await ctx.publish();
    const preview = await ctx.other.post<{ story: { story_name: string; nodes: Array<{ content: string }>; characters: Array<{ character_url: string }> } }>(
      `${T}/preview`,
      { template_id: id, values: { place: 'x'.repeat(20), face: '/api/editor/art/keeper.png' } },
    );
    expect(preview.body.status_code).toBe(0);
    expect(preview.body.data!.story.story_name).toBe(`The ${'x'.repeat(20)} Lighthouse`);
    expect(preview.body.data!.story.nodes[0]!.content).toBe(`You reach ${'x'.repeat(20)} and meet @{character_c1}.`);
    expect(preview.body.data!.story.characters[0]!.character_url).toBe('/api/editor/art/keeper.png');
    const rulesOf = async (values: Record<string, string>) => {
      const res = await ctx.other.post<{ errors: Array<{ path: string; rule: string }> }>(`${T}/preview`, { template_id: id, values });
      return res.body.status_code === 0 ? [] : res.body.data!.errors.map((e) => `${e.path} ${e.rule}`);
    };
    expect(await rulesOf({ place: 'x'.repeat(21) })).toEqual(['values.place too_long']);
    expect(await rulesOf({ place: '   ' })).toEqual(['values.place required']);
    expect(await rulesOf({})).toEqual(['values.place required']);
    expect(await rulesOf({ place: 'A', face: 'data:image/png;base64,xx' })).toEqual(['values.face bad_value']);
    expect(await rulesOf({ place: 'A', ghost: 'x' })).toEqual(['values.ghost unknown_field']);
  });

});
