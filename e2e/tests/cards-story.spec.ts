import { expect, test, type APIRequestContext } from '@playwright/test';
import { portraitPng } from '../../api/test/support/cardFixtures';
import { seriousViolations } from '../support/axe';
import { ok, signInByPhone } from '../support/session';

/*
 * A whole story's journey through CHARX: a story with three pictured characters and a lorebook is exported as one
 * CHARX, imported in a new story in the story editor, reviewed (every character listed with its picture), used and
 * saved; the saved story has the same characters, texts and lorebook, each picture stored again.
 */

async function upload(request: APIRequestContext, use: string, png: Buffer): Promise<string> {
  const res = await request.post('/api/editor/upload', { multipart: { use, file: { name: 'p.png', mimeType: 'image/png', buffer: png } } });
  return (await ok<{ url: string }>(res, 'upload')).url;
}

interface StoryGot {
  story_info: { story_name: string; introduction: string };
  summary: string;
  logo: string;
  player: unknown;
  prologue: unknown;
  characters: Array<Record<string, unknown> & { character_url: string }>;
  lorebook?: unknown;
}

/** The fields a whole-story CHARX carries, pictures aside (an import stores each picture anew). */
function carried(s: StoryGot): unknown {
  return {
    story_name: s.story_info.story_name,
    introduction: s.story_info.introduction,
    summary: s.summary,
    player: s.player,
    prologue: s.prologue,
    characters: s.characters.map((c) => ({ ...c, character_url: '' })),
    lorebook: s.lorebook,
  };
}

test('export a story with three characters as CHARX, import it into a new story in the editor, save: the same story', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByPhone(page.request, '716');
  const pictures = [await upload(page.request, 'character', await portraitPng(400, 600, 31)), await upload(page.request, 'character', await portraitPng(300, 400, 32)), await upload(page.request, 'character', await portraitPng(512, 512, 33))];
  const cover = await upload(page.request, 'cover', await portraitPng(600, 400, 34));
  const character = (id: string, name: string, i: number, settings: string) => ({
    character_id: id,
    character_name: name,
    settings,
    style: '',
    character_url: pictures[i],
    dubbing_show: { dubbing: 'en_female_calm', language: 'en' },
    type: 'NPC',
    alternate_greetings: [],
    tags: [],
    creator_notes: '',
  });
  const created = await page.request.post('/api/editor/story/create', {
    data: {
      story_name: 'Harbour of Three',
      introduction: 'Three friends: @{character_h1}, @{character_h2} and @{character_h3}.',
      summary: 'How @{character_h3} kept the lamp lit.',
      logo: cover,
      player: { character_name: 'Sam', settings: 'A sailor.' },
      characters: [
        character('h1', 'Kai', 0, 'Friend of @{character_h2}.'),
        character('h2', 'Lin', 1, 'Keeps the harbour for @{player}.'),
        character('h3', 'Mo', 2, 'The lamp keeper, sister of @{character_h1}.'),
      ],
      prologue: { character_id: 'h2', content: 'Welcome, @{player}. @{character_h1} is late.' },
      nodes: [{ node_id: 'n1', name: 'One', content: 'Find the lamp.', ending_content: 'The lamp is lit.' }],
      lorebook: { name: 'Harbour', entries: [{ entry_id: 'w1', keys: ['lamp'], content: '@{character_h3} lights the lamp at dusk.' }] },
      publish_type: 'Draft',
    },
  });
  const storyId = (await ok<{ story_id: string }>(created, 'story/create')).story_id;
  const original = await ok<StoryGot>(await page.request.get(`/api/editor/story/get?story_id=${storyId}`), 'story/get');

  // The story editor's export link gives the whole story as CHARX.
  await page.goto(`/editor/story/${storyId}`);
  const href = await page.getByRole('navigation', { name: 'Export card' }).getByRole('link', { name: 'CHARX' }).getAttribute('href');
  const exported = await page.request.get(href ?? '');
  expect(exported.headers()['content-type']).toMatch(/application\/zip/);
  const charx = await exported.body();

  await page.goto('/editor/story/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Story editor' })).toBeVisible();
  await page.getByLabel('Import card').setInputFiles({ name: 'harbour.charx', mimeType: 'application/zip', buffer: charx });
  const review = page.getByRole('region', { name: 'Review the imported story' });
  const list = review.getByRole('list', { name: 'Characters (3)' });
  await expect(list).toBeVisible({ timeout: 30_000 });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  for (const name of ['Kai', 'Lin', 'Mo']) await expect(list.getByRole('img', { name: `Picture of ${name}` })).toBeVisible();
  await expect(review.getByText('1 entries')).toBeVisible();
  // The review is accessible, and on a phone its long texts wrap instead of widening the page.
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await review.getByRole('button', { name: 'Use this card' }).click();
  await expect(page.getByLabel('Story name')).toHaveValue('Harbour of Three');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/editor\/story\/\d+$/, { timeout: 30_000 });
  const newId = /\/editor\/story\/(\d+)$/.exec(page.url())![1]!;
  expect(newId).not.toBe(storyId);
  await expect
    .poll(async () => carried(await ok<StoryGot>(await page.request.get(`/api/editor/story/get?story_id=${newId}`), 'story/get')), { timeout: 30_000 })
    .toEqual(carried(original));
  const again = await ok<StoryGot>(await page.request.get(`/api/editor/story/get?story_id=${newId}`), 'story/get');
  expect(again.logo).toMatch(/^\/api\/media\/[0-9a-f]{24}$/);
  expect(again.logo).not.toBe(original.logo);
  for (const [i, c] of again.characters.entries()) {
    expect(c.character_url).toMatch(/^\/api\/media\/[0-9a-f]{24}$/);
    expect(c.character_url).not.toBe(original.characters[i]!.character_url);
  }
});
