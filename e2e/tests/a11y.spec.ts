import { expect, test, type Page } from '@playwright/test';
import { SIZES } from '../support/sizes';
import { signInByPhone } from '../support/session';
import { seriousViolations } from '../support/axe';

// Every route is audited by axe in pages.spec.ts; here, the component showcase in its other theme and language.

async function open(page: Page, path: string): Promise<void> {
  await signInByPhone(page.request, '771');
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.describe('the component showcase in the dark theme and in Chinese', () => {
  test.use(SIZES[0].use);

  test('switching theme and language keeps every component free of serious violations', async ({ page }) => {
    // An audit of the page holding every component: axe takes its time on a busy machine.
    test.setTimeout(240_000);
    await open(page, '/editor/demo/components');
    await expect(page.getByRole('heading', { level: 1, name: 'Components' })).toBeVisible();

    // The showcase's own switchers (the header has a language switcher too).
    const showcase = page.getByRole('main');
    await showcase.getByRole('combobox', { name: 'Theme' }).click();
    await page.getByRole('option', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await showcase.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: '简体中文' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '组件' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    // The light theme in English is audited with the routes above.
    expect(await seriousViolations(page)).toEqual([]);

    // Both choices are kept under the common storage prefix and survive a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '组件' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(
      await page.evaluate(() => [localStorage.getItem('sv:theme'), localStorage.getItem('sv:language')]),
    ).toEqual(['dark', 'zh-CN']);
  });
});
