import { expect, type Locator, type Page } from '@playwright/test';

/** The demo story the seed publishes on first start. */
export const DEMO_STORY = 'The Last Lamp of Gullrock';

/** The play screen's dialogue log. */
export const storyLog = (page: Page) => page.getByRole('log', { name: 'Story dialogue' });

/**
 * Samples, on every frame, the reply being written in the page's log: the lengths of its text as it grows (so a
 * test sees it streamed rather than appear whole), and whether the input said it was waiting for it meanwhile.
 * Resolves once a reply was seen and finished, or after `timeoutMs`.
 */
export function sampleReply(page: Page, timeoutMs: number): Promise<{ lengths: number[]; blocked: boolean }> {
  return page.evaluate(
    (limit) =>
      new Promise<{ lengths: number[]; blocked: boolean }>((resolve) => {
        const lengths: number[] = [];
        let blocked = false;
        let seenBusy = false;
        const started = performance.now();
        const tick = () => {
          const busy = document.querySelector<HTMLElement>('[role="log"] li[aria-busy="true"]');
          if (busy) {
            seenBusy = true;
            const length = busy.querySelector('[data-testid="bubble-text"]')?.textContent?.length ?? 0;
            if (lengths[lengths.length - 1] !== length) lengths.push(length);
            if (document.querySelector('.player-composer__wait')?.textContent === 'Writing a reply…') blocked = true;
          }
          if ((seenBusy && !busy) || performance.now() - started > limit) resolve({ lengths, blocked });
          else requestAnimationFrame(tick);
        };
        tick();
      }),
    timeoutMs,
  );
}

/**
 * From the feed to the demo story's page, found with the feed's search: the stories earlier journeys publish can push
 * its card off the feed's first page.
 */
export async function openDemoStory(page: Page): Promise<void> {
  await page.goto('/play');
  await page.getByRole('searchbox', { name: 'Search stories' }).fill('Gullrock');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name: DEMO_STORY }).first().click();
}

/** From the feed to the demo story's play screen: its page (openDemoStory), then Play (or Continue). */
export async function openDemoPlay(page: Page): Promise<void> {
  await openDemoStory(page);
  await expect(page.getByRole('heading', { level: 1, name: DEMO_STORY })).toBeVisible();
  await page.getByRole('button', { name: /^(Play|Continue)$/ }).click();
  await expect(storyLog(page)).toContainText("Storm's coming and the lamp has gone dark.");
  // The open play's id is written in the address (a reload or a copied address opens this very play).
  await expect(page).toHaveURL(/\/play\/story\/\d+\/play\/\d+$/);
}

/** Sends one turn from the message box and waits until its reply is written. */
export async function sendTurn(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Your message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(storyLog(page).getByText(text)).toBeVisible();
  await expect(storyLog(page).locator('li[aria-busy="true"]')).toHaveCount(0);
}

/** Where the newest line and the message box were on one frame, in CSS pixels of the viewport. */
export interface FollowFrame {
  /** How far the newest line's bottom went below the top of the message box's area (> 0: hidden). */
  gap: number;
  /** The message box lies wholly inside the viewport. */
  boxInView: boolean;
  /** The page's own scroll position. */
  scrollTop: number;
}

/**
 * Samples on every frame, while a reply is written and `settleMs` after, where the newest line of the log and the
 * message box are. Resolves with every frame once the reply was seen to finish and settle, or after `timeoutMs`.
 */
export function sampleFollow(page: Page, timeoutMs: number, settleMs = 500): Promise<{ frames: FollowFrame[]; finished: boolean }> {
  return page.evaluate(
    ([limit, settle]) =>
      new Promise<{ frames: FollowFrame[]; finished: boolean }>((resolve) => {
        const frames: FollowFrame[] = [];
        const started = performance.now();
        let seenBusy = false;
        let doneAt = 0;
        const tick = () => {
          const box = document.querySelector('textarea');
          const area = box?.form?.parentElement;
          const items = document.querySelectorAll('[role="log"] > ol > li');
          const last = items[items.length - 1];
          const view = window.visualViewport;
          const height = view ? view.height + view.offsetTop : window.innerHeight;
          if (box && area && last) {
            const b = box.getBoundingClientRect();
            frames.push({
              gap: Math.round(last.getBoundingClientRect().bottom - area.getBoundingClientRect().top),
              boxInView: b.top >= 0 && b.bottom <= height + 0.5,
              scrollTop: Math.round((document.scrollingElement ?? document.documentElement).scrollTop),
            });
          }
          const busy = document.querySelector('[role="log"] li[aria-busy="true"]');
          if (busy) seenBusy = true;
          else if (seenBusy && doneAt === 0) doneAt = performance.now();
          const now = performance.now();
          if (doneAt > 0 && now - doneAt > settle) resolve({ frames, finished: true });
          else if (now - started > limit) resolve({ frames, finished: false });
          else requestAnimationFrame(tick);
        };
        tick();
      }),
    [timeoutMs, settleMs] as const,
  );
}

/** One row of the play's log, as `logRows` read it. */
export interface LogRow {
  index: number;
  text: string;
  /** The player's own line. */
  mine: boolean;
  /** A character's or the narrator's words (null on other rows). */
  bubble: string | null;
}

/**
 * Every row of the log's loaded lines, oldest first. The log renders only the rows near the screen, so the page is
 * scrolled from its top to its end, a part of a screen at a time, and each row is read as it shows.
 */
export async function logRows(page: Page): Promise<LogRow[]> {
  const rows = new Map<number, LogRow>();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let step = 0; step < 1000; step += 1) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const seen = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[role="log"] ol > li')].map((li) => ({
        index: Number(li.dataset.index),
        text: li.textContent ?? '',
        mine: li.classList.contains('player-msg--me'),
        bubble: li.querySelector('[data-testid="bubble-text"]')?.textContent ?? null,
      })),
    );
    for (const row of seen) rows.set(row.index, row);
    const atEnd = await page.evaluate(() => {
      const el = document.scrollingElement ?? document.documentElement;
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) return true;
      window.scrollBy(0, Math.round(el.clientHeight * 0.6));
      return false;
    });
    if (atEnd) break;
  }
  return [...rows.values()].sort((a, b) => a.index - b.index);
}

/**
 * A tool of the play screen's header (Memory, Debug, Export, Share a thread, Share as video), found by `button`: on a
 * phone these sit behind the header's More button, which is opened first when it shows and is closed.
 */
export async function playTool(page: Page, button: Locator): Promise<Locator> {
  const more = page.locator('.player-play__header').getByRole('button', { name: 'More', exact: true });
  if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await expect(button).toBeVisible();
  return button;
}
