import { expect, test, type Page } from '@playwright/test';
import { SIZES } from '../support/sizes';
import { DEMO_STORY, openDemoStory, storyLog } from '../support/play';
import { ok, signInAsOperator, signInByPhone } from '../support/session';
import { publishableStory } from '../support/stories';
import { seriousViolations } from '../support/axe';
// The routes audited here, at a laptop and a phone size, are listed in support/routes.ts (new routes go there).
import { OPERATOR_ROUTES, ROUTES } from '../support/routes';

/** Waits for the page's heading and for its content to settle (lists load, skeletons go) before an audit. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

async function open(page: Page, path: string): Promise<void> {
  await signInByPhone(page.request, '771');
  await page.goto(path);
  await settled(page);
}

/** Audits the page where it is now; collects what it finds under `where`. */
async function audit(page: Page, found: Record<string, string[]>, where: string): Promise<void> {
  await settled(page);
  const violations = await seriousViolations(page);
  if (violations.length > 0) found[where] = violations;
}

for (const size of SIZES) {
  test.describe(`axe at ${size.name} size`, () => {
    test.use(size.use);
    // Several audits per test: axe takes its time on a busy machine.
    test.setTimeout(240_000);

    for (const [remote, paths] of Object.entries(ROUTES)) {
      test(`every ${remote} route has no serious or critical violation`, async ({ page }) => {
        const found: Record<string, string[]> = {};
        await signInByPhone(page.request, '771');
        for (const path of paths) {
          await page.goto(path);
          await audit(page, found, path);
        }
        expect(found).toEqual({});
      });
    }

    test('the login page, the player (feed, story, creator page, followers, play screen) and the console have no serious or critical violation', async ({
      page,
    }) => {
      const found: Record<string, string[]> = {};
      await page.goto('/login');
      await audit(page, found, '/login (signed out)');
      await signInByPhone(page.request, '771');
      await page.goto('/play');
      await audit(page, found, '/play');
      await openDemoStory(page);
      await expect(page.getByRole('heading', { level: 1, name: DEMO_STORY })).toBeVisible();
      await audit(page, found, 'story page');
      await page.getByRole('button', { name: 'Report' }).click();
      await expect(page.getByRole('dialog', { name: 'Report' }).getByRole('combobox', { name: 'Reason' })).toBeVisible();
      // The page behind the open dialog is hidden from assistive technology, so the dialog is audited as it stands.
      const inDialog = await seriousViolations(page);
      if (inDialog.length > 0) found['report dialog'] = inDialog;
      await page.getByRole('dialog', { name: 'Report' }).getByRole('button', { name: 'Cancel' }).click();
      // The story's creator page and its followers list.
      const storyUrl = page.url();
      await page.getByRole('link', { name: /\(creator page\)$/ }).click();
      await audit(page, found, 'creator page');
      await page.getByRole('link', { name: /^Followers/ }).click();
      await audit(page, found, 'followers list');
      // A new document: let it settle before the play screen, whose idle reply stream keeps the network busy.
      await page.goto(storyUrl);
      await expect(page.getByRole('heading', { level: 1, name: DEMO_STORY })).toBeVisible();
      await settled(page);
      await page.getByRole('button', { name: /^(Play|Continue)$/ }).click();
      await expect(storyLog(page)).toBeVisible();
      await audit(page, found, 'play screen');
      // The play's own address, and the story page listing the player's plays.
      await expect(page).toHaveURL(/\/play\/story\/\d+\/play\/\d+$/);
      const playUrl = page.url();
      await page.goto(storyUrl);
      await expect(page.getByRole('region', { name: 'Your plays' }).getByRole('listitem').first()).toBeVisible();
      await audit(page, found, 'story page (your plays)');
      // Opened from the list inside the page: a new document's idle reply stream would keep the network busy.
      await page.getByRole('region', { name: 'Your plays' }).getByRole('link', { name: /^Open the play started / }).first().click();
      await expect(page).toHaveURL(playUrl);
      await expect(storyLog(page)).toBeVisible();
      await audit(page, found, '/play/story/:id/play/:playId');
      // A story this account publishes, for the console's read-only view of a story version.
      const published = await ok<{ story_id: string }>(
        await page.request.post('/api/editor/story/create', { data: publishableStory(`Audited version ${size.name}`) }),
        'story/create',
      );
      const got = await ok<{ version: { version_id: string } }>(await page.request.get(`/api/editor/story/get?story_id=${published.story_id}`), 'story/get');
      // The console as an operator sees it (on a phone: its mobile page).
      await signInAsOperator(page);
      await page.goto('/ops');
      await audit(page, found, '/ops (operator)');
      for (const path of OPERATOR_ROUTES) {
        await page.goto(path);
        await audit(page, found, `${path} (operator)`);
      }
      await page.goto(`/ops/story/${published.story_id}/${got.version.version_id}`);
      await audit(page, found, '/ops/story/:storyId/:versionId (operator)');
      // The home with banners and a topic (made through the console's api), and the topic's page.
      const topic = await ok<{ topic_id: string }>(
        await page.request.post('/api/ops/topic/save', { data: { title: `Audited topic ${size.name}`, description: 'Checked by axe.', type: 'Top' } }),
        'topic/save',
      );
      const made = [{ kind: 'topic', id: topic.topic_id }];
      for (const title of [`Audited banner ${size.name}`, `Second banner ${size.name}`]) {
        const banner = await ok<{ banner_id: string }>(
          await page.request.post('/api/ops/banner/save', { data: { title, link: `/play/topic/${topic.topic_id}` } }),
          'banner/save',
        );
        made.push({ kind: 'banner', id: banner.banner_id });
      }
      const move = async (status: string) => {
        for (const { kind, id } of made) {
          await ok(await page.request.post(`/api/ops/${kind}/status`, { data: { [`${kind}_id`]: id, status } }), `${kind}/status`);
        }
      };
      await move('Published');
      try {
        await page.goto('/play');
        await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible();
        await audit(page, found, '/play (banners and topics)');
        await page.goto(`/play/topic/${topic.topic_id}`);
        await audit(page, found, '/play/topic/:id');
      } finally {
        await move('Offline');
      }
      expect(found).toEqual({});
    });
  });
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
