import type { TemplateCreateInput } from 'shared-kit';
import { seedAccounts } from '../../src/seed/accounts';
import { ADULT, storyPayload } from '../editor.support';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from '../helpers';

const T = '/api/editor/template';

export interface TemplateApi {
  api: TestApi;
  /** The api's clock: a test moves it on. */
  now: number;
  /** The seeded admin. */
  operator: CookieClient;
  /** A creator on the template whitelist. */
  author: CookieClient;
  authorUid: string;
  /** A creator who is not on it. */
  other: CookieClient;
  guest: CookieClient;
  /** Creates a template from `templateBody(over)` (published unless it says), as the author unless `by` is given. */
  publish: (over?: Partial<TemplateCreateInput>, by?: CookieClient) => Promise<string>;
}

/** The uid of a signed-in client. */
export async function uidOf(client: CookieClient): Promise<string> {
  return (await client.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
}

/**
 * Starts the api before a file's template tests, with the seeded operator, a whitelisted author, another creator
 * and a guest, and stops it after them. The fields are set once the tests run: read them inside a test or a hook.
 */
export function useTemplateApi(): TemplateApi {
  const ctx = {
    now: Date.now(),
    async publish(over: Partial<TemplateCreateInput> = {}, by: CookieClient = ctx.author): Promise<string> {
      const res = await by.post<{ template_id: string }>(`${T}/create`, templateBody(over));
      expect(res.body.status_code).toBe(0);
      return res.body.data!.template_id;
    },
  } as TemplateApi;
  beforeAll(async () => {
    ctx.api = await startTestApi({ clock: () => ctx.now, env: { SMS_IP_SENDS_PER_HOUR: '1000' } });
    await seedAccounts(ctx.api.logger);
    ctx.operator = await signInByPhone(ctx.api.baseUrl, '+12025550100');
    ctx.author = await signInByPhone(ctx.api.baseUrl, '+12025550611', ADULT);
    ctx.other = await signInByPhone(ctx.api.baseUrl, '+12025550612', ADULT);
    ctx.guest = new CookieClient(ctx.api.baseUrl);
    await ctx.guest.post('/api/passport/guest');
    ctx.authorUid = await uidOf(ctx.author);
    const listed = await ctx.operator.post(`${T}/white_list`, { uid: ctx.authorUid, allow: true });
    expect(listed.body).toMatchObject({ status_code: 0, data: { uid: ctx.authorUid, in_white_list: true } });
  });
  afterAll(async () => {
    await ctx.api?.stop();
  });
  return ctx;
}

/** A template that passes every publish rule: one text field placed twice, one picture for a character. */
export function templateBody(over: Partial<TemplateCreateInput> = {}): TemplateCreateInput {
  const story = storyPayload({
    story_name: 'The @{field_place} Lighthouse',
    nodes: [
      {
        node_id: 'n1',
        node_type: 'Simple',
        name: 'Arrival',
        content: 'You reach @{field_place} and meet @{character_c1}.',
        ending_content: 'Find the keeper.',
        end_visible: true,
        background_url: '',
        bgm_info: null,
        image_generate_style: null,
      },
    ],
  });
  return {
    name: 'Lighthouse',
    emoji: '🗼',
    description: 'A keeper, a storm and a place you name.',
    category: 'mystery',
    fields: [
      { field_id: 'place', name: 'Place', type: 'text', box: 'short', placeholder: 'An island', max_length: 20, is_optional: false },
      { field_id: 'face', name: 'Keeper picture', type: 'image', is_optional: true, target: { kind: 'character', id: 'c1' } },
    ],
    story,
    status: 'Published',
    ...over,
  };
}
