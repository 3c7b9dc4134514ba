import { expect, test, type Page } from '@playwright/test';
import { openDemoPlay, sampleFollow, sendTurn, storyLog as log, type FollowFrame } from '../support/play';
import { signInByPhone } from '../support/session';
import { SIZES } from '../support/sizes';

/** Small talk: nothing here meets a chapter's objective, so the play stays open. */
const TALK = [
  'Maren, how long have you kept this lighthouse?',
  'Ezra, is the radio still working tonight?',
  'What do the fishermen say about the storm?',
  'Maren, tell me about the first keeper here.',
  'Ezra, what ships are out there now?',
  'How cold does the tower get in winter?',
];

/** Where the newest line and the message box are now (one frame). */
async function frameNow(page: Page): Promise<FollowFrame> {
  return (await sampleFollow(page, 0, 0)).frames[0]!;
}

const pageTop = (page: Page) => page.evaluate(() => Math.round((document.scrollingElement ?? document.documentElement).scrollTop));

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use(size.use);

    test('the chat follows a streamed reply with the message box in view, and stops following when the reader scrolls up', async ({
      page,
      context,
    }) => {
      test.setTimeout(180_000);
      await signInByPhone(page.request, size.name === 'phone' ? '628' : '629');
      await openDemoPlay(page);

      // Enough turns for the conversation to run past the screen; after each, the newest line shows above the box.
      for (const text of TALK.slice(0, 4)) {
        await sendTurn(page, text);
        await expect.poll(async () => (await frameNow(page)).gap, { message: `after "${text}"` }).toBeLessThanOrEqual(1);
        expect((await frameNow(page)).boxInView).toBe(true);
      }

      // Every frame while the next reply streams in, and after it ended: the newest line and the box in view.
      const sampling = sampleFollow(page, 30_000);
      await page.getByRole('textbox', { name: 'Your message' }).fill(TALK[4]!);
      await page.getByRole('button', { name: 'Send' }).click();
      const { frames, finished } = await sampling;
      expect(finished).toBe(true);
      expect(frames.length).toBeGreaterThan(10);
      // A frame may catch a line that just grew before the page caught up with it: never more than a few pixels.
      expect(Math.max(...frames.map((f) => f.gap)), 'the newest line went under the message box').toBeLessThanOrEqual(8);
      expect(frames.every((f) => f.boxInView)).toBe(true);
      expect(frames[frames.length - 1]!.scrollTop).toBeGreaterThan(frames[0]!.scrollTop);

      if (size.name === 'phone') {
        // The on-screen keyboard takes the lower part of the screen: the box and the newest line move up with it.
        await page.getByRole('textbox', { name: 'Your message' }).focus();
        await page.setViewportSize({ width: 390, height: 844 - 336 });
        await expect.poll(async () => (await frameNow(page)).gap).toBeLessThanOrEqual(1);
        expect((await frameNow(page)).boxInView).toBe(true);
        await page.setViewportSize({ width: 390, height: 844 });
        await expect.poll(async () => (await frameNow(page)).gap).toBeLessThanOrEqual(1);
      }

      // The reader scrolls up to read; then a turn comes in (sent from a second tab of the same play, so nothing
      // here asked for it) and is written below: nothing pulls the reader down, and a button offers the way back.
      const other = await context.newPage();
      await other.goto(new URL(page.url()).pathname);
      await expect(log(other)).toContainText(TALK[4]!);
      const newMessages = page.getByRole('button', { name: /New messages/ });
      const before = await pageTop(page);
      const box = await log(page).boundingBox();
      await page.mouse.move((box?.x ?? 0) + 40, 200);
      await page.mouse.wheel(0, -500);
      await expect.poll(() => pageTop(page)).toBeLessThan(before - 200);
      await other.getByRole('textbox', { name: 'Your message' }).fill(TALK[5]!);
      await other.getByRole('button', { name: 'Send' }).click();
      await expect(newMessages).toBeVisible();
      await expect(log(page)).toContainText(TALK[5]!);
      await expect(log(page).locator('li[aria-busy="true"]')).toHaveCount(0);
      // The turn and its reply arrived below while the reader stayed up where they were reading, the box at hand.
      expect((await frameNow(page)).gap).toBeGreaterThan(100);
      expect(await pageTop(page)).toBeLessThan(before - 200);
      expect((await frameNow(page)).boxInView).toBe(true);

      await newMessages.click();
      await expect.poll(async () => (await frameNow(page)).gap).toBeLessThanOrEqual(1);
      await expect(newMessages).toBeHidden();
    });
  });
}
