import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { openDemoPlay, sendTurn } from '../support/play';
import { ok, signInByPhone } from '../support/session';
import { SIZES } from '../support/sizes';

/** The api's default DAILY_CHAT_LIMIT, and AD_REWARD_CHATS. */
const DAILY_LIMIT = 200;
const REWARD = 5;

for (const size of SIZES) {
  test.describe(`${size.name}`, () => {
    test.use(size.use);

    test(`at ${size.name} size: a player at the daily limit watches the house ad for more chats, becomes a member in the sandbox checkout, chats past the limit and cancels renewal`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await signInByPhone(page.request, size.name === 'phone' ? '415' : '510');
      // Today's chats nearly used up (a development helper), so the journey reaches the limit in one turn.
      await ok(await page.request.post('/api/dev/chat_quota', { data: { spend: DAILY_LIMIT - 1 } }), 'chat_quota');
      await openDemoPlay(page);
      await sendTurn(page, 'The last chat of the day: is the lamp lit?');

      const banner = page.locator('.player-limit--reached');
      await expect(banner.getByRole('alert')).toContainText("You have reached today's chat limit.");
      await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);

      // The house ad: 15 seconds of our own animation, then the reward.
      await banner.getByRole('button', { name: `Watch an ad for ${REWARD} more chats` }).click();
      const ad = page.getByRole('dialog', { name: 'Storyverse members chat without limits' });
      await expect(ad).toBeVisible();
      await expect(ad.getByTestId('ad-countdown')).toContainText(/Reward in \d+ seconds?/);
      expect(await seriousViolations(page)).toEqual([]);
      await ad.getByRole('button', { name: 'Get my chats' }).click({ timeout: 25_000 });
      await expect(ad).toHaveCount(0);
      await sendTurn(page, 'One more chat after the ad.');

      // The rest of the reward spent, the limit again; then membership through the sandbox checkout.
      await ok(await page.request.post('/api/dev/chat_quota', { data: { spend: REWARD - 2 } }), 'chat_quota');
      await sendTurn(page, 'The last of the extra chats.');
      await expect(page.locator('.player-limit--reached').getByRole('alert')).toBeVisible();
      const playUrl = page.url();
      await page.getByRole('link', { name: 'Become a member: no daily limit' }).click();
      await expect(page.getByRole('heading', { name: 'You are not a member' })).toBeVisible();
      await expect(page.getByTestId('price-vip_monthly')).toHaveText('$9.99');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Subscribe: Monthly, renews automatically' }).click();
      await expect(page.getByRole('heading', { name: 'Sandbox checkout · 沙盒支付' })).toBeVisible();
      await expect(page.getByTestId('sandbox-amount')).toHaveText('$9.99');
      await page.getByRole('button', { name: 'Pay in the sandbox · 沙盒支付' }).click();
      await expect(page).toHaveURL(/\/account\/membership\?order_no=/);
      await expect(page.getByRole('heading', { name: /You are a member/ })).toBeVisible();
      await expect(page.getByTestId('vip-until')).toContainText('Renews on');
      await expect(page.getByText('Next renewal: $9.99')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Order history' })).toContainText('Paid');

      // The profile wears the member badge.
      await page.goto('/account');
      await expect(page.getByRole('heading', { level: 2 }).getByText('Member', { exact: true })).toBeVisible();

      // A member chats past the daily limit.
      await page.goto(playUrl);
      await sendTurn(page, 'A member now: no limit tonight.');
      await expect(page.locator('.player-limit--reached')).toHaveCount(0);

      // Cancel the renewal: the membership stays until its end date.
      await page.goto('/account/membership');
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: 'Cancel auto-renewal' }).click();
      await expect(page.getByText('Auto-renewal is off.')).toBeVisible();
      await expect(page.getByTestId('vip-until')).toContainText('Membership ends on');
      await expect(page.getByRole('button', { name: 'Cancel auto-renewal' })).toHaveCount(0);
    });
  });
}
