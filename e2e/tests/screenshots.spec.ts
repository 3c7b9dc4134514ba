import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { PHONE } from '../support/phone';
import { OPERATOR_ROUTES, ROUTES } from '../support/routes';
import { ok, signInAsOperator, signInByPhone } from '../support/session';
import { publishableStory } from '../support/stories';

/*
 * Every page reviewed by eye: each route of support/routes.ts (with the login page, the player's home and the
 * console's queue) at a phone's size and a laptop's, in English and in Chinese, saved as a full-page screenshot under
 * test-results/screenshots/<size>-<language>/ (an ignored folder CI keeps as an artefact). Nothing is compared pixel by
 * pixel: people look at them. What the page scrolls sideways is written beside them (overflow.json), for the review.
 */

const OUT = process.env.E2E_SCREENSHOT_DIR ?? join(__dirname, '..', 'test-results', 'screenshots');

const SIZES: ReadonlyArray<{ name: string; use: BrowserContextOptions }> = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', use: PHONE },
];
const LANGUAGES = ['en', 'zh-CN'] as const;

/** The console on a desktop browser's narrow window (a phone is sent to the mobile page): its folded navigation. */
const NARROW = { name: 'narrow', use: { viewport: { width: 390, height: 844 } } };

/**
 * The console's detail pages with something in them: a story the automated review flags (its review page, which
 * claims it, and its version as judged) and the operator's own account page. The story is rejected and deleted
 * afterwards, so the queue and the feed are as they were for the specs after this one.
 */
async function shootDetails(page: Page, folder: string, tag: string, overflow: Record<string, number>): Promise<void> {
  const made = await ok<{ story_id: string }>(
    await page.request.post('/api/editor/story/create', { data: publishableStory(`Screenshot story ${tag}`, { summary: 'A zorblax sleeps under the island.' }) }),
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
    await shoot(page, folder, '/ops', overflow);
    await shootAs(page, folder, `/ops/review/${made.story_id}`, 'ops_review_story', overflow);
    await shootAs(page, folder, `/ops/story/${made.story_id}/${version.version_id}`, 'ops_story_version', overflow);
    await shootAs(page, folder, `/ops/users/${me.uid}`, 'ops_users_account', overflow);
  } finally {
    // Rejected (so it never reaches the feed), then deleted.
    await page.request.post('/api/ops/review/claim', { data: { story_id: made.story_id } });
    await page.request.post('/api/ops/review/decide', {
      data: { story_id: made.story_id, decision: 'Failed', reasons: [{ field: 'summary', reason: 'Screenshot review' }] },
    });
    await ok(await page.request.post('/api/editor/story/del', { data: { story_id: made.story_id } }), 'story/del');
  }
}

async function newPage(browser: Browser, use: BrowserContextOptions, language: string): Promise<Page> {
  const context = await browser.newContext(use);
  await context.addInitScript((lang) => localStorage.setItem('sv:language', lang), language);
  return context.newPage();
}

const fileName = (path: string): string => path.replace(/^\//, '').replace(/[/?=&]+/g, '_') || 'root';

/** Opens `path`, waits for its heading and for the network to settle, and saves the whole page. */
async function shoot(page: Page, folder: string, path: string, overflow: Record<string, number>): Promise<void> {
  await shootAs(page, folder, path, fileName(path), overflow);
}

async function shootAs(page: Page, folder: string, path: string, name: string, overflow: Record<string, number>): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Skeletons and spinners gone: the page as it is used.
  await expect(page.locator('.ui-skeleton, .ui-spinner')).toHaveCount(0, { timeout: 15_000 }).catch(() => undefined);
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  if (scroll > inner) overflow[path] = scroll - inner;
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true, animations: 'disabled' });
}

function folderFor(size: string, language: string): string {
  const folder = join(OUT, `${size}-${language}`);
  mkdirSync(folder, { recursive: true });
  return folder;
}

function writeOverflow(folder: string, name: string, overflow: Record<string, number>): void {
  writeFileSync(join(folder, `overflow-${name}.json`), `${JSON.stringify(overflow, null, 2)}\n`);
}

for (const size of SIZES) {
  for (const language of LANGUAGES) {
    test.describe(`screenshots at ${size.name} size in ${language}`, () => {
      test('the login page, the player, the editor and the account pages', async ({ browser }) => {
        test.setTimeout(240_000);
        const folder = folderFor(size.name, language);
        const overflow: Record<string, number> = {};
        const page = await newPage(browser, size.use, language);
        await shoot(page, folder, '/login', overflow);
        await signInByPhone(page.request, '774');
        for (const path of ['/play', ...ROUTES.editor, ...ROUTES.account]) await shoot(page, folder, path, overflow);
        writeOverflow(folder, 'user', overflow);
        await page.context().close();
      });

      test("the console's pages as the operator sees them", async ({ browser }) => {
        test.setTimeout(240_000);
        const folder = folderFor(size.name, language);
        const overflow: Record<string, number> = {};
        const page = await newPage(browser, size.use, language);
        await signInAsOperator(page);
        // A phone gets the mobile page for every console address: once is enough.
        const paths = size.name === 'phone' ? ['/ops'] : ['/ops', ...OPERATOR_ROUTES];
        for (const path of paths) await shoot(page, folder, path, overflow);
        if (size.name !== 'phone') await shootDetails(page, folder, `${size.name} ${language}`, overflow);
        writeOverflow(folder, 'console', overflow);
        await page.context().close();
      });
    });
  }
}

for (const language of LANGUAGES) {
  test(`screenshots of the console in a narrow desktop window in ${language}`, async ({ browser }) => {
    test.setTimeout(240_000);
    const folder = folderFor(NARROW.name, language);
    const overflow: Record<string, number> = {};
    const page = await newPage(browser, NARROW.use, language);
    await signInAsOperator(page);
    for (const path of ['/ops', ...OPERATOR_ROUTES]) await shoot(page, folder, path, overflow);
    await shootDetails(page, folder, `narrow ${language}`, overflow);
    writeOverflow(folder, 'console', overflow);
    await page.context().close();
  });
}
