import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signInByPhone } from '../support/session';

/** A real picture for the character: the api's own offline portrait (512 x 512 PNG, a face the api's check finds), uploaded like a creator's file. */
async function picture(
  request: APIRequestContext,
  name: string,
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const res = await request.get(`/api/editor/art/portrait_${name}.png`);
  expect(res.ok()).toBe(true);
  return { name: `${name}.png`, mimeType: 'image/png', buffer: await res.body() };
}

const character = (page: Page, n: number): Locator => page.getByRole('article', { name: `Character ${n}` });
const chapter = (page: Page, n: number): Locator => page.getByRole('article', { name: `Chapter ${n}` });

async function chooseVoice(scope: Locator, label: string, voice: string): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(`^${label}:`) }).click();
  // Choosing closes the list, so the radio is clicked rather than checked (it is gone once chosen).
  await scope.getByRole('radio', { name: voice }).click();
  await expect(scope.getByRole('button', { name: `${label}: ${voice}` })).toBeVisible();
}

async function addCharacter(page: Page, n: number, name: string, settings: string): Promise<void> {
  await page.getByRole('button', { name: 'Add character' }).click();
  const card = character(page, n);
  await card.getByLabel('Name').fill(name);
  await card.getByRole('textbox', { name: 'Settings' }).fill(settings);
  await card.getByLabel('Picture').setInputFiles(await picture(page.request, name.toLowerCase()));
  await expect(card.getByRole('img', { name: 'Picture' })).toBeVisible();
  await chooseVoice(card, 'Voice', n === 1 ? 'Calm woman' : 'Deep man');
}

/** Two characters, two chapters, a prologue, a player and the settings: everything a publish needs. */
async function buildStory(page: Page): Promise<void> {
  await page.goto('/editor/story/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Story editor' })).toBeVisible();
  await addCharacter(page, 1, 'Mara', 'A lighthouse keeper who never sleeps.');
  await addCharacter(page, 2, 'Otto', 'A fisherman with a secret.');
  await page.getByLabel('Player name').fill('Sam');
  await page.getByRole('combobox', { name: 'Speaker' }).click();
  await page.getByRole('option', { name: 'Mara' }).click();
  await expect(page.getByRole('combobox', { name: 'Speaker' })).toHaveText(/Mara/);
  await page.getByLabel('Prologue text').fill('The storm is coming.');

  await chapter(page, 1)
    .getByRole('textbox', { name: 'Chapter 1 content' })
    .fill('Find the keeper before dark.');
  await page.getByRole('button', { name: 'Add chapter at the end' }).click();
  await chapter(page, 2)
    .getByRole('textbox', { name: 'Chapter 2 content' })
    .fill('Climb the tower with Otto.');
  await chapter(page, 2).getByRole('textbox', { name: 'Chapter 2 ending' }).fill('The lamp is lit.');
  await page.getByRole('textbox', { name: 'Summary' }).fill('Sam helps the keeper.');

  await chooseVoice(page.locator('#section-narrator'), 'Narrator voice', 'Storyteller');
  await page.getByLabel('Story name').fill('Harbour lights');
  await page.getByLabel('Introduction').fill('A night at the harbour.');
  await page.getByRole('radio', { name: 'Anime' }).check();
}

test.beforeEach(async ({ page }) => {
  await signInByPhone(page.request, '312');
});

