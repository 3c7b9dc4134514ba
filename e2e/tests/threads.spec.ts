import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { DEMO_STORY, openDemoPlay, playTool, sendTurn } from '../support/play';
import { PHONE } from '../support/phone';
import { ok, signInByPhone } from '../support/session';

const SIZES = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } }, codes: ['863', '864'] },
  { name: 'phone', options: PHONE, codes: ['865', '866'] },
] as const;

async function signedIn(browser: Browser, options: Parameters<Browser['newContext']>[0], areaCode: string): Promise<{ page: Page; uid: string }> {
  const page = await (await browser.newContext(options)).newPage();
  await signInByPhone(page.request, areaCode);
  const me = await ok<{ uid: string }>(await page.request.get('/api/tyler/user/detail'), 'user/detail');
  return { page, uid: me.uid };
}

for (const size of SIZES) {
  test(`${size.name}: a player shares a thread from a play; a second person finds it, likes and comments it`, async ({ browser }) => {
    test.setTimeout(150_000);
    const player = await signedIn(browser, size.options, size.codes[0]);
    const p = player.page;
    await openDemoPlay(p);
    const first = `Who keeps the lamp? (${size.name})`;
    const second = `Where is the oil kept? (${size.name})`;
    await sendTurn(p, first);
    await sendTurn(p, second);

    // Share a thread: the turns of the play, a title, the limit; posting without a title or a turn says why.
    await (await playTool(p, p.getByTestId('thread-share'))).click();
    const dialog = p.getByRole('dialog', { name: 'Share a thread' });
    await expect(dialog).toBeVisible();
    const groups = dialog.getByTestId('thread-group');
    await expect(groups.filter({ hasText: first })).toHaveCount(1);
    await expect(dialog.getByText('0 of 20 chosen')).toBeVisible();
    await dialog.getByTestId('thread-post').click();
    await expect(dialog.getByTestId('thread-error')).toHaveText('Give the thread a title.');
    const title = `The lamp keeper ${size.name}`;
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByTestId('thread-post').click();
    await expect(dialog.getByTestId('thread-error')).toHaveText('Choose at least one turn.');
    await groups.filter({ hasText: first }).getByRole('checkbox').click();
    await groups.filter({ hasText: second }).getByRole('checkbox').press('Space');
    await expect(dialog.getByText('2 of 20 chosen')).toBeVisible();
    expect(await seriousViolations(p)).toEqual([]);
    await dialog.getByTestId('thread-post').click();
    await dialog.getByTestId('thread-open').click();

    // The thread page: the lines with their speakers, the story's card.
    await expect(p).toHaveURL(/\/play\/thread\/fe\d{19}$/);
    const threadUrl = new URL(p.url()).pathname;
    await expect(p.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const lines = p.getByTestId('thread-line');
    await expect(lines.filter({ hasText: first })).toHaveCount(1);
    await expect(lines.filter({ hasText: second })).toHaveCount(1);
    expect(await lines.count()).toBeGreaterThanOrEqual(4);
    await expect(p.getByTestId('thread-story')).toContainText(DEMO_STORY);
    expect(await seriousViolations(p)).toEqual([]);

    // A second person finds it on the player's page, opens it, likes and comments it.
    const reader = await signedIn(browser, size.options, size.codes[1]);
    const r = reader.page;
    await r.goto(`/play/user/${player.uid}`);
    const shelf = r.getByTestId('author-threads');
    await expect(shelf.getByRole('heading', { name: 'Threads' })).toBeVisible();
    await shelf.getByRole('link', { name: title }).click();
    await expect(r).toHaveURL(new RegExp(`${threadUrl}$`));
    await expect(r.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await r.getByTestId('thread-like').click();
    await expect(r.getByTestId('thread-like-count')).toHaveText('1 like');
    await expect(r.getByTestId('thread-like')).toHaveAttribute('aria-pressed', 'true');
    const comment = `What a night at the lamp (${size.name})`;
    await r.getByRole('textbox', { name: 'Your comment' }).fill(comment);
    await r.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(r.getByRole('article').filter({ hasText: comment })).toBeVisible();
    await expect(r.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    if (size.name === 'desktop') {
      await r.getByTestId('thread-share-link-button').click();
      const link = await r.getByTestId('thread-share-link').inputValue();
      expect(link).toMatch(/\/s\/[A-Za-z0-9]+$/);
      const html = await (await r.request.get(new URL(link).pathname)).text();
      expect(html).toContain(`<meta property="og:title" content="${title}">`);
      await r.keyboard.press('Escape');
    }
    expect(await seriousViolations(r)).toEqual([]);

    // The player sees the like and the comment after a reload; the feed's Threads tab lists it.
    await p.reload();
    await expect(p.getByTestId('thread-like-count')).toHaveText('1 like');
    await expect(p.getByRole('article').filter({ hasText: comment })).toBeVisible();
    await r.goto('/play');
    await r.getByRole('tab', { name: 'Threads' }).click();
    await expect(r.getByTestId('feed-threads').getByRole('link', { name: title })).toBeVisible();
  });
}
