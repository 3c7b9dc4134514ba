import { expect, test, type Page } from '@playwright/test';
import { Crawl, newPage, type Checks } from '../support/crawl';
import { DEMO_STORY, openDemoStory, storyLog } from '../support/play';
import { PHONE } from '../support/phone';
import { OPERATOR_ROUTES, ROUTES } from '../support/routes';
import { ok, signInAsOperator, signInByPhone } from '../support/session';
import { publishableStory } from '../support/stories';

/*
 * Every page of the product, visited once per size in English: its one main landmark and skip link, no serious or
 * critical axe violation, nothing scrolling sideways, and a screenshot for people to review (support/crawl.ts). The
 * same pages in Chinese, and the console in a narrow desktop window, are saved and checked for sideways scrolls.
 * New routes go in support/routes.ts.
 */

const SIZES = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', use: PHONE },
] as const;
const NARROW = { name: 'narrow', use: { viewport: { width: 390, height: 844 } } };
/** The pages in Chinese and the narrow console are saved and checked for sideways scrolls only. */
const SAVED_ONLY = { landmarks: false, axe: false } as const;

/** The signed-in user's pages, and the not-found pages of the shell and of each remote. */
const USER_PAGES = [
  ...ROUTES.editor,
  ...ROUTES.account,
  '/account/no-such-page',
  '/play',
  '/play/no-such-page',
  '/play/story/1',
];

