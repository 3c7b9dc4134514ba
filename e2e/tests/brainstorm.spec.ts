import { expect, test, type Page } from '@playwright/test';
import { storyLog } from '../support/play';
import { signInByPhone } from '../support/session';

test.use({ viewport: { width: 1280, height: 800 } });

const IDEA =
  'A lighthouse keeper named Mara finds a message in a bottle from her lost brother Tobin. The storm is coming and the lamp must stay lit.';

const currentStep = (page: Page) => page.getByRole('list', { name: 'Steps' }).locator('[aria-current="step"]');
const percentOf = async (page: Page) => Number((await page.getByTestId('plan-percent').textContent())?.replace('%', ''));

test('an idea becomes a story: creating with a moving percent, result, edit, publish and play; a reload keeps each step', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByPhone(page.request, '731');

  // My Story's Create with AI opens the first step; a reload there keeps it.
  await page.goto('/editor/works');
  await page.getByRole('link', { name: 'Create with AI' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create with AI' })).toBeVisible();
  await expect(currentStep(page)).toHaveText('Your idea');
  await page.reload();
  await expect(currentStep(page)).toHaveText('Your idea');

  // An idea typed and not yet sent survives a reload (the page warns before leaving, and the reload goes ahead).
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('textbox', { name: 'Story idea' }).fill(IDEA);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Story idea' })).toHaveValue(IDEA);
  await expect(page.getByRole('combobox', { name: 'Drawing style' })).toHaveText(/Anime/);
  await expect(page.getByText(/Intelligent generations left today: 10 of 10/)).toBeVisible();
  await page.getByRole('button', { name: 'Generate story' }).click();

  // Creating: the story has its own address, the percent moves with the plan's pushes, minutes left are shown.
  await expect(page.getByRole('heading', { name: 'Creating your story' })).toBeVisible();
  await expect(page).toHaveURL(/\/editor\/story-ai\/\d+$/);
  const storyId = page.url().split('/').pop()!;
  const first = await percentOf(page);
  await expect.poll(() => percentOf(page), { timeout: 30_000 }).toBeGreaterThan(first);
  await expect(page.getByText(/minutes? left|Almost done/)).toBeVisible();
  await page.reload();
  await expect(currentStep(page)).toHaveText('Creating');
  await expect(page.getByRole('heading', { name: 'Creating your story' })).toBeVisible();

  // Result: the generated story, named from the idea's own words.
  await expect(currentStep(page)).toHaveText('Result', { timeout: 90_000 });
  await expect(page.getByRole('heading', { level: 2, name: /Mara/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Picture of Mara' })).toBeVisible();
  await expect(page.getByText(/^Objective: /).first()).toBeVisible();
  const storyName = (await page.getByRole('heading', { level: 2 }).textContent())!;
  await page.reload();
  await expect(currentStep(page)).toHaveText('Result');
  await expect(page.getByRole('heading', { level: 2, name: storyName })).toBeVisible();

  // Edit in the normal editor, then publish from there.
  await page.getByRole('link', { name: 'Edit in the story editor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Story editor' })).toBeVisible();
  await expect(page.getByLabel('Story name')).toHaveValue(storyName);
  await page.getByLabel('Introduction').fill('A keeper, a bottle and a storm.');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published successfully')).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'My Story' }).click();
  const card = page.getByRole('listitem', { name: storyName });
  await expect(card.getByText('Passed', { exact: true })).toBeVisible({ timeout: 60_000 });

  // Play it: the opening line the AI wrote starts the story.
  await page.goto(`/play/story/${storyId}`);
  await expect(page.getByRole('heading', { level: 1, name: storyName })).toBeVisible();
  await page.getByRole('button', { name: /^(Play|Continue)$/ }).click();
  await expect(storyLog(page)).toContainText('Something about the');
});
