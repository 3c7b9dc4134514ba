import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_STORY, openDemoPlay, sendTurn, storyLog } from '../support/play';
import { ok, signInAsOperator, signInByPhone } from '../support/session';

interface Person {
  page: Page;
  uid: string;
}

async function person(browser: Browser, areaCode: string): Promise<Person> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInByPhone(page.request, areaCode);
  const me = await ok<{ uid: string }>(await page.request.get('/api/tyler/user/detail'), 'user/detail');
  return { page, uid: me.uid };
}

/** The banner with this title on the home (shown or waiting its turn in the carousel). */
const bannerOn = (page: Page, title: string) => page.locator('[aria-roledescription="slide"]', { hasText: title });
const topicsOn = (page: Page) => page.getByRole('region', { name: 'Topics' });

/** Opens the home and waits until its banners and topics have been read (the published topic is the sign). */
async function openHome(page: Page, topicTitle: string): Promise<void> {
  await page.goto('/play');
  await expect(topicsOn(page).getByRole('link', { name: new RegExp(topicTitle) })).toBeVisible();
}

test('an operator schedules a banner and a topic: Testing is seen by the whitelist only, Published by everyone; the topic page lists its stories', async ({
  browser,
  page: operator,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const topicTitle = `Sea tales ${stamp}`;
  const bannerTitle = `Storm week ${stamp}`;
  const tester = await person(browser, '214');
  const other = await person(browser, '305');

  const feed = await ok<{ stories: Array<{ story_id: string; story_name: string }> }>(
    await operator.request.get('/api/tyler/story/list?count=50'),
    'story/list',
  );
  const demo = feed.stories.find((s) => s.story_name === DEMO_STORY)!;
  expect(demo).toBeTruthy();

  await signInAsOperator(operator);
  await operator.goto('/ops/home');
  await expect(operator.getByRole('heading', { level: 1, name: 'Home content' })).toBeVisible();

  // A Top topic with the demo story, published.
  const topicForm = operator.getByRole('form', { name: 'New topic' });
  await topicForm.getByRole('textbox', { name: 'Title' }).fill(topicTitle);
  await topicForm.getByRole('textbox', { name: 'Description' }).fill('Storms, lighthouses and the deep.');
  await topicForm.getByRole('combobox', { name: 'Topic type' }).click();
  await operator.getByRole('option', { name: 'Top' }).click();
  await topicForm.getByRole('textbox', { name: 'Story IDs' }).fill(demo.story_id);
  await topicForm.getByRole('button', { name: 'Save' }).click();
  const topics = operator.getByRole('table', { name: 'Topics' });
  await expect(topics.getByRole('row', { name: new RegExp(topicTitle) })).toBeVisible();
  await topics.getByRole('button', { name: `Publish: ${topicTitle}` }).click();
  await expect(topics.getByRole('row', { name: new RegExp(topicTitle) })).toContainText('Published');
  const topicList = await ok<{ list: Array<{ topic_id: string; title: string }> }>(await operator.request.get('/api/ops/topic/list'), 'topic/list');
  const topicId = topicList.list.find((t) => t.title === topicTitle)!.topic_id;

  // A banner leading to the topic, in Testing for one account.
  const bannerForm = operator.getByRole('form', { name: 'New banner' });
  await bannerForm.getByRole('textbox', { name: 'Title' }).fill(bannerTitle);
  await bannerForm.getByRole('textbox', { name: 'Link' }).fill(`/play/topic/${topicId}`);
  await bannerForm.getByRole('textbox', { name: 'Test whitelist (user IDs)' }).fill(tester.uid);
  await bannerForm.getByRole('button', { name: 'Save' }).click();
  const banners = operator.getByRole('table', { name: 'Banners' });
  await expect(banners.getByRole('row', { name: new RegExp(bannerTitle) })).toBeVisible();
  await banners.getByRole('button', { name: `Test: ${bannerTitle}` }).click();
  await expect(banners.getByRole('row', { name: new RegExp(bannerTitle) })).toContainText('Testing');

  // Whatever happens below, the banner and the topic leave the home afterwards: later specs read the feed as it was.
  try {
    await testingAndPublished(operator, tester, other, { topicTitle, bannerTitle, topicId });
  } finally {
    const banner = (await ok<{ list: Array<{ banner_id: string; title: string; status: string }> }>(await operator.request.get('/api/ops/banner/list'), 'banner/list')).list.find((x) => x.title === bannerTitle);
    const topic = (await ok<{ list: Array<{ topic_id: string; title: string; status: string }> }>(await operator.request.get('/api/ops/topic/list'), 'topic/list')).list.find((x) => x.title === topicTitle);
    if (banner && ['Testing', 'Published'].includes(banner.status)) await ok(await operator.request.post('/api/ops/banner/status', { data: { banner_id: banner.banner_id, status: 'Offline' } }), 'banner/status');
    if (topic && ['Testing', 'Published'].includes(topic.status)) await ok(await operator.request.post('/api/ops/topic/status', { data: { topic_id: topic.topic_id, status: 'Offline' } }), 'topic/status');
  }
});

/** From Testing (the whitelist only) to Published (everyone), the topic page, and the topic taken offline. */
async function testingAndPublished(
  operator: Page,
  tester: Person,
  other: Person,
  { topicTitle, bannerTitle, topicId }: { topicTitle: string; bannerTitle: string; topicId: string },
): Promise<void> {
  const topics = operator.getByRole('table', { name: 'Topics' });
  const banners = operator.getByRole('table', { name: 'Banners' });
  // The whitelisted player sees it; the other does not (their home has loaded: the topic is there).
  await openHome(tester.page, topicTitle);
  await expect(bannerOn(tester.page, bannerTitle)).toHaveCount(1);
  await openHome(other.page, topicTitle);
  await expect(bannerOn(other.page, bannerTitle)).toHaveCount(0);

  // Published: both see it.
  await banners.getByRole('button', { name: `Publish: ${bannerTitle}` }).click();
  await expect(banners.getByRole('row', { name: new RegExp(bannerTitle) })).toContainText('Published');
  await openHome(other.page, topicTitle);
  await expect(bannerOn(other.page, bannerTitle)).toHaveCount(1);
  await openHome(tester.page, topicTitle);
  await expect(bannerOn(tester.page, bannerTitle)).toHaveCount(1);

  // The topic row, Top first, leads to the topic page, which lists its stories; so does the banner.
  const chip = topicsOn(other.page).getByRole('link', { name: new RegExp(topicTitle) });
  await expect(chip).toContainText('Top');
  await chip.click();
  await expect(other.page).toHaveURL(new RegExp(`/play/topic/${topicId}$`));
  await expect(other.page.getByRole('heading', { level: 1, name: topicTitle })).toBeVisible();
  await expect(other.page.getByText('Storms, lighthouses and the deep.')).toBeVisible();
  await expect(other.page.getByRole('link', { name: DEMO_STORY })).toBeVisible();
  await other.page.getByRole('link', { name: DEMO_STORY }).click();
  await expect(other.page.getByRole('heading', { level: 1, name: DEMO_STORY })).toBeVisible();

  // With other banners the carousel turns: paused, the picker brings this one up.
  const pick = tester.page.getByRole('button', { name: `Show ${bannerTitle}` });
  if ((await pick.count()) > 0) {
    await tester.page.getByRole('button', { name: 'Pause' }).click();
    await pick.click();
  }
  await bannerOn(tester.page, bannerTitle).getByRole('link', { name: bannerTitle }).click();
  await expect(tester.page.getByRole('heading', { level: 1, name: topicTitle })).toBeVisible();

  // Taken offline, the topic page says so as a page.
  await topics.getByRole('button', { name: `Take offline: ${topicTitle}` }).click();
  await expect(topics.getByRole('row', { name: new RegExp(topicTitle) })).toContainText('Offline');
  await tester.page.reload();
  await expect(tester.page.getByRole('heading', { level: 1, name: 'Topic unavailable' })).toBeVisible();
  await expect(tester.page.getByRole('alert')).not.toBeEmpty();
}

test('a played story shows in Chats and History; Continue resumes it; deleting it from History takes it out of both', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByPhone(page.request, '404');
  await openDemoPlay(page);
  await sendTurn(page, 'Who keeps the lamp?');

  await page.goto('/play');
  await page.getByRole('tab', { name: 'Chats' }).click();
  const chats = page.getByRole('tabpanel', { name: 'Chats' });
  const chat = chats.getByRole('listitem').filter({ has: page.getByRole('link', { name: DEMO_STORY }) });
  await expect(chat).toBeVisible();
  await expect(chat).toContainText(/Played (just now|\d+ minutes? ago)/);
  await chat.getByRole('link', { name: `Continue ${DEMO_STORY}` }).click();
  await expect(storyLog(page)).toContainText('Who keeps the lamp?');

  await page.goto('/play');
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('tabpanel', { name: 'History' });
  await expect(history.getByRole('link', { name: DEMO_STORY })).toBeVisible();
  await history.getByRole('button', { name: `Delete ${DEMO_STORY} from history` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete from history?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(history).toHaveText('Your play history is empty.');
  await page.getByRole('tab', { name: 'Chats' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Chats' })).toHaveText('Your conversations with story characters show up here.');
  // A reload reads the same from the api.
  await page.reload();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('tabpanel', { name: 'History' })).toHaveText('Your play history is empty.');
});

test('an older play opens from the story page and keeps its own address through a reload; Chats Continue opens that exact play; another account gets none of its history', async ({ browser, page }) => {
  test.setTimeout(150_000);
  await signInByPhone(page.request, '405');
  await openDemoPlay(page);
  await sendTurn(page, 'First visit: where is the oil?');
  // The play's id is written in the address once it is open.
  await expect(page).toHaveURL(/\/play\/story\/\d+\/play\/\d+$/);
  const firstUrl = page.url();
  const storyUrl = firstUrl.replace(/\/play\/\d+$/, '');

  // A second play, from the story page's Start over.
  await page.goto(storyUrl);
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page).toHaveURL(/\/play\/story\/\d+\/play\/\d+$/);
  await expect.poll(() => page.url()).not.toBe(firstUrl);
  await sendTurn(page, 'Second visit: a fresh start.');
  const secondUrl = page.url();

  // The story page lists both, newest first, with the chapter reached; the older one opens by its own address.
  await page.goto(storyUrl);
  const plays = page.getByRole('region', { name: 'Your plays' });
  await expect(plays.getByRole('listitem')).toHaveCount(2);
  await expect(plays.getByRole('listitem').first()).toContainText('Latest');
  await expect(plays.getByRole('listitem').nth(1)).toContainText(/Chapter \d+ of \d+/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await plays.getByRole('listitem').nth(1).getByRole('link', { name: /^Open the play started / }).click();
  await expect(page).toHaveURL(firstUrl);
  await expect(storyLog(page)).toContainText('First visit: where is the oil?');
  await expect(storyLog(page)).not.toContainText('Second visit');
  await page.reload();
  await expect(storyLog(page)).toContainText('First visit: where is the oil?');
  await expect(storyLog(page)).not.toContainText('Second visit');
  await expect(page).toHaveURL(firstUrl);

  // Chats' Continue opens the very play its card shows (the one played last: the second, opened again here).
  await page.goto(secondUrl);
  await expect(storyLog(page)).toContainText('Second visit: a fresh start.');
  await page.goto('/play');
  await page.getByRole('tab', { name: 'Chats' }).click();
  const chat = page.getByRole('tabpanel', { name: 'Chats' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: DEMO_STORY }) });
  const go = chat.getByRole('link', { name: `Continue ${DEMO_STORY}` });
  await expect(go).toHaveAttribute('href', new URL(secondUrl).pathname);
  await go.click();
  await expect(storyLog(page)).toContainText('Second visit: a fresh start.');
  await expect(storyLog(page)).not.toContainText('First visit');

  // Someone else opening the first play's address is refused and sees nothing of it.
  const other = await person(browser, '406');
  await other.page.goto(firstUrl);
  await expect(other.page.getByRole('heading', { level: 1, name: 'Cannot open this story' })).toBeVisible();
  await expect(other.page.getByRole('alert')).not.toBeEmpty();
  await expect(other.page.getByText('First visit: where is the oil?')).toHaveCount(0);
  await other.page.context().close();
});
