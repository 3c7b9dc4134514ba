import { expect, test, type Locator } from '@playwright/test';
import { signInByPhone } from '../support/session';

async function chooseVoice(scope: Locator, voice: string): Promise<void> {
  await scope.getByRole('button', { name: /^Voice:/ }).click();
  // Choosing closes the list, so the radio is clicked rather than checked (it is gone once chosen).
  await scope.getByRole('radio', { name: voice }).click();
  await expect(scope.getByRole('button', { name: `Voice: ${voice}` })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signInByPhone(page.request, '617');
});

test('create a bot with a generated picture, publish it and see it pass in My Story, then open it again', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/editor/works');
  await page.getByRole('link', { name: 'Create bot' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create bot' })).toBeVisible();

  const character = page.getByRole('region', { name: 'Character' });
  await character.getByLabel('Name').fill('Captain Wren');
  await character.getByLabel('Settings').fill('A retired sea captain who tells tall tales about the harbour.');
  await character.getByLabel('Opening line').fill('Ahoy! Sit down, the kettle is on.');

  const look = page.getByRole('region', { name: 'Look and voice' });
  // Spec: a name and an appearance prompt come before drawing; the name is there, the prompt not yet.
  const generate = look.getByRole('button', { name: 'Generate' });
  await expect(generate).toBeDisabled();
  await look.getByLabel('Appearance prompt').fill('Grey beard, a blue coat with brass buttons, a pipe');
  await expect(look.getByText('50/500')).toBeVisible();
  await generate.click();
  await expect(look.getByRole('img', { name: 'Picture' })).toHaveAttribute('src', /^\/api\/media\/[0-9a-f]{24}$/);
  const src = await look.getByRole('img', { name: 'Picture' }).getAttribute('src');
  const drawn = await page.request.get(src ?? '');
  expect(drawn.headers()['content-type']).toBe('image/png');
  await chooseVoice(look, 'Deep man');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/editor\/bot\/\d+$/);

  await page.getByRole('banner').getByRole('link', { name: 'My Story' }).click();
  const card = page.getByRole('listitem', { name: 'Captain Wren' });
  await expect(card.getByText('Verifying', { exact: true })).toBeVisible();
  await expect(card.getByText('Passed', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(card.locator('img')).toHaveAttribute('src', src ?? '');

  // A bot opens in the bot editor, with what was saved.
  await card.getByRole('link', { name: 'Edit Captain Wren' }).click();
  await expect(page).toHaveURL(/\/editor\/bot\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit bot' })).toBeVisible();
  await expect(character.getByLabel('Name')).toHaveValue('Captain Wren');
  await expect(character.getByLabel('Opening line')).toHaveValue('Ahoy! Sit down, the kettle is on.');
  await expect(look.getByRole('img', { name: 'Picture' })).toHaveAttribute('src', src ?? '');
  await expect(look.getByRole('button', { name: 'Voice: Deep man' })).toBeVisible();
});

test('a bot without a picture is refused before saving, and the picture field says why', async ({ page }) => {
  await page.goto('/editor/bot');
  const character = page.getByRole('region', { name: 'Character' });
  await character.getByLabel('Name').fill('Nobody');
  await character.getByLabel('Settings').fill('Someone without a face yet.');
  await character.getByLabel('Opening line').fill('Hello?');
  await chooseVoice(page.getByRole('region', { name: 'Look and voice' }), 'Calm woman');
  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Missing info' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Go to the first problem' }).click();
  const picture = page.getByLabel('Picture', { exact: true });
  await expect(picture).toBeFocused();
  await expect(picture).toHaveAccessibleDescription(/Add a picture/);
});
