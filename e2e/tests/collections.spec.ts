import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { PHONE } from '../support/phone';
import { ok, signInByPhone } from '../support/session';
import { publishableStory } from '../support/stories';

/** Publishes a story and waits until players can open it (the e2e product holds a publish under review for 4 s). */
async function publish(request: APIRequestContext, name: string): Promise<string> {
  const saved = await ok<{ story_id: string }>(
    await request.post('/api/editor/story/create', { data: publishableStory(name) }),
    'story/create',
  );
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/tyler/detail?story_id=${saved.story_id}`)).json()) as {
            status_code: number;
          }
        ).status_code,
      { timeout: 30_000 },
    )
    .toBe(0);
  return saved.story_id;
}

const SIZES = [
  // The editor is for wider screens and the shell sends a phone's browser to its mobile notice; at phone size the
  // creator uses a 390 px wide window, the second person a phone.
  {
    name: 'desktop',
    creator: { viewport: { width: 1280, height: 800 } },
    reader: { viewport: { width: 1280, height: 800 } },
  },
  { name: 'phone', creator: { viewport: PHONE.viewport }, reader: PHONE },
] as const;

async function signedIn(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0],
  areaCode: string,
): Promise<{ page: Page; uid: string }> {
  const page = await (await browser.newContext(options)).newPage();
  await signInByPhone(page.request, areaCode);
  const me = await ok<{ uid: string }>(await page.request.get('/api/tyler/user/detail'), 'user/detail');
  return { page, uid: me.uid };
}

for (const size of SIZES) {
  test(`${size.name}: a creator makes a collection, it passes review, a second person opens it from the creator's page`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const creator = await signedIn(browser, size.creator, size.name === 'phone' ? '614' : '613');
    const north = `North Road ${size.name}`;
    const south = `South Sea ${size.name}`;
    const east = `East Wind ${size.name}`;
    await Promise.all([
      publish(creator.page.request, north),
      publish(creator.page.request, south),
      publish(creator.page.request, east),
    ]);
    const c = creator.page;

    // From My Story to the collections, then a new one.
    await c.goto('/editor/works');
    await c.getByTestId('works-collections').click();
    await expect(c.getByRole('heading', { level: 1, name: 'My collections' })).toBeVisible();
    await expect(c.getByText('No collections yet.')).toBeVisible();
    await c.getByTestId('collection-new').click();
    await expect(c.getByRole('heading', { level: 1, name: 'New collection' })).toBeVisible();

    // Saving empty names every missing field, and nothing is sent.
    await c.getByTestId('collection-save').click();
    await expect(c.getByTestId('collection-creations-error')).toHaveText('Choose at least one creation');
    await expect(c.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');

    await c.getByRole('textbox', { name: 'Name' }).fill(`Four Winds ${size.name}`);
    await c.getByRole('textbox', { name: 'Description' }).fill('Stories of the road');
    // Search narrows the picker; add three creations.
    await c.getByRole('searchbox', { name: 'Search by name' }).fill('south sea');
    const picker = c.getByTestId('collection-pick-list');
    await expect(picker.getByRole('listitem')).toHaveCount(1);
    await picker.getByRole('button', { name: `Add ${south}` }).click();
    await c.getByRole('searchbox', { name: 'Search by name' }).fill('');
    await picker.getByRole('button', { name: `Add ${north}` }).click();
    await picker.getByRole('button', { name: `Add ${east}` }).click();
    const chosen = c.getByTestId('collection-chosen-item');
    await expect(chosen).toHaveCount(3);
    await expect(chosen.nth(0)).toContainText(south);

    // Reorder with the keyboard: North Road up to first.
    await c.getByRole('button', { name: `Move ${north} up` }).focus();
    await c.keyboard.press('Enter');
    await expect(chosen.nth(0)).toContainText(north);
    // And by dragging: East Wind onto the first place.
    await chosen.nth(2).dragTo(chosen.nth(0));
    await expect(chosen.nth(0)).toContainText(east);
    await expect(chosen.nth(1)).toContainText(north);
    await expect(chosen.nth(2)).toContainText(south);
    expect(await seriousViolations(c)).toEqual([]);

    await c.getByTestId('collection-save').click();
    await expect(c.getByRole('heading', { level: 1, name: 'Edit collection' })).toBeVisible();
    await expect(c.getByTestId('collection-status')).toHaveAttribute('data-status', 'pending');
    await expect(c.getByText('Pending review')).toBeVisible();
    const collectionId = c.url().split('/').pop()!;

    // The automated review passes it (after the e2e product's 4 s hold); the list shows it published.
    await expect
      .poll(
        async () =>
          (
            await ok<{ display_status: string }>(
              await c.request.get(`/api/editor/collection/get?collection_id=${collectionId}`),
              'collection/get',
            )
          ).display_status,
        { timeout: 30_000 },
      )
      .toBe('published');
    await c.goto('/editor/collections');
    await expect(c.getByTestId('collection-list').getByText(`Four Winds ${size.name}`)).toBeVisible();
    await expect(c.getByTestId('collection-list').getByTestId('collection-status')).toHaveAttribute(
      'data-status',
      'published',
    );

    // A second person opens the creator's page, then the collection.
    const reader = await signedIn(browser, size.reader, size.name === 'phone' ? '615' : '616');
    const r = reader.page;
    await r.goto(`/play/user/${creator.uid}`);
    const shelf = r.getByTestId('author-collections');
    await expect(shelf.getByRole('heading', { name: 'Collections' })).toBeVisible();
    await shelf.getByRole('link', { name: `Four Winds ${size.name}` }).click();
    await expect(r).toHaveURL(new RegExp(`/play/collection/${collectionId}$`));
    await expect(r.getByRole('heading', { level: 1, name: `Four Winds ${size.name}` })).toBeVisible();
    const cards = r.getByTestId('collection-creations').getByRole('listitem');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText(east);
    await expect(cards.nth(2)).toContainText(south);
    await expect(r.getByTestId('collection-creator')).toBeVisible();

    // Like, and the share link.
    await r.getByTestId('collection-like').click();
    await expect(r.getByTestId('collection-like-count')).toHaveText('1 like');
    await expect(r.getByTestId('collection-like')).toHaveAttribute('aria-pressed', 'true');
    if (size.name === 'desktop') {
      await r.getByRole('button', { name: 'Share' }).click();
      const link = await r.getByTestId('collection-share-link').inputValue();
      expect(link).toMatch(/\/s\/[A-Za-z0-9]+$/);
      const html = await (await r.request.get(new URL(link).pathname)).text();
      expect(html).toContain(`<meta property="og:title" content="Four Winds ${size.name}">`);
      await r.keyboard.press('Escape');
      await expect(r.getByTestId('collection-share-link')).toHaveCount(0);
    }
    expect(await seriousViolations(r)).toEqual([]);

    // A story card leads to the story.
    await cards.nth(0).getByRole('link', { name: east }).click();
    await expect(r.getByRole('heading', { level: 1, name: east })).toBeVisible();
  });
}