/** The player's pages reached from the feed: a story, its report dialog, its creator and followers, a play. */
async function playerPages(page: Page, crawl: Crawl): Promise<void> {
  await openDemoStory(page);
  await expect(page.getByRole('heading', { level: 1, name: DEMO_STORY })).toBeVisible();
  await crawl.check(page, 'story page');
  const storyUrl = page.url();
  await page.getByRole('button', { name: 'Report' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Report' }).getByRole('combobox', { name: 'Reason' }),
  ).toBeVisible();
  // The page behind the open dialog is hidden from assistive technology, so the dialog is audited as it stands.
  await crawl.auditNow(page, 'report dialog');
  await page.getByRole('dialog', { name: 'Report' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: /\(creator page\)$/ }).click();
  await expect(page).toHaveURL(/\/play\/user\/[^/]+$/);
  await crawl.check(page, 'creator page');
  await page.getByRole('link', { name: /^Followers/ }).click();
  await expect(page).toHaveURL(/\/play\/user\/[^/]+\/followers$/);
  await crawl.check(page, 'followers list');
  // The play screen's idle reply stream keeps the network busy: the story page settles first.
  await crawl.visit(page, storyUrl, 'story page again', { landmarks: false, axe: false, shot: false });
  await page.getByRole('button', { name: /^(Play|Continue)$/ }).click();
  await expect(storyLog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/play\/story\/\d+\/play\/\d+$/);
  const playUrl = page.url();
  await crawl.check(page, 'play screen');
  await page.goto(storyUrl);
  await expect(page.getByRole('region', { name: 'Your plays' }).getByRole('listitem').first()).toBeVisible();
  await crawl.check(page, 'story page (your plays)');
  // Opened from the list inside the page: a new document's idle reply stream would keep the network busy.
  await page
    .getByRole('region', { name: 'Your plays' })
    .getByRole('link', { name: /^Open the play started / })
    .first()
    .click();
  await expect(page).toHaveURL(playUrl);
  await expect(storyLog(page)).toBeVisible();
  await crawl.check(page, 'the play at its own address', { shot: false });
}

/**
 * The console's detail pages with something in them: a story the automated review flags (its review page, which
 * claims it, and its version as judged) and the operator's own account page. The story is rejected and deleted
 * afterwards, so the queue and the feed are as they were for the specs after this one.
 */
async function consoleDetails(page: Page, crawl: Crawl, tag: string, checks: Checks = {}): Promise<void> {
  const made = await ok<{ story_id: string }>(
    await page.request.post('/api/editor/story/create', {
      data: publishableStory(`Screenshot story ${tag}`, { summary: 'A zorblax sleeps under the island.' }),
    }),
    'story/create',
  );
  const read = async () =>
    ok<{ story_info: { creator_status: string }; version: { version_id: string } }>(
      await page.request.get(`/api/editor/story/get?story_id=${made.story_id}`),
      'story/get',
    );
  await expect.poll(async () => (await read()).story_info.creator_status, { timeout: 30_000 }).toBe('Failed');
  const { version } = await read();
  const me = await ok<{ uid: string }>(await page.request.get('/api/tyler/user/detail'), 'user/detail');
  try {
    await crawl.visit(page, `/ops/review/${made.story_id}`, 'ops review of a story', checks);
    await crawl.visit(page, `/ops/story/${made.story_id}/${version.version_id}`, 'ops story version', checks);
    await crawl.visit(page, `/ops/users/${me.uid}`, 'ops users account', checks);
  } finally {
    // Rejected (so it never reaches the feed), then deleted.
    await page.request.post('/api/ops/review/claim', { data: { story_id: made.story_id } });
    await page.request.post('/api/ops/review/decide', {
      data: {
        story_id: made.story_id,
        decision: 'Failed',
        reasons: [{ field: 'summary', reason: 'Screenshot review' }],
      },
    });
    await ok(
      await page.request.post('/api/editor/story/del', { data: { story_id: made.story_id } }),
      'story/del',
    );
  }
}

/** The home with banners and a topic (made through the console's api), and the topic's page; taken offline after. */
async function featuredPages(page: Page, crawl: Crawl, tag: string): Promise<void> {
  const topic = await ok<{ topic_id: string }>(
    await page.request.post('/api/ops/topic/save', {
      data: { title: `Audited topic ${tag}`, description: 'Checked by axe.', type: 'Top' },
    }),
    'topic/save',
  );
  const made = [{ kind: 'topic', id: topic.topic_id }];
  for (const title of [`Audited banner ${tag}`, `Second banner ${tag}`]) {
    const banner = await ok<{ banner_id: string }>(
      await page.request.post('/api/ops/banner/save', {
        data: { title, link: `/play/topic/${topic.topic_id}` },
      }),
      'banner/save',
    );
    made.push({ kind: 'banner', id: banner.banner_id });
  }
  const move = async (status: string) => {
    for (const { kind, id } of made) {
      await ok(
        await page.request.post(`/api/ops/${kind}/status`, { data: { [`${kind}_id`]: id, status } }),
        `${kind}/status`,
      );
    }
  };
  await move('Published');
  try {
    await page.goto('/play');
    await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible();
    await crawl.check(page, '/play (banners and topics)');
    await crawl.visit(page, `/play/topic/${topic.topic_id}`, '/play/topic/:id');
  } finally {
    await move('Offline');
  }
}

for (const size of SIZES) {
  test.describe(`every page at ${size.name} size`, () => {
    // Many pages per test, each audited by axe: a busy machine takes its time.
    test.setTimeout(300_000);

    test("a visitor's and a signed-in user's pages", async ({ browser }) => {
      const crawl = new Crawl(size.name, 'en');
      const page = await newPage(browser, size.use, 'en');
      await crawl.visit(page, '/login', '/login (signed out)');
      await crawl.visit(page, '/no-such-page', 'not found (shell)');
      await signInByPhone(page.request, '771');
      for (const path of USER_PAGES) await crawl.visit(page, path);
      crawl.finish('user');
      await page.context().close();
    });

    test("the player's pages reached from the feed", async ({ browser }) => {
      const crawl = new Crawl(size.name, 'en');
      const page = await newPage(browser, size.use, 'en');
      await signInByPhone(page.request, '772');
      await playerPages(page, crawl);
      crawl.finish('player');
      await page.context().close();
    });

    test("the console's pages as the operator sees them (on a phone: its mobile page)", async ({
      browser,
    }) => {
      const crawl = new Crawl(size.name, 'en');
      const page = await newPage(browser, size.use, 'en');
      // A story this account publishes, for the console's read-only view of a story version.
      await signInByPhone(page.request, '771');
      const published = await ok<{ story_id: string }>(
        await page.request.post('/api/editor/story/create', {
          data: publishableStory(`Audited version ${size.name}`),
        }),
        'story/create',
      );
      const got = await ok<{ version: { version_id: string } }>(
        await page.request.get(`/api/editor/story/get?story_id=${published.story_id}`),
        'story/get',
      );
      await signInAsOperator(page);
      // A phone gets the same mobile page at every console address: it is saved once.
      for (const path of ['/ops', ...OPERATOR_ROUTES])
        await crawl.visit(page, path, `${path} (operator)`, {
          shot: path === '/ops' || size.name !== 'phone',
        });
      await crawl.visit(
        page,
        `/ops/story/${published.story_id}/${got.version.version_id}`,
        '/ops/story/:storyId/:versionId (operator)',
      );
      if (size.name !== 'phone') await consoleDetails(page, crawl, size.name);
      await featuredPages(page, crawl, size.name);
      crawl.finish('console');
      await page.context().close();
    });
  });
}

for (const size of SIZES) {
  test(`the pages in Chinese at ${size.name} size`, async ({ browser }) => {
    test.setTimeout(300_000);
    const crawl = new Crawl(size.name, 'zh-CN');
    const page = await newPage(browser, size.use, 'zh-CN');
    await crawl.visit(page, '/login', '/login', SAVED_ONLY);
    await signInByPhone(page.request, '774');
    for (const path of ['/play', ...ROUTES.editor, ...ROUTES.account])
      await crawl.visit(page, path, path, SAVED_ONLY);
    await signInAsOperator(page);
    for (const path of size.name === 'phone' ? ['/ops'] : ['/ops', ...OPERATOR_ROUTES])
      await crawl.visit(page, path, path, SAVED_ONLY);
    crawl.finish('all');
    await page.context().close();
  });
}

for (const language of ['en', 'zh-CN']) {
  test(`the console in a narrow desktop window in ${language}`, async ({ browser }) => {
    test.setTimeout(300_000);
    const crawl = new Crawl(NARROW.name, language);
    const page = await newPage(browser, NARROW.use, language);
    await signInAsOperator(page);
    for (const path of ['/ops', ...OPERATOR_ROUTES]) await crawl.visit(page, path, path, SAVED_ONLY);
    await consoleDetails(page, crawl, `narrow ${language}`, SAVED_ONLY);
    crawl.finish('console');
    await page.context().close();
  });
}
