import { expect, test, type Page } from '@playwright/test';
import { PHONE } from '../support/phone';
import { fictionalPhone, latestCode } from '../support/outbox';

const phoneForm = (page: Page) => page.getByRole('form', { name: 'Log in with phone' });

/** Types the number, asks for a code, and returns the code the server texted. */
async function requestCode(page: Page, phone: { national: string; e164: string }): Promise<string> {
  const form = phoneForm(page);
  await form.getByLabel('Phone number').fill(phone.national);
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form.getByLabel('Verification code')).toBeVisible();
  // The resend countdown starts at the spec's 60 s.
  await expect(form.getByRole('button', { name: /^Resend code in (60|59|58) s$/ })).toBeDisabled();
  return latestCode(page.request, phone.e164);
}

async function passFirstSignInSteps(page: Page, nickname: string): Promise<void> {
  await page.getByRole('button', { name: 'I am 18 or older' }).click();
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  const field = page.getByRole('textbox', { name: 'Nickname' });
  await expect(field).toHaveValue(/^User \d{6}$/);
  // The nickname step holds across a reload until it is done (the terms are already recorded by then).
  await page.reload();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(field).toHaveValue(/^User \d{6}$/);
  await field.fill(nickname);
  await page.getByRole('button', { name: 'Save' }).click();
}

test('phone sign-in from the header returns to the page it started from; Log out asks first', async ({
  page,
}) => {
  // A long journey (sign-in, the first-sign-in steps with a reload, two log-out dialogs) on a shared machine.
  test.slow();
  const phone = fictionalPhone('303');
  const banner = page.getByRole('banner');
  // A page a visitor may read (My Story itself sends visitors to log in on its own, through the 1007 reaction).
  await page.goto('/editor/protocol/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();

  await banner.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  const code = await requestCode(page, phone);
  await phoneForm(page).getByLabel('Verification code').fill(code);
  await phoneForm(page).getByRole('button', { name: 'Log in' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm your age' })).toBeVisible();
  await passFirstSignInSteps(page, 'Phone Writer');

  await expect(page).toHaveURL(/\/editor\/protocol\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'My Story' })).toBeVisible();
  const userMenu = banner.getByRole('button', { name: /Phone Writer/ });
  await expect(userMenu).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Log in' })).toHaveCount(0);
  // History was replaced: Back does not return to the login page.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/login/);

  // A signed-in visitor who opens /login is sent on (the remembered path was used up: the editor home).
  await page.goto('/login');
  await expect(page).toHaveURL(/\/editor$/);
  await page.goto('/editor/protocol/privacy');
  await userMenu.click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(userMenu).toBeVisible();

  await userMenu.click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(banner.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'My Story' })).toHaveCount(0);
  const check = (await (await page.request.get('/api/passport/check_login')).json()) as {
    data: { is_login: boolean };
  };
  expect(check.data.is_login).toBe(false);
});

test('a wrong code shows the incorrect-code message and leaves the visitor logged out', async ({ page }) => {
  const phone = fictionalPhone('720');
  await page.goto('/login');
  const code = await requestCode(page, phone);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const form = phoneForm(page);
  await form.getByLabel('Verification code').fill(wrong);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(form.getByRole('alert')).toHaveText('Code incorrect');
  await expect(form.getByLabel('Verification code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('an invalid number is refused on the page, before any code is sent', async ({ page }) => {
  await page.goto('/login');
  const form = phoneForm(page);
  await form.getByLabel('Phone number').fill('555');
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form.getByRole('alert')).toHaveText('Invalid phone number');
  await expect(form.getByLabel('Verification code')).toHaveCount(0);
});

test.describe('on a phone (390 px)', () => {
  test.use(PHONE);

  test('the login page fits the screen and signs in', async ({ page }) => {
    const phone = fictionalPhone('719');
    await page.goto('/login');
    const code = await requestCode(page, phone);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phoneForm(page).getByLabel('Verification code').fill(code);
    await phoneForm(page).getByRole('button', { name: 'Log in' }).click();
    await passFirstSignInSteps(page, 'Pocket Reader');
    // The remembered default is the editor home, which phones see as the mobile page (spec §2 mobile rule).
    await expect(page).toHaveURL(/\/editor(\/mobile)?$/);
    await expect(page.getByRole('banner').getByRole('button', { name: /Pocket Reader/ })).toBeVisible();
  });
});
