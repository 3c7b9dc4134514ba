import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { openDemoPlay, sendTurn, storyLog } from '../support/play';
import { PHONE } from '../support/phone';
import { ok, signInAsOperator, signInByPhone } from '../support/session';

test.use(PHONE);

async function phonePerson(browser: Browser, areaCode: string): Promise<Page> {
  const page = await (await browser.newContext(PHONE)).newPage();
  await signInByPhone(page.request, areaCode);
  return page;
}

/** Opens a row's menu from the keyboard and picks an item with the keyboard too. */
async function pickFromRowMenu(page: Page, row: Locator, item: string): Promise<void> {
  const trigger = row.getByRole('button', { name: 'More for this reply' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const entry = page.getByRole('menuitem', { name: item });
  await expect(entry).toBeVisible();
  await entry.focus();
  await page.keyboard.press('Enter');
}

async function fileReport(page: Page, reason: string, part: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Report' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: reason }).click();
  await dialog.getByRole('checkbox', { name: part }).click();
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status', { name: /notifications/i })).toContainText('Thanks for your report');
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('a phone player likes a reply, gives Dissatisfied feedback with reasons, writes a remark, keeps all after a reload and edits the remark, reports the reply and a comment; the operator sees both reports', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  await signInByPhone(page.request, '731');
  await openDemoPlay(page);
  const storyId = /\/play\/story\/(\d+)\/play/.exec(page.url())?.[1];
  expect(storyId).toBeTruthy();
  await sendTurn(page, 'Maren, where do we keep the lamp oil?');

  // The newest AI reply of the turn: it has the like and the row menu.
  const reply = storyLog(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Like this reply' }) })
    .last();
  await expect(reply).toBeVisible();
  const seq = await reply.getAttribute('data-seq');
  const replyText = ((await reply.getByTestId('bubble-text').textContent()) ?? '').trim();
  expect(replyText.length).toBeGreaterThan(0);
  const like = reply.getByRole('button', { name: 'Like this reply' });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');

  // Feedback from the row's menu, by keyboard: Dissatisfied, two reasons and a note.
  await pickFromRowMenu(page, reply, 'Give feedback');
  const feedback = page.getByRole('dialog', { name: 'Feedback on this reply' });
  await expect(feedback).toBeVisible();
  await feedback.getByRole('radio', { name: 'Dissatisfied' }).check();
  await feedback.getByRole('checkbox', { name: 'Repetitive content' }).click();
  await feedback.getByRole('checkbox', { name: 'Inconsistent logic' }).click();
  await feedback.getByRole('textbox', { name: 'Anything else? (optional)' }).fill('She forgot the oil was in the shed.');
  await expect(feedback.getByText('35/500')).toBeVisible();
  await noSidewaysScroll(page);
  // The page behind the open dialog is hidden from assistive technology, so the dialog is audited as it stands.
  expect(await seriousViolations(page)).toEqual([]);
  await feedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(feedback).toBeHidden();
  await expect(reply.getByText('Your feedback: Dissatisfied')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A remark on the liked reply, from the same menu by keyboard, with its counter.
  await pickFromRowMenu(page, reply, 'Add a remark');
  const remark = page.getByRole('dialog', { name: 'Remark on this reply' });
  await expect(remark).toBeVisible();
  await remark.getByRole('textbox', { name: 'Your remark' }).fill('Maren at her most stubborn.');
  await expect(remark.getByText('27/500')).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await remark.getByRole('button', { name: 'Save remark' }).click();
  await expect(remark).toBeHidden();
  await expect(reply.getByTestId('reply-remark')).toHaveText('Your remark: Maren at her most stubborn.');
  await noSidewaysScroll(page);

  // After a reload all three are read back from the api.
  await page.reload();
  const again = storyLog(page).locator(`li[data-seq="${seq}"]`);
  await expect(again.getByRole('button', { name: 'Like this reply' })).toHaveAttribute('aria-pressed', 'true');
  await expect(again.getByText('Your feedback: Dissatisfied')).toBeVisible();
  await expect(again.getByTestId('reply-remark')).toHaveText('Your remark: Maren at her most stubborn.');
  await pickFromRowMenu(page, again, 'Edit your remark');
  const editing = page.getByRole('dialog', { name: 'Edit your remark' });
  await expect(editing.getByRole('textbox', { name: 'Your remark' })).toHaveValue('Maren at her most stubborn.');
  await editing.getByRole('textbox', { name: 'Your remark' }).fill('Maren, stubborn as the tide.');
  await editing.getByRole('button', { name: 'Save remark' }).click();
  await expect(editing).toBeHidden();
  await expect(again.getByTestId('reply-remark')).toHaveText('Your remark: Maren, stubborn as the tide.');
  await pickFromRowMenu(page, again, 'Change feedback');
  const kept = page.getByRole('dialog', { name: 'Feedback on this reply' });
  await expect(kept.getByRole('radio', { name: 'Dissatisfied' })).toBeChecked();
  await expect(kept.getByRole('checkbox', { name: 'Repetitive content' })).toHaveAttribute('aria-checked', 'true');
  await expect(kept.getByRole('checkbox', { name: 'Inconsistent logic' })).toHaveAttribute('aria-checked', 'true');
  await expect(kept.getByRole('checkbox', { name: 'Content is disturbing' })).toHaveAttribute('aria-checked', 'false');
  await expect(kept.getByRole('textbox', { name: 'Anything else? (optional)' })).toHaveValue('She forgot the oil was in the shed.');
  await kept.getByRole('button', { name: 'Cancel' }).click();
  await expect(kept).toBeHidden();

  // Report the reply.
  await pickFromRowMenu(page, again, 'Report this reply');
  await fileReport(page, 'Harassment or bullying', 'Message');
  await noSidewaysScroll(page);

  // Someone else's comment on the story has a report entry; the player's own has none.
  const commenter = await phonePerson(browser, '732');
  const theirs = `Worst lighthouse keeper ever ${Date.now()}`;
  await ok(await commenter.request.post('/api/interact/comment/post', { data: { story_id: storyId, text: theirs } }), 'comment/post');
  const mine = `I liked the storm ${Date.now()}`;
  await ok(await page.request.post('/api/interact/comment/post', { data: { story_id: storyId, text: mine } }), 'comment/post');
  await page.goto(`/play/story/${storyId}`);
  const theirComment = page.getByRole('article').filter({ hasText: theirs });
  const myComment = page.getByRole('article').filter({ hasText: mine });
  await expect(theirComment).toBeVisible();
  await expect(myComment).toBeVisible();
  await expect(myComment.getByRole('button', { name: /^Report/ })).toHaveCount(0);
  await theirComment.getByRole('button', { name: /^Report the comment by / }).click();
  await fileReport(page, 'Harassment or bullying', 'Text');
  await noSidewaysScroll(page);

  const reports = await ok<{ list: Array<{ target_type: string; target_name: string }> }>(await page.request.get('/api/report/story_list'), 'report/story_list');
  expect(reports.list.map((r) => r.target_type).sort()).toEqual(['comment', 'dialogue']);

  // The operator finds both in the console's Reports page.
  const operator = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInAsOperator(operator);
  await operator.goto('/ops');
  await operator.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' }).click();
  await expect(operator.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  // Newest first: these two are on the first page however many items other journeys left open.
  const table = operator.getByRole('table', { name: 'Reported content' });
  await table.getByRole('button', { name: 'Last report' }).click();
  await expect(table.getByRole('columnheader', { name: 'Last report' })).toHaveAttribute('aria-sort', 'descending');
  await expect(operator).toHaveURL(/[?&]sort=newest/);
  const commentRow = table.getByRole('row').filter({ hasText: theirs });
  await expect(commentRow).toHaveCount(1);
  await expect(commentRow).toContainText('Comment');
  const lineName = reports.list.find((r) => r.target_type === 'dialogue')!.target_name;
  const lineRow = table.getByRole('row').filter({ hasText: lineName.slice(0, 40) }).filter({ hasText: 'Chat line' });
  await expect(lineRow.first()).toBeVisible();
  await commentRow.getByRole('link').click();
  await expect(operator.getByText(theirs).first()).toBeVisible();
  await expect(operator.getByText('Harassment: text')).toBeVisible();
});

test.describe('at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, userAgent: undefined });

  test('the reply actions fit beside the log, the menu opens by pointer, a like is undone and feedback is given Average in Chinese', async ({ page }) => {
    test.setTimeout(90_000);
    await signInByPhone(page.request, '737');
    await openDemoPlay(page);
    await sendTurn(page, 'Ezra, is the radio working tonight?');
    const reply = storyLog(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Like this reply' }) })
      .last();
    const like = reply.getByRole('button', { name: 'Like this reply' });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await noSidewaysScroll(page);

    // The same in Chinese (the language the header's switcher keeps).
    await page.evaluate(() => localStorage.setItem('sv:language', 'zh-CN'));
    await page.reload();
    const row = page.getByRole('log', { name: '故事对话' }).getByRole('listitem').filter({ has: page.getByRole('button', { name: '赞这条回复' }) }).last();
    await expect(row.getByRole('button', { name: '赞这条回复' })).toHaveAttribute('aria-pressed', 'false');
    await row.getByRole('button', { name: '这条回复的更多操作' }).click();
    await page.getByRole('menuitem', { name: '反馈' }).click();
    const dialog = page.getByRole('dialog', { name: '对这条回复的反馈' });
    await dialog.getByRole('radio', { name: '一般' }).check();
    await expect(dialog.getByRole('checkbox')).toHaveCount(0);
    await dialog.getByRole('button', { name: '提交反馈' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('你的反馈：一般')).toBeVisible();
    await noSidewaysScroll(page);
  });
});
