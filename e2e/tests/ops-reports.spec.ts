import { expect, test, type Browser, type Page } from '@playwright/test';
import { ok, signInAsOperator, signInByPhone } from '../support/session';
import { publishableStory } from '../support/stories';

test.use({ viewport: { width: 1280, height: 800 } });

async function person(browser: Browser, areaCode: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInByPhone(page.request, areaCode);
  return page;
}

async function reportStory(page: Page, storyId: string, reason: string, part: string): Promise<void> {
  await page.goto(`/play/story/${storyId}`);
  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: reason }).click();
  await dialog.getByRole('checkbox', { name: part }).click();
  await dialog.getByRole('textbox', { name: 'Details (optional)' }).fill('The rim scene is graphic.');
  await expect(dialog.getByText('25/300')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status', { name: /notifications/i })).toContainText('Thanks for your report');
}

test('two players report one story; the operator sees one item with a count of 2, removes the story, and both reporters are told', async ({ browser }) => {
  test.setTimeout(120_000);
  const creator = await person(browser, '718');
  const saved = await ok<{ story_id: string }>(await creator.request.post('/api/editor/story/create', { data: publishableStory('The Quarry Rim') }), 'story/create');
  const storyId = saved.story_id;
  await expect
    .poll(async () => (await (await creator.request.get(`/api/tyler/detail?story_id=${storyId}`)).json()).status_code, { timeout: 30_000 })
    .toBe(0);

  const first = await person(browser, '702');
  const second = await person(browser, '703');
  await reportStory(first, storyId, 'Violence', 'Chapters');
  await reportStory(second, storyId, 'Sexual content', 'Cover');

  const operator = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInAsOperator(operator);
  await operator.goto('/ops');
  await operator.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' }).click();
  await expect(operator.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const row = operator.getByRole('table', { name: 'Reported content' }).getByRole('row').filter({ hasText: 'The Quarry Rim' });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('report-count')).toHaveText('2');
  await row.getByRole('link', { name: 'Open The Quarry Rim' }).click();

  await expect(operator.getByRole('heading', { level: 1, name: 'Report: The Quarry Rim' })).toBeVisible();
  await expect(operator.getByRole('heading', { level: 3, name: 'The Quarry Rim' })).toBeVisible();
  await expect(operator.getByText('Violence: chapters')).toBeVisible();
  await expect(operator.getByText('Sexual content: cover')).toBeVisible();
  await operator.getByRole('combobox', { name: 'Action' }).click();
  await operator.getByRole('option', { name: 'Remove the content' }).click();
  await operator.getByRole('textbox', { name: 'Note for the log and the author' }).fill('Graphic scene');
  await operator.getByRole('button', { name: 'Resolve' }).click();
  await expect(operator).toHaveURL(/\/ops\/reports$/);
  await expect(operator.getByRole('link', { name: 'Open The Quarry Rim' })).toHaveCount(0);

  // The story is offline for players, and each reporter has the result in their inbox.
  expect((await (await first.request.get(`/api/tyler/detail?story_id=${storyId}`)).json()).status_code).toBe(2001);
  for (const reporter of [first, second]) {
    const inbox = await ok<{ list: Array<{ kind: string; story_id: string; text: string }>; unread: number }>(await reporter.request.get('/api/notice_box/list'), 'notice_box/list');
    expect(inbox.list).toContainEqual(expect.objectContaining({ kind: 'ReportResult', story_id: storyId, text: 'Remove' }));
    expect(inbox.unread).toBeGreaterThan(0);
    const mine = await ok<{ list: Array<{ target_id: string; status: string; outcome: string }> }>(await reporter.request.get('/api/report/story_list'), 'report/story_list');
    expect(mine.list[0]).toMatchObject({ target_id: storyId, status: 'Resolved', outcome: 'Remove' });
  }
  const audit = await ok<{ list: Array<{ action: string }> }>(await operator.request.get(`/api/ops/audit/list?target_id=${storyId}`), 'audit/list');
  expect(audit.list.map((r) => r.action)).toEqual(['report.resolve', 'report.remove']);
});

test('an operator without the moderator permission is refused the reports', async ({ browser }) => {
  const reviewer = await person(browser, '724');
  const me = await ok<{ uid: string }>(await reviewer.request.get('/api/tyler/user/detail'), 'user/detail');
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInAsOperator(admin);
  await admin.goto('/ops/permissions');
  await admin.getByRole('textbox', { name: 'User ID or uid' }).fill(me.uid);
  await admin.getByRole('button', { name: 'Grant' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Permission granted.' })).toBeVisible();

  await reviewer.goto('/ops');
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await expect(reviewer.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' })).toHaveCount(0);
  const refused = await reviewer.request.get('/api/ops/report/queue');
  expect((await refused.json()).status_code).toBe(1008);
  await reviewer.goto('/ops/reports');
  await expect(reviewer).toHaveURL(/\/editor\/no-access$/);
});
