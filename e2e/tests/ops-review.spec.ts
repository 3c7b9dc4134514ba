import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ok, signInAsOperator, signInByPhone } from '../support/session';
import { publishableStory } from '../support/stories';

test.use({ viewport: { width: 1280, height: 800 } });

async function publishFlagged(request: APIRequestContext, name: string): Promise<string> {
  const saved = await ok<{ story_id: string }>(await request.post('/api/editor/story/create', { data: publishableStory(name, { summary: 'A zorblax sleeps under the island.' }) }), 'story/create');
  // The e2e product holds a publish under review for 4 s; then the automated review fails it.
  await expect
    .poll(async () => (await ok<{ story_info: { creator_status: string } }>(await request.get(`/api/editor/story/get?story_id=${saved.story_id}`), 'story/get')).story_info.creator_status, { timeout: 30_000 })
    .toBe('Failed');
  return saved.story_id;
}

async function pages(browser: Browser): Promise<{ creator: Page; operator: Page }> {
  const creator = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const operator = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInByPhone(creator.request, '657');
  await signInAsOperator(operator);
  return { creator, operator };
}

test('an operator rejects a flagged story with a reason the creator reads in the editor, then approves another', async ({ browser }) => {
  const { creator, operator } = await pages(browser);
  const rejectId = await publishFlagged(creator.request, 'Reject me');
  const approveId = await publishFlagged(creator.request, 'Approve me');

  await operator.goto('/ops');
  await expect(operator.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  const queue = operator.getByRole('table', { name: 'Review queue' });
  await expect(queue.getByRole('link', { name: 'Review: Approve me' })).toBeVisible();
  await queue.getByRole('link', { name: 'Review: Reject me' }).click();
  await expect(operator).toHaveURL(new RegExp(`/ops/review/${rejectId}$`));
  await expect(operator.getByRole('heading', { level: 1, name: 'Review: Reject me' })).toBeVisible();
  await expect(operator.locator('[data-field="summary"]').getByRole('note')).toContainText('Flagged');

  // Reject needs a reason; R is the shortcut.
  await operator.keyboard.press('r');
  await expect(operator.getByRole('main').getByRole('status')).toHaveText('Give a reason for at least one field to reject.');
  await operator.getByRole('textbox', { name: 'Reason for Chapter 1: content' }).fill('The arrival needs a scene of its own');
  await operator.getByRole('button', { name: 'Reject' }).click();
  // Next: the other flagged story opens.
  await expect(operator).toHaveURL(new RegExp(`/ops/review/${approveId}$`));

  await creator.goto(`/editor/story/${rejectId}`);
  await expect(creator.getByText('The arrival needs a scene of its own')).toBeVisible();

  // Approve with the A key.
  await expect(operator.getByRole('heading', { level: 1, name: 'Review: Approve me' })).toBeVisible();
  await operator.keyboard.press('a');
  await expect(operator).toHaveURL(/\/ops$/);
  await expect(operator.getByRole('link', { name: 'Review: Approve me' })).toHaveCount(0);
  await expect
    .poll(async () => (await ok<{ story_info: { creator_status: string; display_status: string } }>(await creator.request.get(`/api/editor/story/get?story_id=${approveId}`), 'story/get')).story_info)
    .toMatchObject({ creator_status: 'Passed', display_status: 'Published' });

  await operator.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await operator.getByRole('searchbox', { name: 'Search reasons and targets' }).fill('scene of its own');
  const audit = operator.getByRole('table', { name: 'Operator actions' });
  await expect(audit.getByRole('row')).toHaveCount(2);
  await expect(audit).toContainText('review.decide');
  await expect(audit).toContainText(rejectId);
});
