import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ok, signInAsOperator, signInByPhone } from '../support/session';
import { publishableStory } from '../support/stories';

test.use({ viewport: { width: 1280, height: 800 } });

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
}

/** Whether a chart's canvas has anything drawn on it (some pixel not fully transparent). */
function drawn(canvas: Locator): Promise<boolean> {
  return canvas.evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
    return false;
  });
}

test('the dashboard after a decision; mail reaches a player live; a push shows as a banner', async ({ browser }) => {
  test.slow();
  const player = await newPage(browser);
  const operator = await newPage(browser);
  await signInByPhone(player.request, '732');
  const me = await ok<{ uid: string }>(await player.request.get('/api/tyler/user/detail'), 'user/detail');
  await signInAsOperator(operator);

  // A story the automated review flags, which the operator then decides on (the operator's own: the player's inbox
  // stays empty until the mail).
  const saved = await ok<{ story_id: string }>(
    await operator.request.post('/api/editor/story/create', { data: publishableStory('Dashboard story', { summary: 'A zorblax sleeps under the island.' }) }),
    'story/create',
  );
  await expect
    .poll(async () => (await ok<{ story_info: { creator_status: string } }>(await operator.request.get(`/api/editor/story/get?story_id=${saved.story_id}`), 'story/get')).story_info.creator_status, { timeout: 30_000 })
    .toBe('Failed');
  await ok(await operator.request.post('/api/ops/review/claim', { data: { story_id: saved.story_id } }), 'review/claim');
  await ok(await operator.request.post('/api/ops/review/decide', { data: { story_id: saved.story_id, decision: 'Passed' } }), 'review/decide');

  // The dashboard is under Insight in the console's navigation; its charts are drawn, and their tables hold the decision.
  await operator.goto('/ops');
  const nav = operator.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('list', { name: 'Insight' }).getByRole('link').first()).toHaveText('Dashboard');
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(operator.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const charts = operator.getByRole('img', { name: /the table below gives the same figures/ });
  await expect.poll(() => charts.count()).toBeGreaterThanOrEqual(3);
  for (const canvas of await charts.all()) await expect.poll(() => drawn(canvas)).toBe(true);
  const perOperator = operator.getByRole('table', { name: 'Decisions per operator', includeHidden: true });
  await expect(perOperator.getByRole('row', { includeHidden: true })).not.toHaveCount(1);
  const reviews = await perOperator.getByRole('row', { includeHidden: true }).nth(1).locator('td').first().textContent();
  expect(Number(reviews)).toBeGreaterThanOrEqual(1);

  // The player has the app open; the operator mails them from the Mail page.
  await player.goto('/play');
  await expect(player.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
  await nav.getByRole('link', { name: 'Mail and pushes' }).click();
  const mail = operator.getByRole('region', { name: 'Mail to the inbox' });
  await mail.getByRole('textbox', { name: 'User ID or uid' }).fill(me.uid);
  await mail.getByRole('textbox', { name: 'Title' }).fill('Welcome to the new season');
  await mail.getByRole('textbox', { name: /^Text/ }).fill('Stories of the sea start today.');
  await mail.getByRole('button', { name: 'Send mail' }).click();
  await expect(mail.getByRole('status')).toHaveText('Mail sent to 1 account.');
  // The dot lights without a reload; the player reads the mail.
  await expect(player.getByRole('link', { name: 'Inbox (1 unread)' })).toBeVisible();
  await player.getByRole('link', { name: 'Inbox (1 unread)' }).click();
  await expect(player.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  const line = player.getByRole('listitem').filter({ hasText: 'Message from the team: Welcome to the new season' });
  await expect(line).toContainText('Stories of the sea start today.');
  await expect(player.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();

  // A push to everyone online shows on the player's screen as a banner.
  const push = operator.getByRole('region', { name: 'Push to people online' });
  await push.getByRole('combobox', { name: 'To' }).click();
  await operator.getByRole('option', { name: 'Everyone' }).click();
  await push.getByRole('textbox', { name: 'Title' }).fill('Live event tonight');
  await push.getByRole('textbox', { name: /^Text/ }).fill('Join the story contest at 20:00.');
  await push.getByRole('textbox', { name: /^Link/ }).fill('/play');
  await push.getByRole('button', { name: 'Send push' }).click();
  await expect(push.getByRole('status')).toHaveText('Push sent to everyone online.');
  const banner = player.getByRole('region', { name: 'Message from the team' });
  await expect(banner).toContainText('Live event tonight');
  await expect(banner).toContainText('Join the story contest at 20:00.');
  await banner.getByRole('button', { name: 'Dismiss the message' }).click();
  await expect(banner).toHaveCount(0);

  // Both sends are in the audit log, found by the search and by the filters.
  await operator.goto('/ops/audit');
  const log = operator.getByRole('table', { name: 'Operator actions' });
  await operator.getByRole('searchbox', { name: 'Search reasons and targets' }).fill('Live event tonight');
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log).toContainText('push.send');
  await operator.getByRole('searchbox', { name: 'Search reasons and targets' }).fill('');
  await operator.getByRole('combobox', { name: 'Action' }).click();
  await operator.getByRole('option', { name: 'review.decide' }).click();
  await operator.getByRole('textbox', { name: 'Target id' }).fill(saved.story_id);
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log).toContainText('review.decide');
  await operator.getByRole('combobox', { name: 'Action' }).click();
  await operator.getByRole('option', { name: 'story.operate' }).click();
  await expect(operator.getByText('No actions recorded')).toBeVisible();
});
