import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { seriousViolations } from './axe';

/*
 * One visit per page checks what every page owes its users: its heading shows once its data is in, it has one main
 * landmark that the skip link lands in, axe finds no serious or critical violation, and nothing scrolls sideways; the
 * page is then saved as a full-page screenshot under .reports/screenshots/<size>-<language>/ (ignored, beside the
 * suites' reports: outside Playwright's output folder, which each later run empties) for people to look at. Nothing
 * is compared pixel by pixel.
 */

const OUT = process.env.E2E_SCREENSHOT_DIR ?? join(__dirname, '..', '..', '.reports', 'screenshots');

/** What a crawl checks on each page (every check by default). */
export interface Checks {
  landmarks?: boolean;
  axe?: boolean;
  shot?: boolean;
}

/** A crawl of one size and language: the pages' violations and sideways scrolls, reported together at its end. */
export class Crawl {
  readonly violations: Record<string, string[]> = {};
  readonly overflow: Record<string, number> = {};
  private readonly folder: string;

  constructor(
    readonly size: string,
    readonly language: string,
  ) {
    this.folder = join(OUT, `${size}-${language}`);
    mkdirSync(this.folder, { recursive: true });
  }

  /** Opens `path` in the page and checks it as it settles (see `check`). */
  async visit(page: Page, path: string, where: string = path, checks: Checks = {}): Promise<void> {
    await page.goto(path);
    await this.check(page, where, checks);
  }

  /** Checks the page where it is now, named `where` in the report and its screenshot's file name. */
  async check(page: Page, where: string, checks: Checks = {}): Promise<void> {
    const { landmarks = true, axe = true, shot = true } = checks;
    await settled(page, where);
    if (landmarks) await checkLandmarks(page, where);
    if (axe) {
      const found = await seriousViolations(page);
      if (found.length > 0) this.violations[where] = found;
    }
    const { scroll, inner } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    if (scroll > inner) this.overflow[where] = scroll - inner;
    if (shot)
      await page.screenshot({
        path: join(this.folder, `${fileName(where)}.png`),
        fullPage: true,
        animations: 'disabled',
      });
  }

  /** Audits what is on screen now without waiting for the page (an open dialog hides the page behind it). */
  async auditNow(page: Page, where: string): Promise<void> {
    const found = await seriousViolations(page);
    if (found.length > 0) this.violations[where] = found;
  }

  /** Writes the sideways scrolls beside the screenshots and fails on any violation or scroll found. */
  finish(name: string): void {
    writeFileSync(join(this.folder, `overflow-${name}.json`), `${JSON.stringify(this.overflow, null, 2)}\n`);
    expect
      .soft(this.violations, `${this.size} ${this.language}: serious or critical accessibility violations`)
      .toEqual({});
    expect
      .soft(this.overflow, `${this.size} ${this.language}: pages that scroll sideways (pixels)`)
      .toEqual({});
  }
}

const fileName = (where: string): string =>
  where
    .replace(/^\//, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '') || 'root';

/** Waits for the page's heading, for the network to settle and for skeletons and spinners to go. */
async function settled(page: Page, where: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first(), `${where}: the page's heading`).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ui-skeleton, .ui-spinner'))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
}

/**
 * The shell's layout holds each page's one main landmark, the target of its skip link; the shell's pages and the
 * remotes' pages render inside it with a root of their own that is not a main.
 */
async function checkLandmarks(page: Page, where: string): Promise<void> {
  const main = page.getByRole('main');
  await expect(
    main.getByRole('heading', { level: 1 }).first(),
    `${where}: the page's heading in the main landmark`,
  ).toBeVisible();
  await expect.soft(page.locator('main, [role="main"]'), `${where}: main landmarks`).toHaveCount(1);
  // The skip link shows when it has the focus, and takes the focus into the main landmark.
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await skip.focus();
  await expect.soft(skip, `${where}: the skip link shows when focused`).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect.soft(main.first(), `${where}: the skip link lands in the main landmark`).toBeFocused();
}

/** A page in a new browser context at `use`'s size, its interface in `language`. */
export async function newPage(browser: Browser, use: BrowserContextOptions, language: string): Promise<Page> {
  const context = await browser.newContext(use);
  await context.addInitScript((lang) => localStorage.setItem('sv:language', lang), language);
  return context.newPage();
}
