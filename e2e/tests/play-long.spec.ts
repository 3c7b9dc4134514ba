import { expect, test, type Page, type Route } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { openDemoPlay, storyLog as log } from '../support/play';
import { ok, signInByPhone } from '../support/session';
import { SIZES } from '../support/sizes';

/** Turns the play is grown by (development route), so the log holds twelve pages of fifty lines. */
const TURNS = 300;
/** A page of the log on a long play: at most this many rows and DOM nodes, wherever it is scrolled. */
const MAX_ROWS = 60;
const MAX_NODES = 3000;

const rows = (page: Page) => log(page).locator('ol > li');
const domNodes = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);
const pageTop = (page: Page) => page.evaluate(() => Math.round((document.scrollingElement ?? document.documentElement).scrollTop));

/** The first row whose top is on screen below the header: its id, its index in the log and its top on screen. */
function firstRowOnScreen(page: Page): Promise<{ key: string; index: number; top: number }> {
  return page.evaluate(() => {
    const header = document.querySelector('.player-play__header')?.getBoundingClientRect().bottom ?? 0;
    for (const li of document.querySelectorAll<HTMLElement>('[role="log"] ol > li')) {
      const top = li.getBoundingClientRect().top;
      if (top >= header) return { key: li.dataset.key ?? '', index: Number(li.dataset.index), top: Math.round(top) };
    }
    throw new Error('no row on screen');
  });
}

/** Opens the demo story's play, grows it by TURNS turns and opens it again: the newest page shows. */
async function openLongPlay(page: Page, areaCode: string): Promise<void> {
  await signInByPhone(page.request, areaCode);
  await openDemoPlay(page);
  const playId = /\/play\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1];
  expect(playId).toBeTruthy();
  await ok(await page.request.post('/api/dev/play_history', { data: { play_id: playId, turns: TURNS } }), 'dev/play_history');
  await page.reload();
  await expect(log(page)).toContainText(`(reply ${TURNS})`);
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use(size.use);

    test('a long play renders only the lines near the screen, loads earlier pages as the reader scrolls up and keeps their place', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await openLongPlay(page, size.name === 'phone' ? '833' : '213');
      const earlier = page.getByRole('button', { name: 'Earlier messages' });
      await expect(earlier).toBeVisible();
      expect(await rows(page).count()).toBeLessThanOrEqual(MAX_ROWS);

      // The earlier page is held back until the reader stopped: the rows on screen must stay where they are when it
      // arrives, above them.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = 0;
      await page.route('**/api/tyler/dialogue_list**', async (route: Route) => {
        asked += 1;
        if (asked === 1) await held;
        await route.continue();
      });
      const box = await log(page).boundingBox();
      await page.mouse.move((box?.x ?? 0) + 40, 300);
      const request = page.waitForRequest('**/api/tyler/dialogue_list**');
      for (let i = 0; i < 40 && asked === 0; i += 1) {
        await page.mouse.wheel(0, -400);
        await page.waitForTimeout(50);
      }
      await request;
      // The reader scrolled up and the page was asked for by itself: the button was not pressed.
      await page.waitForTimeout(300);
      const before = await firstRowOnScreen(page);
      const topBefore = await pageTop(page);
      release();
      await expect.poll(async () => (await firstRowOnScreen(page)).index).toBeGreaterThan(before.index);
      const after = await firstRowOnScreen(page);
      expect(after.key).toBe(before.key);
      expect(Math.abs(after.top - before.top)).toBeLessThanOrEqual(2);
      expect(await pageTop(page)).toBeGreaterThan(topBefore);
      await page.unroute('**/api/tyler/dialogue_list**');

      // On up to the opening: every page arrives as the reader scrolls, and the page never holds more than a screen's
      // worth of rows.
      let maxNodes = await domNodes(page);
      let maxRows = await rows(page).count();
      for (let i = 0; i < 400; i += 1) {
        await page.mouse.wheel(0, -800);
        await page.waitForTimeout(30);
        maxNodes = Math.max(maxNodes, await domNodes(page));
        maxRows = Math.max(maxRows, await rows(page).count());
        if ((await pageTop(page)) === 0 && (await earlier.count()) === 0) break;
      }
      await expect(earlier).toHaveCount(0);
      await expect(log(page)).toContainText("Storm's coming and the lamp has gone dark.");
      await expect(log(page).locator('li[data-index="0"]')).toHaveCount(1);
      expect(maxRows).toBeLessThanOrEqual(MAX_ROWS);
      expect(maxNodes).toBeLessThanOrEqual(MAX_NODES);
      expect(await seriousViolations(page)).toEqual([]);

      // Sending from the top of the history takes the reader to the new turn and its reply.
      const text = 'Maren, what time is it now?';
      await page.getByRole('textbox', { name: 'Your message' }).fill(text);
      await page.getByRole('button', { name: 'Send' }).click();
      const mine = log(page).locator('.player-msg--me', { hasText: text });
      await expect(mine).toBeInViewport();
      await expect(log(page).locator('li[aria-busy="true"]')).toHaveCount(0);
      const last = rows(page).last();
      await expect(last).toBeInViewport();
      await expect(last).not.toContainText(text);
      expect(await rows(page).count()).toBeLessThanOrEqual(MAX_ROWS);

      // Rewind still works on the long play: the turn goes and its words return to the input.
      await mine.getByRole('button', { name: /^Rewind to before/ }).click();
      await page.getByRole('dialog', { name: 'Rewind to before this message?' }).getByRole('button', { name: 'Rewind' }).click();
      await expect(log(page).locator('.player-msg--me', { hasText: text })).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveValue(text);
      await expect(log(page)).toContainText(`(reply ${TURNS})`);
    });

    test('on a long play the keyboard reaches each message’s controls, and the focused one stays while the page scrolls', async ({ page }) => {
      test.setTimeout(120_000);
      await openLongPlay(page, size.name === 'phone' ? '835' : '310');
      // Back from the message box through the log, one control at a time: each is reached, the log following.
      await page.getByRole('textbox', { name: 'Your message' }).focus();
      const seen = new Set<string>();
      const rewinds = () => [...seen].filter((l) => l.includes('Rewind to before')).length;
      // Each line has several controls (rewind, pin, versions...): go until five player lines were passed, or 80 keys.
      for (let i = 0; i < 80 && rewinds() < 5; i += 1) {
        await page.keyboard.press('Shift+Tab');
        const label = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          const row = el?.closest<HTMLElement>('[role="log"] ol > li');
          return row ? `${row.dataset.index}:${el?.getAttribute('aria-label') ?? el?.textContent ?? ''}` : null;
        });
        if (label) seen.add(label);
      }
      const indexes = [...seen].map((l) => Number(l.split(':')[0]));
      // Rewind buttons on the player's lines, one after another upwards.
      expect(rewinds()).toBeGreaterThanOrEqual(5);
      expect(Math.min(...indexes)).toBeLessThan(Math.max(...indexes) - 8);
      const focused = await page.evaluate(() => document.activeElement?.closest<HTMLElement>('[role="log"] ol > li')?.dataset.key ?? '');
      expect(focused).not.toBe('');

      // Scrolled far away with the wheel, the focused row stays in the page with its focus.
      const box = await log(page).boundingBox();
      await page.mouse.move((box?.x ?? 0) + 40, 300);
      for (let i = 0; i < 10; i += 1) await page.mouse.wheel(0, -800);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.activeElement?.closest<HTMLElement>('[role="log"] ol > li')?.dataset.key ?? '')).toBe(focused);
      expect(await rows(page).count()).toBeLessThanOrEqual(MAX_ROWS + 1);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
