import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { SIZES } from '../support/sizes';
import { DEMO_STORY, openDemoStory, storyLog } from '../support/play';
import { signInAsDemoCreator, signInAsOperator, signInByPhone } from '../support/session';
import { OPERATOR_ROUTES, ROUTES } from '../support/routes';

/**
 * The shell's layout holds each page's one main landmark, the target of its skip link; the shell's pages and the
 * remotes' pages render inside it with a root of their own that is not a main.
 */
async function checkLandmarks(page: Page, where: string): Promise<void> {
  const main = page.getByRole('main');
  // Waits out a page still loading its data: its heading shows once it is ready (the callers wait for the address).
  await expect(main.getByRole('heading', { level: 1 }).first(), `${where}: the page's heading in the main landmark`).toBeVisible();
  await expect.soft(page.locator('main, [role="main"]'), `${where}: main landmarks`).toHaveCount(1);
  // The skip link shows when it has the focus, and takes the focus into the main landmark.
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await skip.focus();
  await expect.soft(skip, `${where}: the skip link shows when focused`).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect.soft(main.first(), `${where}: the skip link lands in the main landmark`).toBeFocused();
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use(size.use);
    test.setTimeout(240_000);

    test('every page has one main landmark, which the skip link lands in', async ({ page }) => {
      await page.goto('/login');
      await checkLandmarks(page, '/login (signed out)');
      await page.goto('/no-such-page');
      await checkLandmarks(page, 'not found (shell)');

      await signInByPhone(page.request, '772');
      for (const path of [...ROUTES.editor, ...ROUTES.account, '/account/no-such-page', '/play', '/play/no-such-page', '/play/story/1']) {
        await page.goto(path);
        await checkLandmarks(page, path);
      }
      // The player's pages reached from the feed: a story, its creator's page and followers, the play screen.
      await openDemoStory(page);
      await expect(page.getByRole('heading', { level: 1, name: DEMO_STORY })).toBeVisible();
      await checkLandmarks(page, 'story page');
      const storyUrl = page.url();
      await page.getByRole('link', { name: /\(creator page\)$/ }).click();
      await expect(page).toHaveURL(/\/play\/user\/[^/]+$/);
      await checkLandmarks(page, 'creator page');
      await page.getByRole('link', { name: /^Followers/ }).click();
      await expect(page).toHaveURL(/\/play\/user\/[^/]+\/followers$/);
      await checkLandmarks(page, 'followers list');
      await page.goto(storyUrl);
      await page.getByRole('button', { name: /^(Play|Continue)$/ }).click();
      await expect(storyLog(page)).toBeVisible();
      await checkLandmarks(page, 'play screen');

      // The console as the demo operator sees it (on a phone: its mobile page).
      await signInAsOperator(page);
      for (const path of ['/ops', ...OPERATOR_ROUTES]) {
        await page.goto(path);
        await checkLandmarks(page, `${path} (operator)`);
      }
    });
  });
}

/** Chromium's warning for a file the page preloaded and then did not use within a few seconds of its load event. */
const UNUSED_PRELOAD = /was preloaded using link preload but not used/;

/**
 * Opens `path` in a new document and waits until the browser would have warned about an unused preload (it checks a
 * few seconds after the load event); returns the warnings and the page's preloads.
 */
async function preloadWarnings(page: Page, path: string): Promise<{ warnings: string[]; preloads: number }> {
  const warnings: string[] = [];
  const listen = (message: ConsoleMessage) => {
    if (UNUSED_PRELOAD.test(message.text())) warnings.push(message.text());
  };
  page.on('console', listen);
  try {
    await page.goto(path, { waitUntil: 'load' });
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const preloads = await page.locator('link[rel="preload"]').count();
    // The page's own clock: 6 s after its load event, past the browser's check.
    await expect
      .poll(() => page.evaluate(() => performance.now() - (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd), {
        timeout: 30_000,
      })
      .toBeGreaterThan(6_000);
    return { warnings, preloads };
  } finally {
    page.off('console', listen);
  }
}

test.describe('preloads', () => {
  test.use(SIZES[0].use);
  test.setTimeout(180_000);

  test('the pages a visitor and a creator open first use every file they preload', async ({ page }) => {
    const found: Record<string, string[]> = {};
    const check = async (path: string, who: string) => {
      const { warnings, preloads } = await preloadWarnings(page, path);
      // The shell's page always preloads its first-render code: the check is never of a page without preloads.
      expect(preloads, `${path}: preloads`).toBeGreaterThan(0);
      if (warnings.length > 0) found[`${path} (${who})`] = warnings;
    };
    for (const path of ['/editor', '/play', '/account', '/login']) await check(path, 'visitor');
    await signInAsDemoCreator(page);
    for (const path of ['/editor/works', '/play']) await check(path, 'creator');
    expect(found).toEqual({});
  });
});
