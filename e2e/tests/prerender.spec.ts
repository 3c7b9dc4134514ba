import { expect, test, type Browser } from '@playwright/test';
import { startShellServer } from '../../scripts/start';
import type { Service } from '../../scripts/services';
import { seriousViolations, serverPageViolations } from '../support/axe';
import { shellEnv } from '../support/env';
import { fileLog } from '../support/log';
import { DEMO_STORY } from '../support/play';
import { SPARE_PORTS } from '../support/ports';
import { ok, signInAsOperator, signInByPhone } from '../support/session';
import { SIZES } from '../support/sizes';
import { OBSERVE_SHIFTS } from '../support/shifts';

// The public pages the shell's server sends with their first screen in the HTML: read without JavaScript, taken over
// by the player without a layout shift or a second fetch, kept when the player's remote is down, and accessible.

interface PublicPage {
  name: string;
  path: string;
  heading: string;
  /** Text of the first screen besides its heading. */
  shows: string;
  /** The api call the page's own code would make for it (the takeover must not make it). */
  call: RegExp;
}

let pages: PublicPage[] = [];
let storyPath = '';
let creatorUid = '';

/** The demo story, its creator, and a topic holding it (made and published by the demo operator). */
async function setUp(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const operator = await context.newPage();
  try {
    await signInAsOperator(operator);
    const found = await ok<{ stories?: { story_id: string; story_name: string }[]; list?: { story_id: string; story_name: string }[] }>(
      await operator.request.post('/api/tyler/search', { data: { keyword: DEMO_STORY, offset: 0, size: 10 } }),
      'search',
    );
    const story = (found.stories ?? found.list ?? []).find((s) => s.story_name === DEMO_STORY);
    if (!story) throw new Error('the demo story is not live');
    const detail = await ok<{ introduction: string; creator: { uid: string; nickname: string } }>(
      await operator.request.get(`/api/tyler/detail?story_id=${story.story_id}`),
      'detail',
    );
    const title = `Lighthouses ${Date.now()}`;
    const saved = await ok<{ topic_id: string }>(
      await operator.request.post('/api/ops/topic/save', { data: { title, description: 'Storms and the keepers of lamps.', type: 'Top', story_ids: [story.story_id] } }),
      'topic/save',
    );
    await ok(await operator.request.post('/api/ops/topic/status', { data: { topic_id: saved.topic_id, status: 'Published' } }), 'topic/status');
    storyPath = `/play/story/${story.story_id}`;
    creatorUid = detail.creator.uid;
    pages = [
      { name: 'feed', path: '/play', heading: 'Stories', shows: 'For you', call: /\/api\/tyler\/story\/list/ },
      { name: 'story', path: storyPath, heading: DEMO_STORY, shows: detail.introduction, call: /\/api\/tyler\/detail\?/ },
      { name: 'creator', path: `/play/user/${creatorUid}`, heading: detail.creator.nickname, shows: 'Published stories', call: /\/api\/tyler\/user\/author_detail/ },
      { name: 'topic', path: `/play/topic/${saved.topic_id}`, heading: title, shows: 'Storms and the keepers of lamps.', call: /\/api\/activity\/topic\/detail/ },
    ];
  } finally {
    await context.close();
  }
}

