import { expect, test, type Page } from '@playwright/test';
import { PHONE } from '../support/phone';
import { E2E_PORTS } from '../support/ports';
import { ok, signInAsOperator, signInByPhone } from '../support/session';
import { seriousViolations } from '../support/axe';

/** Signs a new account in and names it, so the header's account menu has a known name. */
async function signInNamed(page: Page, areaCode: string, nickname: string): Promise<void> {
  await signInByPhone(page.request, areaCode);
  await ok(await page.request.post('/api/tyler/user/save', { data: { nickname } }), 'user/save');
}

/** Opens the account menu (the user-name button in the header) and picks an item. */
async function fromAccountMenu(page: Page, name: string, item: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Every account page the header's menu leads to, with the heading its page shows. */
const ACCOUNT_PAGES = [
  { item: 'Profile', url: /\/account$/, heading: 'Account' },
  { item: 'Settings', url: /\/account\/settings$/, heading: 'Settings' },
  { item: 'Blocked list', url: /\/account\/blocked$/, heading: 'Blocked users' },
  { item: 'Delete account', url: /\/account\/delete$/, heading: 'Delete account' },
] as const;

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('from every page the header reaches the player, My Story and each account page, and logs out after a confirm', async ({
    page,
  }) => {
    const name = 'Header Walker';
    await signInNamed(page, '731', name);
    const banner = page.getByRole('banner');
    await page.goto('/editor/protocol/terms');

    await banner.getByRole('link', { name: 'Stories' }).click();
    await expect(page).toHaveURL(/\/play$/);
    await expect(heading(page, 'Stories')).toBeVisible();

    await banner.getByRole('link', { name: 'My Story' }).click();
    await expect(page).toHaveURL(/\/editor\/works$/);
    await expect(heading(page, 'My Story')).toBeVisible();
    // A plain user has no way to the console.
    await expect(banner.getByRole('link', { name: 'Moderation' })).toHaveCount(0);

    for (const target of ACCOUNT_PAGES) {
      await fromAccountMenu(page, name, target.item);
      await expect(page).toHaveURL(target.url);
      await expect(heading(page, target.heading)).toBeVisible();
      // The header stays: the player is one click away from every page.
      await expect(banner.getByRole('link', { name: 'Stories' })).toBeVisible();
    }

    await fromAccountMenu(page, name, 'Log out');
    const dialog = page.getByRole('dialog', { name: 'Log out?' });
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(banner.getByRole('button', { name })).toBeVisible();
    await fromAccountMenu(page, name, 'Log out');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(banner.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Stories' })).toBeVisible();
  });

  test('an operator reaches the moderation console from the header', async ({ page }) => {
    await signInAsOperator(page);
    await page.goto('/play');
    await page.getByRole('banner').getByRole('link', { name: 'Moderation' }).click();
    await expect(page).toHaveURL(/\/ops$/);
    await expect(heading(page, 'Review queue')).toBeVisible();
  });

  test('the language switcher puts the header in Chinese and keeps it after a reload', async ({ page }) => {
    await page.goto('/editor');
    const banner = page.getByRole('banner');
    await banner.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: '简体中文' }).click();
    await expect(banner.getByRole('link', { name: '故事' })).toBeVisible();
    await expect(banner.getByRole('button', { name: '登录' })).toBeVisible();
    await page.reload();
    await expect(banner.getByRole('link', { name: '故事' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1, name: '创作互动 AI 故事' })).toBeVisible();
    await banner.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
    await expect(page.getByRole('form', { name: '手机号登录' }).getByLabel('手机号')).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ ...PHONE });

  test('the account menu holds the player and every account page', async ({ page }) => {
    const name = 'Pocket Walker';
    await signInNamed(page, '732', name);
    const banner = page.getByRole('banner');
    await page.goto('/account');
    await expect(heading(page, 'Account')).toBeVisible();
    // The links fold into the menu; the editor and the console are desktop-only, so a phone is not led there.
    await banner.getByRole('button', { name }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Stories',
      'Profile',
      'Settings',
      'Blocked list',
      'Log out',
      'Delete account',
    ]);
    await menu.getByRole('menuitem', { name: 'Stories' }).click();
    await expect(page).toHaveURL(/\/play$/);
    await expect(heading(page, 'Stories')).toBeVisible();

    for (const target of ACCOUNT_PAGES) {
      await fromAccountMenu(page, name, target.item);
      await expect(page).toHaveURL(target.url);
      await expect(heading(page, target.heading)).toBeVisible();
    }
    // The header fits the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await fromAccountMenu(page, name, 'Log out');
    await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(banner.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('a visitor reaches the player from the header', async ({ page }) => {
    await page.goto('/editor/protocol/privacy');
    await page.getByRole('banner').getByRole('link', { name: 'Stories' }).click();
    await expect(page).toHaveURL(/\/play$/);
    await expect(heading(page, 'Stories')).toBeVisible();
  });
});

for (const size of [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', use: PHONE },
]) {
  test.describe(`at ${size.name} size`, () => {
    test.use(size.use);

    test('the header with its account menu open and the log-out dialog pass axe', async ({ page }) => {
      const name = `Axe ${size.name}`;
      await signInNamed(page, '734', name);
      await page.goto('/editor/protocol/terms');
      await expect(heading(page, 'Terms of Service')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('banner').getByRole('button', { name }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await expect(page.getByRole('dialog', { name: 'Log out?' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test('the site icon, the app icons and the web app manifest are served and linked', async ({
  page,
  request,
}) => {
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toBe('image/x-icon');

  await page.goto('/play');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute(
    'href',
    '/icons/icon.svg',
  );

  const res = await request.get(manifestHref ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string; type: string }>;
  };
  expect(manifest.name).toBe('Storyverse');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', type: 'image/png' }]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe(icon.type);
  }
});

test.describe('on a slow network', () => {
  test('a skeleton shows while the player remote loads, then the page', async ({ page }) => {
    // Every file of the player remote waits until the test has seen the skeleton.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`http://localhost:${E2E_PORTS.player}/**`, async (route) => {
      await released;
      await route.continue();
    });
    // A player page the shell's server does not pre-render (a creator's followers).
    await page.goto('/play/user/1/followers');
    const skeleton = page.getByRole('status', { name: 'Loading this page' });
    await expect(skeleton).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    release();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(skeleton).toHaveCount(0);
  });

  test('a pre-rendered page shows its first screen while the player remote loads, then the player takes over', async ({ page }) => {
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`http://localhost:${E2E_PORTS.player}/**`, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/play');
    await expect(heading(page, 'Stories')).toBeVisible();
    // Until the player has taken over, its controls wait (a click there would do nothing).
    const search = page.getByRole('searchbox', { name: 'Search stories' });
    await expect(search).toBeDisabled();
    await expect(page.getByRole('status', { name: 'Loading this page' })).toHaveCount(0);
    release();
    await expect(search).toBeEnabled();
    await expect(heading(page, 'Stories')).toBeVisible();
  });

  test('the page shows its frame before the shell code arrives', async ({ page }) => {
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    // A shell page the server does not write (a visitor's /editor and /login come with their first screen, see
    // prerender-shell.spec.ts).
    await page.goto('/editor/protocol/privacy', { waitUntil: 'commit' });
    await expect(page.locator('#root [aria-busy="true"]')).toBeVisible();
    release();
    await expect(heading(page, 'Privacy Policy')).toBeVisible();
  });
});