test('build a story, save it, reload and see it all; publish it and watch My Story', async ({ page }) => {
  test.setTimeout(120_000);
  await buildStory(page);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/editor\/story\/\d+$/);

  await page.reload();
  await expect(character(page, 1).getByLabel('Name')).toHaveValue('Mara');
  await expect(character(page, 2).getByLabel('Name')).toHaveValue('Otto');
  await expect(character(page, 2).getByRole('textbox', { name: 'Settings' })).toHaveText(
    'A fisherman with a secret.',
  );
  await expect(character(page, 1).getByRole('button', { name: 'Voice: Calm woman' })).toBeVisible();
  await expect(page.getByLabel('Player name')).toHaveValue('Sam');
  await expect(page.getByRole('combobox', { name: 'Speaker' })).toHaveText(/Mara/);
  await expect(page.getByLabel('Prologue text')).toHaveValue('The storm is coming.');
  await expect(chapter(page, 1).getByRole('textbox', { name: 'Chapter 1 content' })).toHaveText(
    'Find the keeper before dark.',
  );
  await expect(chapter(page, 2).getByRole('textbox', { name: 'Chapter 2 ending' })).toHaveText(
    'The lamp is lit.',
  );
  await expect(page.getByRole('textbox', { name: 'Summary' })).toHaveText('Sam helps the keeper.');
  await expect(page.getByLabel('Story name')).toHaveValue('Harbour lights');
  await expect(page.getByRole('radio', { name: 'Anime' })).toBeChecked();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published successfully')).toBeVisible();
  // The e2e product holds every publish under review for 4 s (REVIEW_DELAY_MS), so My Story, opened right away,
  // shows the story Verifying; it polls while a story is under review and turns it Passed when the review ends.
  await page.getByRole('banner').getByRole('link', { name: 'My Story' }).click();
  const card = page.getByRole('listitem', { name: 'Harbour lights' });
  await expect(card.getByText('Verifying', { exact: true })).toBeVisible();
  await expect(card.getByText('Passed', { exact: true })).toBeVisible({ timeout: 45_000 });
  // The review's push lights the header's My Story dot.
  const dot = page.getByRole('banner').getByRole('img', { name: 'New updates' });
  await expect(dot).toBeVisible({ timeout: 15_000 });

  // Coming back to My Story is looking at the news: the dot goes.
  await card.getByRole('link', { name: 'Edit Harbour lights' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Story editor' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'My Story' }).click();
  await expect(page.getByRole('listitem', { name: 'Harbour lights' }).getByText('Passed', { exact: true })).toBeVisible();
  await expect(dot).toHaveCount(0);
});

test('the leave guard asks before leaving unsaved work: Not now stays, Confirm leaves', async ({ page }) => {
  // The automatic save is held on its way to the server, so the work stays unsaved for as long as the test needs.
  await page.route('**/api/editor/story/create', () => undefined);
  await page.goto('/editor/story/new');
  await page.getByLabel('Story name').fill('Unsaved');
  await page.getByRole('banner').getByRole('link', { name: 'My Story' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL(/\/editor\/story\/new$/);
  await expect(page.getByLabel('Story name')).toHaveValue('Unsaved');

  await page.getByRole('banner').getByRole('link', { name: 'My Story' }).click();
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page).toHaveURL(/\/editor\/works$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Story' })).toBeVisible();
});

test('a validation failure names the kind, then scrolls to and focuses the first error', async ({ page }) => {
  await page.goto('/editor/story/new');
  // An empty story: the problem that blocks everything (no character) comes first, the rest unfold in place, and
  // each problem takes the creator to its field.
  await page.getByRole('button', { name: 'Publish' }).click();
  const empty = page.getByRole('dialog', { name: 'Missing info' });
  const problems = empty.getByRole('list').getByRole('button');
  await expect(problems.first()).toHaveText('Characters: Add at least one character');
  await expect(problems).toHaveCount(5);
  await empty.getByRole('button', { name: 'Show 3 more' }).click();
  await expect(problems).toHaveCount(8);
  await expect(empty.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  await problems.filter({ hasText: 'Narrator voice' }).click();
  await expect(empty).toBeHidden();
  await expect(page.locator('#section-narrator').getByRole('button', { name: /^Narrator voice:/ })).toBeFocused();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Missing info' }).getByRole('button', { name: 'Characters: Add at least one character' }).click();
  const addCharacter = page.getByRole('button', { name: 'Add character' });
  await expect(addCharacter).toBeFocused();
  await expect(addCharacter).toHaveAccessibleDescription('Add at least one character');
  await addCharacter.click();
  // Fill everything below the first character, so the first error is far up the page while we are at the bottom.
  await page.getByLabel('Story name').fill('Half done');
  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Missing info' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Go to the first problem' }).click();
  const name = character(page, 1).getByLabel('Name');
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(/Name is required/);
});
