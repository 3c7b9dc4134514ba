import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SIZES } from '../support/sizes';
import { signInByPhone } from '../support/session';

type SizeName = (typeof SIZES)[number]['name'];

/**
 * Every route of the product, signed in (the screens a visitor sees are covered by /login and /editor), at a laptop
 * and a phone size. On a phone the editor's routes show the mobile notice (spec §2 mobile rule): that page is what
 * gets checked there.
 */
const ROUTES = [
  { path: '/editor', name: 'home' },
  { path: '/login', name: 'login', signedOut: true },
  { path: '/editor/works', name: 'My Story' },
  { path: '/editor/story/new', name: 'story editor' },
  { path: '/editor/bot', name: 'bot editor' },
  { path: '/editor/demo/components', name: 'component catalogue' },
  { path: '/play', name: 'player feed' },
  { path: '/account', name: 'account' },
] as const;

/**
 * Route/size pairs left out until their remote is moved onto the UI kit, with what axe reports there. Remove a pair
 * when its remote lands; the test then runs for it.
 */
const NOT_YET: readonly { path: string; size: SizeName; why: string }[] = [
  { path: '/play', size: 'desktop', why: 'label-content-name-mismatch: story card links labelled with the name only' },
  { path: '/play', size: 'phone', why: 'label-content-name-mismatch: story card links labelled with the name only' },
];

/** Serious and critical violations, one line each: rule, impact, the first few elements. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function open(page: Page, path: string, signedOut = false): Promise<void> {
  if (!signedOut) await signInByPhone(page.request, '771');
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Content settles (lists load, skeletons go) before the audit.
  await page.waitForLoadState('networkidle');
}

for (const size of SIZES) {
  test.describe(`axe at ${size.name} size`, () => {
    test.use(size.use);

    for (const route of ROUTES.filter((r) => !NOT_YET.some((n) => n.path === r.path && n.size === size.name))) {
      test(`${route.path} (${route.name}) has no serious or critical violation`, async ({ page }) => {
        test.setTimeout(120_000);
        await open(page, route.path, 'signedOut' in route);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe('the component catalogue in the dark theme and in Chinese', () => {
  test.use(SIZES[0].use);

  test('switching theme and language keeps every component free of serious violations', async ({ page }) => {
    // An audit of the page holding every component: axe takes its time on a busy machine.
    test.setTimeout(240_000);
    await open(page, '/editor/demo/components');
    await expect(page.getByRole('heading', { level: 1, name: 'Components' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Theme' }).click();
    await page.getByRole('option', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: '简体中文' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '组件' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    // The light theme in English is audited with the routes above.
    expect(await seriousViolations(page)).toEqual([]);

    // Both choices are kept under the common storage prefix and survive a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '组件' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => [localStorage.getItem('sv:theme'), localStorage.getItem('sv:language')])).toEqual(['dark', 'zh-CN']);
  });
});
