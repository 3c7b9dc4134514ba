import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { ok, signInAsDemoCreator, signInAsOperator, signInByPhone } from '../support/session';
import { SIZES } from '../support/sizes';

/** The Monday (UTC) of the week `at` falls in, and its Sunday: the weekly report's week. */
function weekOf(at: number): { monday: string; sunday: string } {
  const d = new Date(at);
  const monday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - ((d.getUTCDay() + 6) % 7) * 86_400_000;
  return { monday: new Date(monday).toISOString().slice(0, 10), sunday: new Date(monday + 6 * 86_400_000).toISOString().slice(0, 10) };
}

for (const size of SIZES) {
  test.describe(`${size.name}`, () => {
    test.use(size.use);

    test(`at ${size.name} size: after the weekly job runs, the creator's report is in the inbox and its page charts the week`, async ({ page, playwright, baseURL }) => {
      test.setTimeout(120_000);
      await signInAsDemoCreator(page);
      const me = await ok<{ uid: string }>(await page.request.get('/api/tyler/user/detail'), 'user/detail');
      const feed = await ok<{ stories: { story_id: string; creator: { uid: string } }[] }>(await page.request.get('/api/tyler/story/list?count=50'), 'story/list');
      const story = feed.stories.find((s) => s.creator.uid === me.uid)!;
      // Someone else opens the creator's story page and likes it this week.
      const viewer = await playwright.request.newContext({ baseURL });
      await signInByPhone(viewer, size.name === 'phone' ? '303' : '304');
      await ok(await viewer.get(`/api/tyler/detail?story_id=${story.story_id}`), 'detail');
      await ok(await viewer.post('/api/interact/story/like', { data: { story_id: story.story_id, like: true } }), 'like');
      await viewer.dispose();

      const { monday, sunday } = weekOf(Date.now());
      await ok(await page.request.post('/api/dev/weekly_report', { data: { week: monday } }), 'dev/weekly_report');
      await page.goto('/account/inbox');
      await page.getByRole('link', { name: `Your weekly report for ${monday} to ${sunday} is ready` }).first().click();
      await expect(page).toHaveURL(new RegExp(`/account/weekly/${monday}$`));
      await expect(page.getByRole('heading', { name: `${monday} to ${sunday}` })).toBeVisible();
      await expect(page.getByTestId('weekly-chart').locator('canvas')).toBeVisible();
      await expect(page.getByTestId('weekly-viewCount')).not.toHaveText('0');
      await expect(page.getByTestId('weekly-popular')).toContainText(/views/);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`at ${size.name} size: feedback sent from settings is answered on the console and the answer is seen by its sender`, async ({ page, browser }) => {
      test.setTimeout(120_000);
      await signInByPhone(page.request, size.name === 'phone' ? '305' : '306');
      await page.goto('/account/settings');
      await page.getByRole('link', { name: 'Feedback' }).click();
      await expect(page).toHaveURL(/\/account\/feedback$/);
      const text = `The chapter list jumps when I scroll (${size.name}).`;
      await page.getByRole('textbox', { name: 'Your feedback' }).fill(text);
      await page.getByRole('button', { name: 'Send feedback' }).click();
      const item = page.getByTestId('feedback-item').filter({ hasText: text });
      await expect(item).toContainText('Waiting for an answer');
      expect(await seriousViolations(page)).toEqual([]);

      // An operator answers from the console's Feedback page (the console is for computers).
      const opsContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const ops = await opsContext.newPage();
      await signInAsOperator(ops);
      await ops.goto('/ops');
      await ops.getByRole('link', { name: 'Feedback' }).click();
      await expect(ops).toHaveURL(/\/ops\/feedback$/);
      const card = ops.getByTestId('ops-feedback-item').filter({ hasText: text });
      await card.getByRole('textbox', { name: 'Answer' }).fill('Thanks, we are fixing the scroll.');
      await card.getByRole('button', { name: 'Send answer' }).click();
      await expect(card.getByRole('status')).toHaveText('Answer sent to the inbox.');
      await expect(card).toContainText('Answered');
      expect(await seriousViolations(ops)).toEqual([]);
      await opsContext.close();

      await page.goto('/account/inbox');
      await page.getByRole('link', { name: 'The team answered your feedback' }).first().click();
      await expect(page).toHaveURL(/\/account\/feedback$/);
      await expect(item).toContainText('Answered');
      await expect(item).toContainText('Thanks, we are fixing the scroll.');
    });
  });
}
