import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { ok, signInAsOperator, signInByPhone } from '../support/session';
import { publishableStory } from '../support/stories';

test.use({ viewport: { width: 1280, height: 800 } });

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
}

/** Publishes a story the automated review flags (the e2e word list's made-up word), and waits for its verdict. */
async function publishFlagged(request: APIRequestContext, name: string): Promise<string> {
  const saved = await ok<{ story_id: string }>(
    await request.post('/api/editor/story/create', { data: publishableStory(name, { summary: 'A zorblax sleeps under the island.' }) }),
    'story/create',
  );
  await expect
    .poll(async () => (await ok<{ story_info: { creator_status: string } }>(await request.get(`/api/editor/story/get?story_id=${saved.story_id}`), 'story/get')).story_info.creator_status, { timeout: 30_000 })
    .toBe('Failed');
  return saved.story_id;
}

test('a creator appeals a story an operator rejected; the operator approves it and it goes live', async ({ browser }) => {
  test.slow();
  const creator = await newPage(browser);
  const operator = await newPage(browser);
  await signInByPhone(creator.request, '661');
  await signInAsOperator(operator);
  const name = `Appeal the Lamp ${Date.now() % 100000}`;
  const storyId = await publishFlagged(creator.request, name);

  // The operator rejects it in the review console with a reason.
  await operator.goto(`/ops/review/${storyId}`);
  await expect(operator.getByRole('heading', { level: 1, name: `Review: ${name}` })).toBeVisible();
  await operator.getByRole('textbox', { name: 'Reason for Chapter 1: content' }).fill('The storm needs a chapter before the rescue');
  await operator.getByRole('button', { name: 'Reject' }).click();
  await expect(operator).not.toHaveURL(new RegExp(`/ops/review/${storyId}$`));

  // The creator reads the reason in the editor and in the inbox, then appeals.
  await creator.goto(`/editor/story/${storyId}`);
  await expect(creator.getByText('The storm needs a chapter before the rescue')).toBeVisible();
  await creator.goto('/account/inbox');
  await expect(creator.getByRole('link', { name: `Your story ${name} did not pass review` })).toBeVisible();
  await creator.goto(`/editor/story/${storyId}`);
  await creator.getByRole('button', { name: 'Appeal', exact: true }).click();
  const dialog = creator.getByRole('dialog', { name: 'Appeal the rejection' });
  await dialog.getByRole('textbox', { name: 'Why the decision should change' }).fill('The arrival is one short scene on purpose.');
  await expect(dialog.getByText('42/500')).toBeVisible();
  expect(await seriousViolations(creator)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send appeal' }).click();
  await expect(creator.getByText('Your appeal is waiting for an operator. Editing the story cancels it.')).toBeVisible();
  await expect(creator.getByRole('button', { name: 'Appeal', exact: true })).toHaveCount(0);

  // The operator finds it among the appeals, with the reasons and the creator's text, opens the version as it was
  // judged (read only: the review page's claim fails after a decision) and approves it from there.
  await operator.goto('/ops/appeals');
  const item = operator.getByRole('article', { name: `Story appeal: ${name}` });
  await expect(item).toContainText('The arrival is one short scene on purpose.');
  await expect(item).toContainText('The storm needs a chapter before the rescue');
  expect(await seriousViolations(operator)).toEqual([]);
  await item.getByRole('link', { name: `Open ${name} as judged` }).click();
  await expect(operator.getByRole('heading', { level: 1, name: `${name}, as judged` })).toBeVisible();
  const rejectedField = operator.getByRole('article').filter({ has: operator.getByRole('heading', { name: 'Chapter 1: content' }) });
  await expect(rejectedField.getByRole('note')).toHaveText('Rejected: The storm needs a chapter before the rescue');
  await expect(operator.getByRole('heading', { name: 'Opening line' })).toBeVisible();
  await expect(operator.getByText(/^Failed by Operator on/)).toBeVisible();
  await expect(operator.getByText('The arrival is one short scene on purpose.')).toBeVisible();
  await expect(operator.getByText('The creator has not edited the story since.')).toBeVisible();
  await expect(operator.getByRole('img', { name: 'Mira: picture' })).toBeAttached();
  expect(await operator.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousViolations(operator)).toEqual([]);
  await operator.getByRole('textbox', { name: 'Reason for the decision' }).fill('A short arrival is fine');
  await operator.getByRole('textbox', { name: 'Reason for the decision' }).blur();
  // The review page's shortcut: A approves.
  await operator.keyboard.press('a');
  await expect(operator.getByText('Appeal approved: the story is live.')).toBeVisible();
  await expect(operator.getByText(/^Approved \(appealed/)).toBeVisible();
  await operator.goto('/ops/appeals');
  await expect(operator.getByRole('heading', { level: 1, name: 'Appeals' })).toBeVisible();
  await expect(operator.getByRole('article', { name: `Story appeal: ${name}` })).toHaveCount(0);

  // Live: another person opens it on the story page; the creator is told in the inbox and the editor.
  await operator.goto(`/play/story/${storyId}`);
  await expect(operator.getByRole('heading', { level: 1, name })).toBeVisible();
  await creator.goto('/account/inbox');
  await expect(creator.getByRole('link', { name: `Your appeal for ${name} was approved: it is live` })).toBeVisible();
  await creator.getByRole('link', { name: `Your appeal for ${name} was approved: it is live` }).click();
  await expect(creator).toHaveURL(new RegExp(`/editor/story/${storyId}$`));
  await expect(creator.getByText('Your appeal was approved: this version is live.')).toBeVisible();
});
