import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { signInByPhone } from '../support/session';
import { SIZES } from '../support/sizes';

/*
 * Members' model choice on the membership page (CHAT_MODELS in global-setup: Standard, and Plus for members): a
 * non-member picks among the models for everyone and sees Plus locked; after the sandbox checkout Plus can be chosen,
 * and the choice is kept. The same section in Chinese.
 */

async function openMembership(page: Page): Promise<void> {
  await page.goto('/account/membership');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

for (const size of SIZES) {
  test.describe(`${size.name}`, () => {
    test.use(size.use);

    test(`at ${size.name} size: a player chooses a model, a members-only one after becoming a member, and keeps it`, async ({ page }) => {
      test.setTimeout(120_000);
      await signInByPhone(page.request, size.name === 'phone' ? '917' : '212');
      await openMembership(page);
      const models = page.getByRole('region', { name: 'Model for your plays' });
      const group = models.getByRole('group', { name: 'Choose the model that writes your replies' });
      await expect(group.getByRole('radio', { name: /Standard/ })).toBeEnabled();
      await expect(group.getByRole('radio', { name: /Plus/ })).toBeDisabled();
      await expect(models).toContainText('Models marked Members are for members.');
      await expect(models).toContainText('No model is connected yet');
      expect(await seriousViolations(page)).toEqual([]);

      // A model for everyone: saved at once, and still chosen after a reload. Keyboard: focus it and press Space.
      await group.getByRole('radio', { name: /Standard/ }).focus();
      await page.keyboard.press('Space');
      await expect(models.getByRole('status')).toHaveText('Saved: your next replies are written by Standard.');
      await page.reload();
      await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();

      // A member now (the sandbox checkout): Plus is open to them.
      await page.getByRole('button', { name: 'Subscribe: Monthly, renews automatically' }).click();
      await page.getByRole('button', { name: 'Pay in the sandbox · 沙盒支付' }).click();
      await expect(page).toHaveURL(/\/account\/membership\?order_no=/);
      await expect(page.getByRole('heading', { name: /You are a member/ })).toBeVisible();
      await expect(models).not.toContainText('Models marked Members are for members.');
      await models.getByRole('radio', { name: /Plus/ }).check();
      await expect(models.getByRole('status')).toHaveText('Saved: your next replies are written by Plus.');
      await openMembership(page);
      await expect(page.getByRole('radio', { name: /Plus/ })).toBeChecked();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`at ${size.name} size: the model choice in Chinese`, async ({ browser }) => {
      const context = await browser.newContext(size.use);
      await context.addInitScript(() => localStorage.setItem('sv:language', 'zh-CN'));
      const page = await context.newPage();
      await signInByPhone(page.request, size.name === 'phone' ? '917' : '212');
      await openMembership(page);
      const models = page.getByRole('region', { name: '剧情使用的模型' });
      const group = models.getByRole('group', { name: '选择为你撰写回复的模型' });
      await expect(group.getByRole('radio', { name: /Plus\s*会员/ })).toBeDisabled();
      await expect(models).toContainText('标有“会员”的模型仅限会员使用，成为会员即可选择。');
      await group.getByRole('radio', { name: /Standard/ }).check();
      await expect(models.getByRole('status')).toHaveText('已保存：之后的回复将由 Standard 撰写。');
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  });
}
