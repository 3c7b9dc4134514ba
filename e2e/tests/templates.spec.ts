import { expect, test, type APIRequestContext } from '@playwright/test';
import { storyLog } from '../support/play';
import { ok, signInAsOperator, signInByPhone } from '../support/session';

/** A real picture: the api's own offline portrait (512 x 512 PNG, a face the api's check finds), uploaded like a creator's file. */
async function picture(request: APIRequestContext, name: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const res = await request.get(`/api/editor/art/portrait_${name}.png`);
  expect(res.ok()).toBe(true);
  return { name: `${name}.png`, mimeType: 'image/png', buffer: await res.body() };
}

test('a whitelisted creator builds and publishes a template; another creator fills it in, publishes and plays the story', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // The author: a new creator the operator puts on the template whitelist.
  await signInByPhone(page.request, '631');
  const author = await ok<{ uid: string }>(await page.request.get('/api/tyler/user/detail'), 'user/detail');
  const ops = await browser.newContext({ baseURL });
  const opsPage = await ops.newPage();
  await signInAsOperator(opsPage);
  await ok(await opsPage.request.post('/api/editor/template/white_list', { data: { uid: author.uid, allow: true } }), 'white_list');
  await ops.close();

  // From My Story to the gallery, and on to a new template.
  await page.goto('/editor/works');
  await page.getByRole('link', { name: 'Start from a template' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Locked Room Mystery' })).toBeVisible();
  await page.getByRole('link', { name: 'Create template' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Template editor/ })).toBeVisible();

  const about = page.getByRole('region', { name: 'About the template' });
  await about.getByLabel('Name', { exact: true }).fill('Harbour Ghost');
  await about.getByLabel('Emoji').fill('👻');
  await about.getByLabel('Description').fill('A lighthouse, a keeper and a ghost in a town you name.');

  // A text field and a picture field; their names must differ (spec section 5).
  const fields = page.getByRole('region', { name: 'Fields' });
  await fields.getByRole('button', { name: 'Add text field' }).click();
  const town = fields.getByRole('listitem').nth(0);
  await town.getByLabel('Field name').fill('Town');
  await town.getByLabel('Placeholder').fill('Port Avery');
  await town.getByLabel('Maximum length').fill('20');
  await fields.getByRole('button', { name: 'Add picture field' }).click();
  const face = fields.getByRole('listitem').nth(1);
  await face.getByLabel('Field name').fill('town');
  await expect(face.getByText('Field name already used')).toBeVisible();
  await face.getByLabel('Field name').fill('Keeper picture');
  await expect(face.getByText('Field name already used')).toHaveCount(0);
  await face.getByRole('combobox', { name: 'Picture for' }).click();
  await page.getByRole('option', { name: 'Character: Mira' }).click();

  // The skeleton is edited with the story editor's sections; typing @ places the text field, shown as [Town].
  const story = page.getByRole('region', { name: 'Story skeleton' });
  const storyName = story.getByRole('textbox', { name: 'Story name' });
  await storyName.fill('The ghost of @');
  await page.getByRole('option', { name: '@[Town]' }).click();
  await expect(storyName).toHaveText('The ghost of [Town]');
  await expect(storyName.locator('.editor-chip--field')).toHaveText('[Town]');
  const intro = story.getByRole('textbox', { name: 'Introduction' });
  await intro.fill('Nobody in @To');
  await page.getByRole('option', { name: '@[Town]' }).click();
  await intro.pressSequentially(' believes in ghosts.');
  await expect(intro).toHaveText('Nobody in [Town] believes in ghosts.');
  const preview = page.getByRole('region', { name: 'Live preview' });
  await expect(preview.getByRole('heading', { name: 'The ghost of Port Avery' })).toBeVisible();
  await expect(preview.getByText('Nobody in Port Avery believes in ghosts.')).toBeVisible();

  // A third character with a picture and a voice, and a new first chapter that mentions them and the town.
  await story.getByRole('button', { name: 'Add character' }).click();
  const bosun = story.getByRole('article', { name: 'Character 3' });
  await bosun.getByRole('textbox', { name: 'Name' }).fill('Bosun');
  await bosun.getByRole('textbox', { name: 'Settings' }).fill('An old sailor who saw the ghost twice.');
  await bosun.getByLabel('Picture').setInputFiles(await picture(page.request, 'young_fisherman_tom'));
  await expect(bosun.getByRole('img', { name: 'Picture' })).toBeVisible();
  await bosun.getByRole('button', { name: /^Voice:/ }).click();
  await bosun.getByRole('radio', { name: 'Deep man' }).click();
  await expect(bosun.getByRole('button', { name: 'Voice: Deep man' })).toBeVisible();
  await story.getByRole('button', { name: 'Add chapter before Chapter 1' }).click();
  const first = story.getByRole('article', { name: 'Chapter 1' });
  await first.getByRole('textbox', { name: 'Chapter 1 title' }).fill('Rumours');
  const content = first.getByRole('textbox', { name: 'Chapter 1 content' });
  await content.fill('@Bos');
  await page.getByRole('option', { name: '@Bosun' }).click();
  await content.pressSequentially(', who swears the ghost walks the quay of @');
  await page.getByRole('option', { name: '@[Town]' }).click();
  await expect(content).toHaveText('@Bosun, who swears the ghost walks the quay of [Town]');
  await expect(content.locator('[data-mention]')).toHaveText(['@Bosun', '[Town]']);
  await expect(story.getByRole('article', { name: 'Chapter 3' })).toBeVisible();
  await expect(preview.getByText(/Bosun, who swears the ghost walks the quay of Port Avery/)).toBeVisible();

  // The draft saved itself (its URL has its id); publishing makes it public.
  await expect(page).toHaveURL(/\/editor\/template\/\d+$/);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Published/ })).toBeVisible();
  await expect(page.getByRole('status').getByText('Saved')).toBeVisible();
  await page.reload();
  await expect(about.getByLabel('Name', { exact: true })).toHaveValue('Harbour Ghost');
  await expect(storyName).toHaveText('The ghost of [Town]');
  await expect(story.getByRole('article', { name: 'Character 3' }).getByRole('textbox', { name: 'Name' })).toHaveText('Bosun');
  await expect(story.getByRole('article', { name: 'Chapter 1' }).getByRole('textbox', { name: 'Chapter 1 content' })).toHaveText(
    '@Bosun, who swears the ghost walks the quay of [Town]',
  );

  // Another creator finds it in the gallery and fills it in.
  const other = await browser.newContext({ baseURL });
  const page2 = await other.newPage();
  await signInByPhone(page2.request, '646');
  await page2.goto('/editor/gallery');
  await page2.getByRole('searchbox', { name: 'Search templates' }).fill('harbour ghost');
  await page2.getByRole('link', { name: 'Harbour Ghost' }).click();
  await expect(page2.getByRole('heading', { level: 1, name: /Harbour Ghost/ })).toBeVisible();
  await expect(page2.getByRole('region', { name: 'What you fill in' }).getByText('Keeper picture')).toBeVisible();
  await expect(page2.getByRole('region', { name: 'Example story' }).getByText('The ghost of Port Avery')).toBeVisible();
  await page2.getByRole('link', { name: 'Use this template' }).click();

  const form = page2.getByRole('region', { name: 'Fill in the template' });
  await form.getByRole('button', { name: 'Create story' }).click();
  await expect(form.getByText('Required')).toBeVisible();
  await form.getByLabel('Town').fill('x'.repeat(21));
  await expect(form.getByText('At most 20 characters')).toBeVisible();
  await form.getByLabel('Town').fill('Gullrock');
  // What was typed survives a reload of the form.
  await page2.reload();
  await expect(form.getByLabel('Town')).toHaveValue('Gullrock');
  await form.getByLabel('Keeper picture (optional)').setInputFiles(await picture(page2.request, 'keeper_of_gullrock'));
  await expect(form.getByRole('img', { name: 'Keeper picture (optional)' })).toHaveAttribute('src', /^\/api\/media\/[0-9a-f]{24}$/);
  await form.getByRole('button', { name: 'Create story' }).click();

  // The normal story editor, with the story filled in from the template.
  await expect(page2.getByRole('heading', { level: 1, name: 'Story editor' })).toBeVisible();
  await expect(page2).toHaveURL(/\/editor\/story\/\d+$/);
  const storyId = /\/editor\/story\/(\d+)$/.exec(page2.url())?.[1] ?? '';
  await expect(page2.getByLabel('Story name')).toHaveValue('The ghost of Gullrock');
  await expect(page2.getByLabel('Introduction')).toHaveValue('Nobody in Gullrock believes in ghosts.');
  // The character and the chapter added in the skeleton, the mention shown by name.
  await expect(page2.getByRole('article', { name: 'Character 3' }).getByLabel('Name')).toHaveValue('Bosun');
  const made1 = page2.getByRole('article', { name: 'Chapter 1' }).getByRole('textbox', { name: 'Chapter 1 content' });
  await expect(made1).toHaveText('@Bosun, who swears the ghost walks the quay of Gullrock');
  await expect(made1.locator('[data-mention]')).toHaveText('@Bosun');
  await page2.getByRole('button', { name: 'Publish' }).click();
  await expect(page2.getByText('Published successfully')).toBeVisible();
  await page2.getByRole('banner').getByRole('link', { name: 'My Story' }).click();
  const card = page2.getByRole('listitem', { name: 'The ghost of Gullrock' });
  await expect(card.getByText('Passed', { exact: true })).toBeVisible({ timeout: 60_000 });

  // And plays it.
  await page2.goto(`/play/story/${storyId}`);
  await expect(page2.getByRole('heading', { level: 1, name: 'The ghost of Gullrock' })).toBeVisible();
  await page2.getByRole('button', { name: /^(Play|Continue)$/ }).click();
  await expect(storyLog(page2)).toContainText('You should not have come tonight');
  await other.close();

  // The author sees the story made from the template.
  const made = await ok<{ stories: Array<{ story_id: string }> }>(
    await page.request.get(`/api/editor/template/creator_story_list?template_id=${/\/template\/(\d+)$/.exec(page.url())?.[1] ?? ''}`),
    'creator_story_list',
  );
  expect(made.stories.map((s) => s.story_id)).toEqual([storyId]);
  await page.reload();
  await expect(page.getByRole('region', { name: '1 story made from it' }).getByText('The ghost of Gullrock')).toBeVisible();
});

