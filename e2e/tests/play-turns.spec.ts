import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { openDemoPlay, sendTurn, storyLog as log } from '../support/play';
import { signInByPhone } from '../support/session';
import { SIZES } from '../support/sizes';

/** The log's newest reply row (a character's line or the narration). */
const lastReply = (page: Page) => log(page).locator('li.player-msg:not(.player-msg--me), li.player-narration').last();
const replyText = async (page: Page) => (await lastReply(page).getByTestId('bubble-text').innerText()).trim();
const settled = (page: Page) => expect(log(page).locator('li[aria-busy="true"]')).toHaveCount(0);

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use(size.use);

    test('a player regenerates a reply twice, pages back to the first version with the keyboard, and it stays after a reload', async ({ page }) => {
      test.setTimeout(120_000);
      await signInByPhone(page.request, size.name === 'phone' ? '260' : '262');
      await openDemoPlay(page);
      await sendTurn(page, `Who keeps the lamp? (${size.name})`);
      const first = await replyText(page);
      expect(first).not.toBe('');

      const regenerate = page.getByRole('button', { name: 'Regenerate', exact: true });
      await regenerate.click();
      await settled(page);
      await expect(lastReply(page).getByTestId('reply-version')).toHaveText('2 / 2');
      await regenerate.click();
      await settled(page);
      await expect(lastReply(page).getByTestId('reply-version')).toHaveText('3 / 3');
      expect(await seriousViolations(page)).toEqual([]);

      // Back to the first with the keyboard: the previous-version button, twice.
      const previous = page.getByRole('button', { name: 'Previous version' });
      await previous.focus();
      await page.keyboard.press('Enter');
      await expect(lastReply(page).getByTestId('reply-version')).toHaveText('2 / 3');
      const kept = page.waitForResponse((r) => r.url().includes('/message/show_alternative') && r.request().postDataJSON()?.index === 0);
      await page.keyboard.press('Enter');
      await expect(lastReply(page).getByTestId('reply-version')).toHaveText('1 / 3');
      expect((await kept).ok()).toBe(true);
      await expect(lastReply(page).getByTestId('bubble-text')).toHaveText(first);
      await expect(previous).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Next version' })).toBeEnabled();

      // The version shown is kept: a reload shows it.
      await page.reload();
      await expect(lastReply(page).getByTestId('reply-version')).toHaveText('1 / 3');
      await expect(lastReply(page).getByTestId('bubble-text')).toHaveText(first);
    });

    test('a player lets the character keep talking: a new reply with no line of theirs', async ({ page }) => {
      test.setTimeout(120_000);
      await signInByPhone(page.request, size.name === 'phone' ? '269' : '270');
      await openDemoPlay(page);
      const said = `Tell me about the storm. (${size.name})`;
      await sendTurn(page, said);
      const mine = log(page).locator('li.player-msg--me');
      const replies = log(page).locator('li.player-msg:not(.player-msg--me), li.player-narration');
      const before = await replies.count();
      const keepTalking = page.getByRole('button', { name: 'Keep talking', exact: true });
      await expect(keepTalking).toBeVisible();
      await keepTalking.click();
      await settled(page);
      await expect(replies).toHaveCount(before + 1);
      await expect(mine).toHaveCount(1);
      // The new reply is the latest turn's: it may be regenerated.
      await expect(page.getByRole('button', { name: 'Regenerate', exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a player edits their last message: the old turn goes and the edited one is played', async ({ page }) => {
      test.setTimeout(120_000);
      await signInByPhone(page.request, size.name === 'phone' ? '281' : '301');
      await openDemoPlay(page);
      const first = `I bring the oil can. (${size.name})`;
      await sendTurn(page, first);
      const mine = log(page).locator('li.player-msg--me');
      await mine.last().getByRole('button', { name: 'Edit', exact: true }).click();
      const box = page.getByRole('textbox', { name: 'Your message' });
      await expect(box).toHaveValue(first);
      await expect(page.getByRole('status').filter({ hasText: 'Editing your last message' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      const edited = `I bring the spare wick instead. (${size.name})`;
      await box.fill(edited);
      await page.keyboard.press('Enter');
      await expect(log(page).getByText(edited)).toBeVisible();
      await settled(page);
      await expect(log(page).getByText(first)).toHaveCount(0);
      await expect(mine).toHaveCount(1);
      await expect(page.getByRole('status').filter({ hasText: 'Editing your last message' })).toHaveCount(0);
      // The edit is stored: a reload shows the edited message only.
      await page.reload();
      await expect(log(page).getByText(edited)).toBeVisible();
      await expect(log(page).getByText(first)).toHaveCount(0);
    });

    test('a player stops a reply being written: its words so far stay and the turn ends', async ({ page }) => {
      test.setTimeout(120_000);
      await signInByPhone(page.request, size.name === 'phone' ? '302' : '303');
      await openDemoPlay(page);
      await page.getByRole('textbox', { name: 'Your message' }).fill(`Tell me the whole history of the lighthouse. (${size.name})`);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const writing = log(page).locator('li[aria-busy="true"]');
      await expect(writing).toHaveCount(1);
      await expect(writing.getByTestId('bubble-text')).not.toHaveText('');
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await settled(page);
      await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0);
      const kept = await replyText(page);
      expect(kept).not.toBe('');
      // The turn is over: the player may send again, and the kept words are the stored reply.
      await expect(page.getByRole('button', { name: 'Keep talking', exact: true })).toBeEnabled();
      await page.reload();
      await expect(lastReply(page).getByTestId('bubble-text')).toHaveText(kept);
    });
  });
}
