import { expect, test } from '@playwright/test';
import { signInByPhone } from '../support/session';

// Work is never lost in the editors: the working copy saves itself a few seconds after the last change, and what
// was typed before that survives a reload in the browser's own copy, offered back on return.

test.beforeEach(async ({ page }) => {
  await signInByPhone(page.request, '318');
});

test('a new story saves itself a few seconds after typing, and a reload finds it all', async ({ page }) => {
  await page.goto('/editor/story/new');
  await page.getByLabel('Story name').fill('The quiet harbour');
  await page.getByLabel('Introduction').fill('Fog rolls in over the water.');
  const status = page.getByRole('status').filter({ hasText: /saved|Saving/i });
  await expect(status).toHaveText('Unsaved changes');
  await expect(status).toHaveText(/^Saved /, { timeout: 15_000 });
  // The first automatic save gives the story its id, as a save by hand does.
  await expect(page).toHaveURL(/\/editor\/story\/\d+$/);
  await expect(page.getByText('Saved successfully')).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Story name')).toHaveValue('The quiet harbour');
  await expect(page.getByLabel('Introduction')).toHaveValue('Fog rolls in over the water.');
  await expect(page.getByText(/This browser kept changes/)).toHaveCount(0);

  await page.getByRole('banner').getByRole('link', { name: 'My Story' }).click();
  const card = page.getByRole('listitem', { name: 'The quiet harbour' });
  await expect(card.getByRole('link', { name: 'Play-test The quiet harbour' })).toBeVisible();
  // Not published yet: nothing to view in the player.
  await expect(card.getByRole('link', { name: 'View The quiet harbour' })).toHaveCount(0);
});

test('text typed just before a reload is offered back, and can be restored or discarded', async ({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/editor/story/new');
  await page.getByLabel('Story name').fill('Typed before the reload');
  // Long enough for the browser's copy (0.4 s), not for the automatic save (3 s).
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('sv:editor_draft:new:story')), { timeout: 2_500 })
    .toContain('Typed before the reload');
  await page.reload();

  await expect(page.getByText(/This browser kept changes you had not saved/)).toBeVisible();
  await expect(page.getByLabel('Story name')).toHaveValue('');
  await page.getByRole('button', { name: 'Restore changes' }).click();
  await expect(page.getByLabel('Story name')).toHaveValue('Typed before the reload');
  // Restored work saves itself like any other change.
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toBeVisible({ timeout: 15_000 });

  await page.goto('/editor/story/new');
  await page.getByLabel('Story name').fill('Let this one go');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('sv:editor_draft:new:story')), { timeout: 2_500 })
    .toContain('Let this one go');
  await page.reload();
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByText(/This browser kept changes/)).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Story name')).toHaveValue('');
  await expect(page.getByText(/This browser kept changes/)).toHaveCount(0);
});

test('an automatic save that cannot happen says why, and the text is still kept', async ({ page }) => {
  await page.goto('/editor/story/new');
  await page.getByLabel('Story name').fill('Offline for a while');
  await page.context().setOffline(true);
  const status = page.getByRole('status').filter({ hasText: /Not saved/ });
  await expect(status).toHaveText('Not saved: offline', { timeout: 15_000 });
  await page.context().setOffline(false);
  // Back online, it tries again by itself.
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/editor\/story\/\d+$/);
});

test('My Story: Play-test opens the working copy in the player', async ({ page }) => {
  const art = (key: string) => `/api/editor/art/${key}.png`;
  const res = await page.request.post('/api/editor/story/create', {
    data: {
      story_gen_type: 'UserDefined',
      publish_type: 'Draft',
      story_name: 'Tested before publishing',
      introduction: 'A quiet harbour at night.',
      image_generate_style: { code: 'anime' },
      characters: [
        {
          character_id: 'c1',
          character_name: 'Mira',
          settings: 'The keeper of the lighthouse.',
          style: 'Speaks softly.',
          character_url: art('keeper'),
          dubbing_show: { dubbing: 'en_female_calm', language: 'en' },
        },
      ],
      player: { character_name: 'Alex', settings: 'A traveller.' },
      prologue: { character_id: 'c1', content: 'Welcome, traveller. The lamp is out tonight.' },
      nodes: [{ node_id: 'n1', name: 'Arrival', content: 'Meet @{character_c1}.', ending_content: 'Light the lamp.' }],
      voice_over_dubbing: { dubbing: 'en_narrator', language: 'en' },
    },
  });
  expect(((await res.json()) as { status_code: number }).status_code).toBe(0);

  await page.goto('/editor/works');
  const card = page.getByRole('listitem', { name: 'Tested before publishing' });
  await card.getByRole('link', { name: 'Play-test Tested before publishing' }).click();
  // The play-test's own address: its play id beside ?draft=1.
  await expect(page).toHaveURL(/\/play\/story\/\d+\/play\/\d+\?draft=1$/);
  await expect(page.getByText('Welcome, traveller. The lamp is out tonight.')).toBeVisible();
});

test('the bot editor keeps what was typed across a reload, then saves it by itself', async ({ page }) => {
  await page.goto('/editor/bot');
  const character = page.getByRole('region', { name: 'Character' });
  await character.getByLabel('Name').fill('Harbour Cat');
  await character.getByLabel('Settings').fill('A cat who watches the boats come in.');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('sv:editor_draft:new:bot')), { timeout: 2_500 })
    .toContain('Harbour Cat');
  await page.reload();

  await expect(page.getByText(/This browser kept changes you had not saved/)).toBeVisible();
  await page.getByRole('button', { name: 'Restore changes' }).click();
  await expect(character.getByLabel('Name')).toHaveValue('Harbour Cat');
  await expect(character.getByLabel('Settings')).toHaveValue('A cat who watches the boats come in.');
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toBeVisible({ timeout: 15_000 });
  // Saved with its permissions, the new bot has its own address.
  await expect(page).toHaveURL(/\/editor\/bot\/\d+$/);

  // The saved working copy is what a later visit opens.
  await page.reload();
  await expect(character.getByLabel('Name')).toHaveValue('Harbour Cat');
  await expect(page.getByText(/This browser kept changes/)).toHaveCount(0);
});
