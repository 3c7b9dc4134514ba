import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { ok, signInAsOperator, signInByPhone } from '../support/session';
import { SIZES } from '../support/sizes';

for (const size of SIZES) {
  test.describe(`${size.name}`, () => {
    test.use(size.use);

    test(`at ${size.name} size: an operator finds a member's sandbox order in the console, refunds it with a reason, and the member's page shows it refunded`, async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      // The member: subscribes through the sandbox checkout.
      await signInByPhone(page.request, size.name === 'phone' ? '503' : '541');
      const me = await ok<{ uid: string; nickname: string }>(await page.request.get('/api/tyler/user/detail'), 'user/detail');
      await page.goto('/account/membership');
      await page.getByRole('button', { name: 'Subscribe: Monthly, renews automatically' }).click();
      await page.getByRole('button', { name: 'Pay in the sandbox · 沙盒支付' }).click();
      await expect(page.getByRole('heading', { name: /You are a member/ })).toBeVisible();
      const orderNo = new URL(page.url()).searchParams.get('order_no')!;
      // The header's user menu wears the member badge (on the next page load: the login check carries it).
      await page.reload();
      await expect(page.getByRole('banner').getByText('Member', { exact: true })).toBeVisible();

      // The operator: the orders page, by the member's account and state. The console is for computers (a phone is
      // shown the player's notice); beside the phone run it is used in a narrow window, its menu folded.
      const narrow = size.name === 'phone';
      const ops = await browser.newContext({ baseURL, viewport: narrow ? { width: 900, height: 800 } : { width: 1280, height: 800 } });
      const opsPage = await ops.newPage();
      await signInAsOperator(opsPage);
      await opsPage.goto('/ops');
      if (narrow) await opsPage.getByRole('button', { name: 'Console menu' }).click();
      await opsPage.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Orders' }).click();
      await expect(opsPage.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
      await opsPage.getByLabel('User ID or uid', { exact: true }).fill(me.uid);
      await opsPage.getByRole('combobox', { name: 'State' }).click();
      await opsPage.getByRole('option', { name: 'Paid' }).click();
      await expect(opsPage).toHaveURL(new RegExp(`user=${me.uid}.*status=Paid|status=Paid.*user=${me.uid}`));
      const table = opsPage.getByRole('table', { name: 'Orders' });
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table).toContainText('$9.99');
      expect(await seriousViolations(opsPage)).toEqual([]);

      // The order, refunded after a confirmation that repeats the amount, the account and the reason.
      await table.getByRole('link', { name: orderNo }).click();
      await expect(opsPage.getByRole('heading', { level: 1, name: `Order ${orderNo}` })).toBeVisible();
      await expect(opsPage.getByTestId('order-status')).toHaveText('Paid');
      await expect(opsPage.getByTestId('membership-state')).toHaveText('Active');
      const refund = opsPage.getByRole('form', { name: 'Refund' });
      await refund.getByLabel('Reason').fill('Charged twice by the bank');
      await refund.getByRole('button', { name: 'Refund' }).click();
      const confirm = opsPage.getByRole('dialog', { name: `Refund $9.99 to ${me.nickname}?` });
      await expect(confirm).toContainText('Charged twice by the bank');
      expect(await seriousViolations(opsPage)).toEqual([]);
      await confirm.getByRole('button', { name: 'Refund' }).click();
      await expect(opsPage.getByTestId('order-status')).toHaveText('Refunded');
      await expect(opsPage.getByTestId('membership-state')).not.toHaveText('Active');
      await expect(opsPage.getByText('Only a paid order with an amount can be refunded.')).toBeVisible();
      expect(await seriousViolations(opsPage)).toEqual([]);
      await ops.close();

      // The member's page: no longer a member, the order refunded in the history.
      await page.goto('/account/membership');
      await expect(page.getByRole('heading', { name: 'You are not a member' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Order history' })).toContainText('Refunded');
      await expect(page.getByRole('banner').getByText('Member', { exact: true })).toHaveCount(0);
    });
  });
}
