import { expect, test, type Page } from '@playwright/test';
import { PHONE } from '../support/phone';
import { E2E_PORTS } from '../support/ports';
import { signInByPhone } from '../support/session';

/** Requests for the ops remote's files (its manifest, entry or chunks). */
function opsRemoteRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(`http://localhost:${E2E_PORTS.ops}/`)) urls.push(r.url());
  });
  return urls;
}

test('a visitor at /ops is sent to log in, the path remembered, and the console is never loaded', async ({ page }) => {
  const ops = opsRemoteRequests(page);
  await page.goto('/ops/reviews?tab=new');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: /log in/i })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sv:login_redirect'))).toBe('/ops/reviews?tab=new');
  expect(ops).toEqual([]);
});

test('a signed-in user without the operator role sees no access, and the console is never loaded', async ({ page }) => {
  await signInByPhone(page.request, '656');
  const ops = opsRemoteRequests(page);
  await page.goto('/ops');
  await expect(page).toHaveURL(/\/editor\/no-access$/);
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  expect(ops).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ ...PHONE });

  test('the console is desktop-only: /ops shows the mobile page and loads nothing of the console', async ({ page }) => {
    await signInByPhone(page.request, '657');
    const ops = opsRemoteRequests(page);
    await page.goto('/ops');
    await expect(page).toHaveURL(/\/editor\/mobile$/);
    expect(ops).toEqual([]);
  });
});
