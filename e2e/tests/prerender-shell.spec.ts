import { expect, test, type Page } from '@playwright/test';
import { serverPageViolations } from '../support/axe';
import { fictionalPhone, latestCode } from '../support/outbox';
import { signInByPhone } from '../support/session';
import { SIZES } from '../support/sizes';
import { OBSERVE_SHIFTS } from '../support/shifts';

// The shell's own pages a visitor without a session opens first, the editor's home `/editor` and the login page
// `/login`, come with their first screen in the HTML (as the public pages do, see prerender.spec.ts): readable
// without JavaScript, taken over by the shell without a layout shift, the login form keeping what was typed in it
// before the takeover; a signed-in visitor gets the page as before.

const HOME = { path: '/editor', heading: 'Create interactive AI stories', shows: 'Explore stories from other creators' };
const LOGIN = { path: '/login', heading: 'Log in', shows: 'We will text you a 6-digit code.' };

const phoneForm = (page: Page) => page.getByRole('form', { name: 'Log in with phone' });

/** Holds the shell's code back until the returned function is called. */
async function holdShellCode(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor's /editor and /login show their first screen", async ({ page }) => {
    await page.goto(HOME.path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: HOME.heading })).toBeVisible();
    await expect(main.getByText(HOME.shows)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Play stories' })).toHaveAttribute('href', '/play');
    await expect(page).toHaveTitle('Create interactive stories · Storyverse');

    await page.goto(LOGIN.path);
    await expect(main.getByRole('heading', { level: 1, name: LOGIN.heading })).toBeVisible();
    await expect(main.getByText(LOGIN.shows)).toBeVisible();
    await expect(phoneForm(page).getByLabel('Phone number')).toBeVisible();
    await expect(phoneForm(page).getByLabel('Country or region', { exact: true })).toHaveValue('US');
    // Sending needs the page's code: the button says so until it is there.
    await expect(phoneForm(page).getByRole('button', { name: 'Send code' })).toBeDisabled();
    await expect(page).toHaveTitle('Log in · Storyverse');
  });

  test("a Chinese reader's pages are in Chinese, the country from their browser", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN', extraHTTPHeaders: { 'Accept-Language': 'zh-CN,zh;q=0.9' } });
    const page = await context.newPage();
    await page.goto(HOME.path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1, name: '创作互动 AI 故事' })).toBeVisible();
    await page.goto(LOGIN.path);
    await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
    await expect(page.getByRole('form', { name: '手机号登录' }).getByLabel('手机号')).toBeVisible();
    await expect(page.getByRole('form', { name: '手机号登录' }).getByLabel('国家或地区', { exact: true })).toHaveValue('CN');
    await context.close();
  });
});

test('a signed-in visitor gets the page as before, never the login screen', async ({ browser, page }) => {
  await signInByPhone(page.request, '209');
  for (const path of [HOME.path, LOGIN.path]) {
    const res = await page.request.get(path, { headers: { Accept: 'text/html' } });
    expect(res.headers()['cache-control'], path).toBe('no-cache');
    expect(await res.text(), path).not.toContain('data-prerendered');
  }
  // A visitor's copy is shared a few seconds, per language.
  const visitor = await browser.newContext();
  const res = await visitor.request.get(LOGIN.path, { headers: { Accept: 'text/html' } });
  expect(res.headers()['cache-control']).toBe('public, max-age=5');
  expect(res.headers()['vary']).toContain('Accept-Language');
  expect(await res.text()).toContain('data-prerendered');
  await visitor.close();
});

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use(size.use);
    // A phone opening /editor is sent to the mobile notice: its /editor is not pre-rendered.
    const pages = size.name === 'phone' ? [LOGIN] : [HOME, LOGIN];

    test('the shell takes over the first screen without a layout shift', async ({ page }) => {
      await page.addInitScript(OBSERVE_SHIFTS);
      for (const p of pages) {
        await page.goto(p.path);
        const heading = page.getByRole('main').getByRole('heading', { level: 1, name: p.heading });
        await expect(heading, p.path).toBeVisible();
        // Taken over: the shell's own page is in place of the server's, under its header.
        await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
        await expect(page.locator('[data-prerendered]'), p.path).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        const after = await heading.boundingBox();
        const { cls, firstY } = await page.evaluate(() => {
          const w = window as unknown as { __cls: number; __firstHeadingY: number };
          return { cls: w.__cls, firstY: w.__firstHeadingY };
        });
        expect(Math.abs((after?.y ?? Number.NaN) - firstY), `${p.path}: the heading stays where the server's page painted it`).toBeLessThanOrEqual(1);
        expect(cls, `${p.path}: layout shift`).toBeLessThanOrEqual(0.05);
      }
    });

    test('a number typed before the takeover is kept, and signs in', async ({ page }) => {
      const phone = fictionalPhone(size.name === 'phone' ? '765' : '208');
      const release = await holdShellCode(page);
      await page.goto(LOGIN.path, { waitUntil: 'commit' });
      const field = phoneForm(page).getByLabel('Phone number');
      // The server's form, before any of the page's code ran.
      await expect(page.locator('[data-prerendered] form')).toBeVisible();
      await field.fill(phone.national);
      await expect(phoneForm(page).getByRole('button', { name: 'Send code' })).toBeDisabled();
      release();
      await expect(page.locator('[data-prerendered]')).toHaveCount(0);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
      await expect(field).toHaveValue(phone.national);
      await expect(field).toBeFocused();
      await phoneForm(page).getByRole('button', { name: 'Send code' }).click();
      const code = phoneForm(page).getByLabel('Verification code');
      await expect(code).toBeVisible();
      await code.fill(await latestCode(page.request, phone.e164));
      await phoneForm(page).getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('heading', { name: 'Confirm your age' })).toBeVisible();
    });

    test('the server-written pages pass axe before any code runs', async ({ page }) => {
      // The shell's code never arrives: what is audited is the server's page alone.
      expect(await serverPageViolations(page, pages)).toEqual({});
    });
  });
}
