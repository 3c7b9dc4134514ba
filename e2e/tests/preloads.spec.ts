import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { SIZES } from '../support/sizes';
import { signInAsDemoCreator } from '../support/session';

// Every page's landmarks and skip link are checked in pages.spec.ts; here, the files the first pages preload.

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
      .poll(
        () =>
          page.evaluate(
            () =>
              performance.now() -
              (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
          ),
        {
          timeout: 30_000,
        },
      )
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
