import { expect, test, type Page } from '@playwright/test';
import { GOOGLE_TEST_ACCOUNT } from '../support/oidc';

const name = GOOGLE_TEST_ACCOUNT.name ?? GOOGLE_TEST_ACCOUNT.id;

async function startGoogleSignIn(page: Page, from: string): Promise<void> {
  await page.goto(from);
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  // The loopback provider's own login page.
  await expect(page.getByRole('heading', { name: 'Test provider' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('Continue with Google signs in at the provider and comes back through /auth/callback', async ({
  page,
}) => {
  const callbacks: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes('/auth/callback')) callbacks.push(frame.url());
  });
  await startGoogleSignIn(page, '/editor/protocol/privacy');
  // Only configured providers are offered: the e2e api has Google only.
  await page.goBack();
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Continue with (Apple|Short-video app)/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue with Google' }).click();

  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your age' })).toBeVisible();
  expect(callbacks.some((u) => new URL(u).searchParams.get('next') === '/editor/protocol/privacy')).toBe(
    true,
  );
  await page.getByRole('button', { name: 'I am 18 or older' }).click();
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  // The provider's profile name is the starting nickname; keep it.
  await expect(page.getByRole('textbox', { name: 'Nickname' })).toHaveValue(name);
  await page.getByRole('button', { name: 'Skip' }).click();

  await expect(page).toHaveURL(/\/editor\/protocol\/privacy$/);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'My Story' })).toBeVisible();
  await expect(banner.getByRole('button', { name: new RegExp(name) })).toBeVisible();
});

test('a second Google sign-in goes straight back to the remembered path', async ({ page }) => {
  await startGoogleSignIn(page, '/editor/protocol/terms');
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await expect(page).toHaveURL(/\/editor\/protocol\/terms$/);
  await expect(page.getByRole('banner').getByRole('button', { name: new RegExp(name) })).toBeVisible();
});

test('cancelling at the provider shows "Authorization failed or cancelled" and a way back', async ({
  page,
}) => {
  await startGoogleSignIn(page, '/editor/protocol/terms');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/auth\/callback\?.*error=authorization_failed/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Authorization failed or cancelled' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
});