test.beforeAll(async ({ browser }) => {
  await setUp(browser);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('each public page shows its first screen, title, description and Open Graph tags', async ({ page }) => {
    for (const p of pages) {
      await page.goto(p.path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: p.heading }), p.name).toBeVisible();
      await expect(main.getByText(p.shows).first(), p.name).toBeVisible();
      await expect(page.locator('meta[property="og:url"]'), p.name).toHaveAttribute('content', new RegExp(`${p.path}$`));
      if (p.name !== 'feed') await expect(page, p.name).toHaveTitle(`${p.heading} · Storyverse`);
      await expect(page.locator('meta[property="og:title"]'), p.name).toHaveAttribute('content', await page.title());
    }
    // The cards lead to the pages, as links (the first card: stories other journeys publish come before the demo one).
    await page.goto('/play');
    const card = page.getByRole('main').locator('a[href*="/play/story/"]').first();
    const name = ((await card.textContent()) ?? '').trim();
    expect(name.length).toBeGreaterThan(0);
    await card.click();
    await expect(page).toHaveURL(/\/play\/story\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test("a Chinese reader's page is in Chinese", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN', extraHTTPHeaders: { 'Accept-Language': 'zh-CN,zh;q=0.9' } });
    const page = await context.newPage();
    await page.goto(storyPath);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('main').getByText('你扮演')).toBeVisible();
    await page.goto('/play');
    await expect(page.getByRole('heading', { level: 1, name: '故事' })).toBeVisible();
    await context.close();
  });
});

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use(size.use);

    test('the player takes over each page without a layout shift and without asking for its data again', async ({ page }) => {
      await page.addInitScript(OBSERVE_SHIFTS);
      for (const p of pages) {
        const calls: string[] = [];
        const listen = (r: { url: () => string }) => {
          if (p.call.test(r.url())) calls.push(r.url());
        };
        page.on('request', listen);
        await page.goto(p.path);
        const heading = page.getByRole('main').getByRole('heading', { level: 1, name: p.heading });
        await expect(heading, p.name).toBeVisible();
        // Taken over: the player's own page is in place of the server's.
        await expect(page.locator('[data-remote="mfe_player"]'), p.name).toBeVisible();
        await expect(page.locator('[data-prerendered]'), p.name).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        const after = await heading.boundingBox();
        const { cls, firstY } = await page.evaluate(() => {
          const w = window as unknown as { __cls: number; __firstHeadingY: number };
          return { cls: w.__cls, firstY: w.__firstHeadingY };
        });
        expect(Math.abs((after?.y ?? Number.NaN) - firstY), `${p.name}: the heading stays where the server's page painted it`).toBeLessThanOrEqual(1);
        expect(cls, `${p.name}: layout shift`).toBeLessThanOrEqual(0.05);
        expect(calls, `${p.name}: no second fetch of the page's data`).toEqual([]);
        page.off('request', listen);
      }
    });

    test('the server-written pages pass axe before any code runs', async ({ page }) => {
      // The shell's code never arrives: what is audited is the server's page alone.
      expect(await serverPageViolations(page, pages)).toEqual({});
    });
  });
}

test.describe('with the player down', () => {
  const started: Service[] = [];
  test.afterAll(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
  });

  test('the pages keep their first screen with a notice, and pass axe', async ({ page }) => {
    const port = SPARE_PORTS.shellWithRemoteDown;
    started.push(await startShellServer(port, fileLog, shellEnv({ REMOTE_PLAYER_URL: `http://localhost:${SPARE_PORTS.closed}` }), 'shell (player down)'));
    for (const p of pages) {
      await page.goto(`http://localhost:${port}${p.path}`);
      const alert = page.getByRole('alert').filter({ hasText: 'temporarily unavailable' });
      await expect(alert, p.name).toBeVisible();
      await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name: p.heading }), p.name).toBeVisible();
      await expect(page.getByRole('main').getByText(p.shows).first(), p.name).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      expect(await seriousViolations(page), p.name).toEqual([]);
    }
  });
});

test('a signed-in reader sees their own follow on a creator page, and a visitor never does', async ({ browser, page }) => {
  await signInByPhone(page.request, '772');
  await ok(await page.request.post('/api/interact/user/follow', { data: { uid: creatorUid, follow: true } }), 'follow');
  const creatorPath = `/play/user/${creatorUid}`;
  const mine = await page.request.get(creatorPath, { headers: { Accept: 'text/html' } });
  expect(mine.headers()['cache-control']).toBe('private, no-store');
  expect(await mine.text()).toContain('aria-pressed="true"');

  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const visitorPage = await visitor.newPage();
  const answer = await visitorPage.goto(creatorPath);
  expect(answer?.headers()['cache-control']).toBe('public, max-age=5');
  await expect(visitorPage.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await visitor.close();

  await page.goto(creatorPath);
  await expect(page.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
});
