import { ErrorCode, TemplateStatus, type TemplateDetail } from 'shared-kit';
import { seedAccounts } from '../src/seed/accounts';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { ADULT } from './editor.support';
import { templateBody } from './support/templates';

const T = '/api/editor/template';

describe('templates: operators', () => {
  let api: TestApi;
  let operator: CookieClient;
  let author: CookieClient;

  const uidOf = async (c: CookieClient) => (await c.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;

  beforeAll(async () => {
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000' } });
    await seedAccounts(api.logger);
    operator = await signInByPhone(api.baseUrl, '+12025550100');
    author = await signInByPhone(api.baseUrl, '+12025550611', ADULT);
    expect((await operator.post(`${T}/white_list`, { uid: await uidOf(author), allow: true })).body.status_code).toBe(0);
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('only content operators (and admins) read and change another creator\'s template, each time audited', async () => {
    const draft = await author.post<{ template_id: string; revision: number }>(`${T}/create`, templateBody({ status: 'Draft' }));
    const id = draft.body.data!.template_id;
    const reviewer = await signInByPhone(api.baseUrl, '+12025550616', ADULT);
    const content = await signInByPhone(api.baseUrl, '+12025550617', ADULT);
    for (const [c, permission] of [[reviewer, 'reviewer'], [content, 'content_operator']] as const) {
      expect((await operator.post('/api/ops/permission/update', { user: await uidOf(c), permission, grant: true })).body.status_code).toBe(0);
    }
    // An operator with another permission is a creator like any other here.
    expect((await reviewer.call(`${T}/white_list`)).body.data).toMatchObject({ is_operator: false, can_publish: false });
    expect((await reviewer.call(`${T}/get?template_id=${id}`)).body.status_code).toBe(ErrorCode.TemplateNotExist);
    expect((await reviewer.call(`${T}/get_images?template_id=${id}`)).body.status_code).toBe(ErrorCode.TemplateNotExist);
    expect((await reviewer.post(`${T}/preview`, { template_id: id, values: { place: 'Gullrock' } })).body.status_code).toBe(ErrorCode.TemplateNotExist);
    expect((await reviewer.call(`${T}/creator_story_list?template_id=${id}`)).body.status_code).toBe(ErrorCode.TemplateForbidden);
    expect((await reviewer.post(`${T}/update_images`, { template_id: id, images: ['/api/editor/art/x.png'] })).body.status_code).toBe(ErrorCode.TemplateForbidden);
    expect((await reviewer.post(`${T}/create`, { ...templateBody({ status: 'Draft' }), template_id: id, revision: 1 })).body.status_code).toBe(ErrorCode.TemplateForbidden);
    expect((await author.call<TemplateDetail>(`${T}/get?template_id=${id}`)).body.data!.revision).toBe(1);

    expect((await content.call(`${T}/white_list`)).body.data).toMatchObject({ is_operator: true, can_publish: true });
    expect((await content.call(`${T}/get?template_id=${id}`)).body.status_code).toBe(0);
    expect((await content.call(`${T}/creator_story_list?template_id=${id}`)).body.status_code).toBe(0);
    expect((await content.post(`${T}/update_images`, { template_id: id, images: ['/api/editor/art/x.png'] })).body.status_code).toBe(0);
    expect((await content.post(`${T}/create`, { ...templateBody({ status: 'Draft' }), template_id: id, revision: 1 })).body.data).toMatchObject({ revision: 2 });
    const audit = await operator.call<{ list: Array<{ action: string; operator_uid: string; after: unknown }> }>(`/api/ops/audit/list?target_id=${id}`);
    const rows = audit.body.data!.list;
    expect(rows.map((r) => r.action)).toEqual(['template.save', 'template.update_images', 'template.creator_story_list', 'template.read']);
    expect(new Set(rows.map((r) => r.operator_uid))).toEqual(new Set([await uidOf(content)]));
    expect(rows[0]!.after).toEqual({ status: TemplateStatus.Draft, revision: 2 });
    // The author's own reads and changes are not audited.
    expect((await author.call(`${T}/get?template_id=${id}`)).body.status_code).toBe(0);
    expect((await operator.call<{ list: unknown[] }>(`/api/ops/audit/list?target_id=${id}`)).body.data!.list).toHaveLength(4);
  });
});
