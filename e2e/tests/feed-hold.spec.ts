import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { PHONE } from '../support/phone';
import { ok, signInByPhone } from '../support/session';

const SIZES = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } }, code: '867' },
  { name: 'phone', options: PHONE, code: '868' },
] as const;

for (const size of SIZES) {
  test(`${size.name}: a player says a feed card is not interested with a reason; the card leaves the feed and stays gone`, async ({ browser }) => {
    const page = await (await browser.newContext(size.options)).newPage();
    await signInByPhone(page.request, size.code);
    await page.goto('/play');
    // The first card of For you (earlier journeys publish stories too): its name from its link.
    const first = page.getByTestId('card-not-interested').first();
    await expect(first).toBeVisible();
    const name = (await first.getAttribute('aria-label'))!.replace(/^Not interested in /, '');
    const href = (await page.locator('li.player-card').filter({ has: first }).first().locator('a.player-card__link').getAttribute('href'))!;
    const storyId = href.split('/').pop()!;
    const card = page.locator('li.player-card').filter({ has: page.locator(`a[href="${href}"]`) });
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: `Not interested in ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Not interested?' });
    await expect(dialog.getByRole('button')).toContainText(['Not interested', 'Poor content quality', 'Clickbait']);
    expect(await seriousViolations(page)).toEqual([]);
    // Escape keeps the card; then the reason by keyboard.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: `Not interested in ${name}` }).click();
    await dialog.getByRole('button', { name: 'Clickbait' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(card).toHaveCount(0);
    await expect(page.getByText(`${name} was removed from your feed`)).toBeVisible();
    // Kept by the api: the feed leaves it out after a reload, and the list the feed reads says so too.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('card-not-interested').first()).toBeVisible();
    await expect(card).toHaveCount(0);
    const feed = await ok<{ stories: Array<{ story_id: string }> }>(await page.request.get('/api/tyler/story/list?offset=0&count=50'), 'story/list');
    expect(feed.stories.map((s) => s.story_id)).not.toContain(storyId);
  });
}
