import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ok, signInByPhone } from '../support/session';
import { publishableStory } from '../support/stories';

/*
 * A share link's landing page names the story by its reviewed version: a creator's later draft edit does not reach its
 * title or its Open Graph tags (what link previews show), only an edit that passed review does.
 */

const REVIEWED = { name: 'Lamp of Saltmere', intro: 'Reviewed words about a quiet harbour.', logo: '/api/media/0123456789abcdef0123aaaa' };
const DRAFT = { name: 'Unreviewed Saltmere', intro: 'Draft words nobody reviewed yet.', logo: '/api/media/0123456789abcdef0123bbbb' };

async function saveStory(request: APIRequestContext, fields: typeof DRAFT, extra: Record<string, unknown>): Promise<string> {
  const body = { ...publishableStory(fields.name), introduction: fields.intro, logo: fields.logo, ...extra };
  return (await ok<{ story_id: string }>(await request.post('/api/editor/story/create', { data: body }), 'story/create')).story_id;
}

/** The live name players get (polled: the e2e product holds a publish under review for 4 s). */
async function liveName(request: APIRequestContext, storyId: string): Promise<string> {
  const res = (await (await request.get(`/api/tyler/story/info?story_id=${storyId}`)).json()) as { status_code: number; data?: { story_name: string } };
  return res.status_code === 0 ? res.data!.story_name : '';
}

async function tags(page: Page) {
  const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');
  return {
    title: await page.title(),
    ogTitle: await meta('property="og:title"'),
    ogDescription: await meta('property="og:description"'),
    ogImage: await meta('property="og:image"'),
    twitterTitle: await meta('name="twitter:title"'),
    description: await meta('name="description"'),
  };
}

test('the landing page of a share link shows the reviewed version in its title and Open Graph tags until an edit passes review', async ({ browser }) => {
  test.setTimeout(120_000);
  const creator = await (await browser.newContext()).newPage();
  await signInByPhone(creator.request, '629');
  const storyId = await saveStory(creator.request, REVIEWED, {});
  await expect.poll(() => liveName(creator.request, storyId), { timeout: 30_000 }).toBe(REVIEWED.name);

  const sharer = await (await browser.newContext()).newPage();
  await signInByPhone(sharer.request, '629');
  const link = await ok<{ path: string }>(await sharer.request.post('/api/share/story/create_info', { data: { share_type: 'Story', story_id: storyId } }), 'create_info');

  // The creator saves a draft edit: never submitted for review.
  const got = await ok<{ version: { version_id: string } }>(await creator.request.get(`/api/editor/story/get?story_id=${storyId}`), 'story/get');
  await saveStory(creator.request, DRAFT, { story_id: storyId, version: got.version, publish_type: 'Draft' });

  // A signed-out visitor on a phone opens the link through the shell.
  const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const res = await visitor.goto(link.path);
  expect(res?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name: REVIEWED.name })).toBeVisible();
  const before = await tags(visitor);
  expect(before).toEqual({
    title: REVIEWED.name,
    ogTitle: REVIEWED.name,
    ogDescription: REVIEWED.intro,
    ogImage: expect.stringMatching(/\/api\/media\/0123456789abcdef0123aaaa$/) as unknown as string,
    twitterTitle: REVIEWED.name,
    description: REVIEWED.intro,
  });
  const html = await visitor.content();
  for (const draftWord of [DRAFT.name, DRAFT.intro, '0123456789abcdef0123bbbb']) expect(html).not.toContain(draftWord);

  // The edit is published and passes review: the same link now shows it.
  const current = await ok<{ version: { version_id: string } }>(await creator.request.get(`/api/editor/story/get?story_id=${storyId}`), 'story/get');
  await saveStory(creator.request, DRAFT, { story_id: storyId, version: current.version, publish_type: 'Publish' });
  await expect.poll(() => liveName(creator.request, storyId), { timeout: 30_000 }).toBe(DRAFT.name);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: DRAFT.name })).toBeVisible();
  expect(await tags(visitor)).toEqual({
    title: DRAFT.name,
    ogTitle: DRAFT.name,
    ogDescription: DRAFT.intro,
    ogImage: expect.stringMatching(/\/api\/media\/0123456789abcdef0123bbbb$/) as unknown as string,
    twitterTitle: DRAFT.name,
    description: DRAFT.intro,
  });
});
