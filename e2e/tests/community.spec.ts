import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { storyLog } from '../support/play';
import { ok, signInByPhone } from '../support/session';
import { publishableStory } from '../support/stories';

test.use({ viewport: { width: 1280, height: 800 } });

/** Publishes a story and waits until players can open it. */
async function publish(request: APIRequestContext, name: string): Promise<string> {
  const saved = await ok<{ story_id: string }>(await request.post('/api/editor/story/create', { data: publishableStory(name) }), 'story/create');
  // The e2e product holds a publish under review for 4 s before the automated review passes it.
  await expect
    .poll(async () => ((await (await request.get(`/api/tyler/detail?story_id=${saved.story_id}`)).json()) as { status_code: number }).status_code, {
      timeout: 30_000,
    })
    .toBe(0);
  return saved.story_id;
}

interface Person {
  page: Page;
  uid: string;
  nick: string;
}

async function person(browser: Browser, areaCode: string): Promise<Person> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInByPhone(page.request, areaCode);
  const me = await ok<{ uid: string; user_nick: string }>(await page.request.get('/api/tyler/user/detail'), 'user/detail');
  return { page, uid: me.uid, nick: me.user_nick };
}

const comments = (page: Page) => page.getByRole('region', { name: /^Comments/ });

test('two people: likes, comments, a follow and the inbox live; a pin and a reply; a block; a share link signed out', async ({ browser }) => {
  test.setTimeout(180_000);
  const a = await person(browser, '503');
  const b = await person(browser, '971');
  const [storyA, storyB] = await Promise.all([publish(a.page.request, 'Keeper of the Storm'), publish(b.page.request, 'Harbour Lights')]);

  // A has their story open; B opens it too.
  await a.page.goto(`/play/story/${storyA}`);
  await expect(a.page.getByRole('heading', { level: 1, name: 'Keeper of the Storm' })).toBeVisible();
  await expect(a.page.getByTestId('like-count')).toHaveText('0 likes');
  await expect(comments(a.page).getByText('No comments yet. Be the first to say something.')).toBeVisible();
  await b.page.goto(`/play/story/${storyA}`);
  await expect(b.page.getByRole('heading', { level: 1, name: 'Keeper of the Storm' })).toBeVisible();

  // B likes: both see the count, A without a reload; it holds after B reloads.
  await b.page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(b.page.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(b.page.getByTestId('like-count')).toHaveText('1 like');
  await expect(a.page.getByTestId('like-count')).toHaveText('1 like');
  await b.page.reload();
  await expect(b.page.getByTestId('like-count')).toHaveText('1 like');
  await expect(b.page.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // B comments: A sees it arrive and the count move.
  await comments(b.page).getByRole('textbox', { name: 'Your comment' }).fill('The storm scene gave me chills.');
  await comments(b.page).getByRole('button', { name: 'Post' }).click();
  // The comment can show (by its push) a moment before the field empties, so it is looked for among the comments.
  await expect(comments(b.page).getByRole('article').getByText('The storm scene gave me chills.')).toBeVisible();
  await expect(comments(b.page).getByRole('textbox', { name: 'Your comment' })).toHaveValue('');
  await expect(comments(a.page).getByRole('article').getByText('The storm scene gave me chills.')).toBeVisible();
  await expect(a.page.getByRole('heading', { level: 2, name: 'Comments (1)' })).toBeVisible();
  await expect(a.page.getByRole('link', { name: '1 comment' })).toBeVisible();

  // B follows A from A's creator page: A's inbox dot lights without a reload.
  await expect(a.page.getByRole('link', { name: 'Inbox (1 unread)' })).toBeVisible();
  await b.page.getByRole('link', { name: `${a.nick} (creator page)` }).click();
  await expect(b.page.getByRole('heading', { level: 1, name: a.nick })).toBeVisible();
  await b.page.getByRole('button', { name: 'Follow' }).click();
  await expect(b.page.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  await expect(b.page.getByTestId('follower-count')).toHaveText('1');
  await expect(a.page.getByRole('link', { name: 'Inbox (2 unread)' })).toBeVisible();

  // A pins B's comment and replies to it.
  const bComment = comments(a.page).getByRole('article', { name: `Comment by ${b.nick}` });
  await bComment.getByRole('button', { name: `Pin comment by ${b.nick}` }).click();
  await expect(bComment.getByText('Pinned')).toBeVisible();
  await bComment.getByRole('button', { name: 'Reply' }).click();
  await bComment.getByRole('textbox', { name: `Your reply to ${b.nick}` }).fill('Thank you for playing!');
  await bComment.getByRole('button', { name: 'Reply' }).last().click();
  await expect(comments(a.page).getByRole('list', { name: `Replies to ${b.nick}` }).getByText('Thank you for playing!')).toBeVisible();

  // A's follower list and inbox show B; opening the inbox puts the dot out.
  await a.page.goto(`/play/user/${a.uid}/followers`);
  await expect(a.page.getByRole('link', { name: new RegExp(b.nick) })).toBeVisible();
  await a.page.getByRole('link', { name: /^Inbox/ }).click();
  await expect(a.page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(a.page.getByRole('link', { name: `${b.nick} started following you` })).toBeVisible();
  await expect(a.page.getByRole('link', { name: `${b.nick} liked your story Keeper of the Storm` })).toBeVisible();
  await expect(a.page.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
  // B hears of the pin and the reply.
  await b.page.goto('/account/inbox');
  await expect(b.page.getByRole('link', { name: `${a.nick} pinned your comment on Keeper of the Storm` })).toBeVisible();
  await expect(b.page.getByRole('link', { name: `${a.nick} replied to your comment on Keeper of the Storm` })).toBeVisible();

  // B shares A's story: the link, opened signed out, shows the story and leads into play as a guest.
  await b.page.goto(`/play/story/${storyA}`);
  await b.page.getByRole('button', { name: 'Share' }).click();
  const shareDialog = b.page.getByRole('dialog', { name: 'Share this story' });
  const link = await shareDialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
  expect(link).toMatch(/\/s\/[A-Za-z0-9]{10}$/);
  await shareDialog.getByRole('button', { name: 'Close' }).first().click();
  const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Keeper of the Storm' })).toBeVisible();
  expect(await visitor.locator('meta[property="og:title"]').getAttribute('content')).toBe('Keeper of the Storm');
  await visitor.getByRole('link', { name: 'Play now' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/play/story/${storyA}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: 'Keeper of the Storm' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Log in to comment' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(storyLog(visitor)).toContainText('Welcome, traveller. The lamp needs oil.');

  // B blocks A (asked first): A's page of B shows the block and no Follow, and A cannot comment on B's story.
  await b.page.goto(`/play/user/${a.uid}`);
  await b.page.getByRole('button', { name: 'Block' }).click();
  const confirm = b.page.getByRole('dialog', { name: `Block ${a.nick}?` });
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expect(b.page.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expect(b.page.getByRole('button', { name: 'Follow' })).toHaveCount(0);

  await a.page.goto(`/play/user/${b.uid}`);
  await expect(a.page.getByRole('heading', { level: 1, name: b.nick })).toBeVisible();
  await expect(a.page.getByText('You and this person have a block between you: their stories are hidden.')).toBeVisible();
  await expect(a.page.getByRole('button', { name: 'Follow' })).toHaveCount(0);
  await a.page.goto(`/play/story/${storyB}`);
  await comments(a.page).getByRole('textbox', { name: 'Your comment' }).fill('Lovely harbour.');
  await comments(a.page).getByRole('button', { name: 'Post' }).click();
  await expect(comments(a.page).getByRole('alert')).toHaveText('You cannot comment here');
  // B's comment is hidden from A on A's own story now.
  await a.page.goto(`/play/story/${storyA}`);
  await expect(a.page.getByRole('heading', { level: 1, name: 'Keeper of the Storm' })).toBeVisible();
  await expect(comments(a.page).getByText('No comments yet. Be the first to say something.')).toBeVisible();
  await expect(comments(a.page).getByText('The storm scene gave me chills.')).toHaveCount(0);
});