test('an operator puts a creator on the template whitelist in the console, who can then publish templates; taken off, no more', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInByPhone(page.request, '647');
  const creator = await ok<{ uid: string; nickname: string }>(await page.request.get('/api/tyler/user/detail'), 'user/detail');
  // Not on the whitelist: the gallery offers no Create template, and the api refuses a template.
  await page.goto('/editor/gallery');
  await expect(page.getByRole('link', { name: 'Locked Room Mystery' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create template' })).toHaveCount(0);

  // The operator adds the creator on the console's whitelist page.
  const ops = await browser.newContext({ baseURL });
  const opsPage = await ops.newPage();
  await signInAsOperator(opsPage);
  await opsPage.goto('/ops');
  await opsPage.getByRole('link', { name: 'Template whitelist' }).click();
  await expect(opsPage.getByRole('heading', { level: 1, name: 'Template whitelist' })).toBeVisible();
  const list = opsPage.getByRole('table', { name: 'Creators on the whitelist' });
  await expect(list.getByText(/Demo Creator/)).toBeVisible();
  await opsPage.getByLabel('User ID or uid').fill(creator.uid);
  await opsPage.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(opsPage.getByRole('status').filter({ hasText: 'whitelist' })).toHaveText(`${creator.nickname || creator.uid} is on the whitelist.`);
  await expect(list.getByRole('button', { name: `Remove ${creator.nickname || creator.uid} from the whitelist` })).toBeVisible();

  // The creator now makes a template and publishes it.
  await page.reload();
  await page.getByRole('link', { name: 'Create template' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Template editor/ })).toBeVisible();
  const about = page.getByRole('region', { name: 'About the template' });
  await about.getByLabel('Name', { exact: true }).fill('Night Ferry');
  await about.getByLabel('Emoji').fill('⛴️');
  await about.getByLabel('Description').fill('A ferry that crosses only at night.');
  // A sound field with a default clip, for the first chapter's music.
  const fields = page.getByRole('region', { name: 'Fields' });
  await fields.getByRole('button', { name: 'Add sound field' }).click();
  const tune = fields.getByRole('listitem').nth(0);
  await tune.getByLabel('Field name').fill('Crossing music');
  await tune.getByRole('combobox', { name: 'Music for' }).click();
  await page.getByRole('option', { name: 'Chapter: Arrival' }).click();
  await tune.getByRole('combobox', { name: 'Default music' }).click();
  await page.getByRole('option', { name: 'Night chase (tense)' }).click();
  await expect(tune.getByRole('combobox', { name: 'Default music' })).toHaveText(/Night chase/);
  await expect(page).toHaveURL(/\/editor\/template\/\d+$/);
  // An extra picture for the template's page, saved at once.
  const pictures = page.getByRole('region', { name: 'Pictures' });
  await expect(pictures.getByText('No pictures yet.')).toBeVisible();
  await pictures.getByLabel('Add a picture').setInputFiles(await picture(page.request, 'young_fisherman_tom'));
  await expect(pictures.getByRole('img', { name: 'Picture 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Published/ })).toBeVisible();
  await expect(page.getByRole('status').getByText('Saved')).toBeVisible();

  // Taken off the list: the gallery no longer offers Create template; both changes are in the audit log.
  await list.getByRole('button', { name: `Remove ${creator.nickname || creator.uid} from the whitelist` }).click();
  await expect(opsPage.getByRole('status').filter({ hasText: 'whitelist' })).toHaveText(`${creator.nickname || creator.uid} is off the whitelist.`);
  await expect(list.getByRole('button', { name: `Remove ${creator.nickname || creator.uid} from the whitelist` })).toHaveCount(0);
  const audit = await ok<{ list: Array<{ action: string }> }>(
    await opsPage.request.get(`/api/ops/audit/list?target_id=${creator.uid}`),
    'audit/list',
  );
  expect(audit.list.map((e) => e.action)).toEqual(['template.white_list.remove', 'template.white_list.add']);
  await ops.close();
  await page.goto('/editor/gallery');
  await expect(page.getByRole('link', { name: 'Night Ferry' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create template' })).toHaveCount(0);
  // Its page shows the picture; its form starts from the default clip.
  await page.getByRole('link', { name: 'Night Ferry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Night Ferry/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Picture 1' })).toBeVisible();
  await page.getByRole('link', { name: 'Use this template' }).click();
  const form = page.getByRole('region', { name: 'Fill in the template' });
  await expect(form.getByRole('combobox', { name: /Crossing music/ })).toHaveText(/Night chase/);
});
