import { expect, test } from '@playwright/test';
import { signInAsOperator } from '../support/session';

test.use({ viewport: { width: 1280, height: 800 } });

test("the console's frame: grouped navigation marking the page, filters kept in the address, the dashboard's range", async ({ page }) => {
  await signInAsOperator(page);
  await page.goto('/ops');
  const nav = page.getByRole('navigation', { name: 'Console' });
  for (const group of ['Queues', 'People', 'Content', 'Insight']) await expect(nav.getByRole('list', { name: group })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Review queue/ })).toHaveAttribute('aria-current', 'page');

  // The audit log's search and filters are in the address: a reload (or a shared link) opens the same list.
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: /^Review queue/ })).not.toHaveAttribute('aria-current', 'page');
  await page.getByRole('searchbox', { name: 'Search reasons and targets' }).fill('nothing-matches-this');
  await page.getByRole('textbox', { name: 'Target id' }).fill('s-404');
  await expect(page).toHaveURL(/\/ops\/audit\?q=nothing-matches-this&target=s-404$/);
  await expect(page.getByText('No actions recorded')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search reasons and targets' })).toHaveValue('nothing-matches-this');
  await expect(page.getByRole('textbox', { name: 'Target id' })).toHaveValue('s-404');
  await expect(page.getByText('No actions recorded')).toBeVisible();

  // The dashboard's range: 7 days in the address and in the figures.
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText(/^The last 30 days, /)).toBeVisible();
  await page.getByRole('combobox', { name: 'Range' }).click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/\/ops\/dashboard\?days=7$/);
  await expect(page.getByText(/^The last 7 days, /)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Queue sizes at the end of each day', includeHidden: true }).getByRole('row', { includeHidden: true })).toHaveCount(8);
});

test('below 1024 px the navigation folds behind the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await signInAsOperator(page);
  await page.goto('/ops/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Console menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeHidden();
  await menu.click();
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  // Following a link folds it again.
  await expect(nav).toBeHidden();
});
