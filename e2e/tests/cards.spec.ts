import { expect, test, type APIRequestContext } from '@playwright/test';
import { b64json, pngWithText, portraitPng } from '../../api/test/support/cardFixtures';
import { FakeOpenAI, directorAnswer, type FakeRequest } from '../../api/test/support/fakeOpenAI';
import { storyLog } from '../support/play';
import { ok, signInByPhone } from '../support/session';

/*
 * A character card's journey: a PNG card (made here: a drawn portrait with a V3 card in its ccv3 chunk) imported in
 * the bot editor, reviewed and published; the bot played with a loopback fake model, whose prompt shows the
 * lorebook entry the player's message called up, after choosing the card's other greeting to open with; then
 * exported as PNG and imported again with the same fields.
 */

const LORE = 'The brass lantern only lights for those Aria trusts.';
const card = {
  spec: 'chara_card_v3',
  spec_version: '3.0',
  data: {
    name: 'Aria',
    description: 'The night archivist of a drowned library.',
    personality: 'Patient, dry humour.',
    scenario: 'The archive after closing time.',
    first_mes: 'Welcome back, {{user}}. Mind the water.',
    mes_example: '{{char}}: Shelves first, questions later.',
    creator_notes: 'Made for the card journey.',
    tags: ['archive', 'mystery'],
    alternate_greetings: ['Oh, it is you again, {{user}}.'],
    group_only_greetings: [],
    system_prompt: '',
    post_history_instructions: '',
    creator: 'e2e',
    character_version: '1',
    extensions: {},
    character_book: {
      name: 'Archive lore',
      scan_depth: 3,
      token_budget: 400,
      extensions: {},
      entries: [
        { keys: ['lantern'], content: LORE, extensions: {}, enabled: true, insertion_order: 10, use_regex: false, constant: false },
        { keys: ['/flood(ed|ing)?/i'], content: 'The flood came in the year of the comet.', extensions: {}, enabled: true, insertion_order: 20, use_regex: true },
      ],
    },
  },
};

let fake: FakeOpenAI;

test.beforeAll(async () => {
  fake = await FakeOpenAI.start((req: FakeRequest) => (req.stream ? { kind: 'stream', tokens: ['[Gentle] ', 'The lantern ', 'is on the third shelf.'], delayMs: 5 } : directorAnswer(req, false)));
});
test.afterAll(async ({ request }) => {
  // Back to the offline storyteller for the other specs.
  await request.post('/api/dev/chat_model', { data: {} });
  await fake?.close();
});

interface BotFields {
  characters: Array<Record<string, unknown>>;
  prologue: { content: string };
  introduction: string;
  lorebook?: unknown;
}

/**
 * A bot's fields to compare: the character without its id and picture address (each import makes new ones) or its
 * voice's catalogue label, mention ids read as one, the opening line, the introduction and the lorebook.
 */
function fieldsOf(bot: BotFields): unknown {
  const { character_id: _id, character_url: _url, dubbing_show, ...rest } = bot.characters[0]!;
  // The voice's description is the catalogue's label, not part of a card.
  const { dubbing_desc: _desc, ...voice } = dubbing_show as Record<string, unknown>;
  const character = { ...rest, dubbing_show: voice };
  const same = { character, opening: bot.prologue.content, introduction: bot.introduction, lorebook: bot.lorebook };
  return JSON.parse(JSON.stringify(same).replace(/@\{character_[A-Za-z0-9_-]+\}/g, '@{character}'));
}

/** What the api makes of a card file (saving nothing). */
async function imported(request: APIRequestContext, file: Buffer): Promise<BotFields> {
  const res = await request.post('/api/editor/card/import', { multipart: { file: { name: 'card.png', mimeType: 'image/png', buffer: file } } });
  return (await ok<{ bot: BotFields }>(res, 'card/import')).bot;
}

test('import a PNG card as a bot, play it with a lorebook entry in the prompt, export it and import it again', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByPhone(page.request, '719');
  const png = pngWithText(await portraitPng(), [['ccv3', b64json(card)]]);

  await page.goto('/editor/bot');
  await expect(page.getByRole('heading', { level: 1, name: 'Create bot' })).toBeVisible();
  await page.getByLabel('Import card').setInputFiles({ name: 'aria.png', mimeType: 'image/png', buffer: png });
  const review = page.getByRole('region', { name: 'Review the imported card' });
  await expect(review.getByText('The night archivist of a drowned library.', { exact: false })).toBeVisible({ timeout: 30_000 });
  await expect(review.getByText('2 entries')).toBeVisible();
  await review.getByRole('button', { name: 'Use this card' }).click();

  const character = page.getByRole('region', { name: 'Character' });
  await expect(character.getByLabel('Name')).toHaveValue('Aria');
  await expect(character.getByLabel('Opening line')).toHaveValue(/^Welcome back, .+\. Mind the water\.$/);
  const lorebook = page.getByRole('region', { name: 'Lorebook' });
  await expect(lorebook.getByRole('list', { name: 'Lorebook entries' }).getByRole('listitem')).toHaveCount(2);
  await expect(lorebook.getByRole('button', { name: 'lantern', exact: true })).toBeVisible();

  const look = page.getByRole('region', { name: 'Look and voice' });
  await look.getByRole('button', { name: /^Voice:/ }).click();
  await look.getByRole('radio', { name: 'Calm woman' }).click();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/editor\/bot\/\d+$/);
  const botId = /\/editor\/bot\/(\d+)$/.exec(page.url())![1]!;

  // The review passes it; then the bot plays with the fake model.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/tyler/story/info?story_id=${botId}`)).json()) as { status_code: number }).status_code, { timeout: 60_000 })
    .toBe(0);
  await ok(await page.request.post('/api/dev/chat_model', { data: { base_url: fake.url, model: 'fake-model' } }), 'dev/chat_model');
  await page.goto(`/play/story/${botId}`);
  await page.getByRole('button', { name: /^(Play|Continue)$/ }).click();
  await expect(storyLog(page)).toContainText('Mind the water.');
  // The card's other greeting can open the play instead, before the first message.
  const openings = page.getByRole('region', { name: 'Choose how it starts' });
  await openings.getByRole('button', { name: /^Opening 2: Oh, it is you again/ }).click();
  await expect(storyLog(page)).toContainText('Oh, it is you again');
  await expect(storyLog(page)).not.toContainText('Mind the water.');
  const before = fake.streamed.length;
  await page.getByRole('textbox', { name: 'Your message' }).fill('Where did you put the lantern?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(storyLog(page).getByText('The lantern is on the third shelf.')).toBeVisible();
  await expect.poll(() => fake.streamed.length).toBeGreaterThan(before);
  const prompt = fake.streamed[fake.streamed.length - 1]!.messages;
  expect(prompt[0]!.role).toBe('system');
  expect(prompt[0]!.content).toContain(`## World info\n${LORE}`);
  expect(prompt[0]!.content).not.toContain('year of the comet');
  expect(prompt[prompt.length - 1]).toMatchObject({ role: 'user', content: 'Where did you put the lantern?' });
  expect(prompt.some((m) => m.role === 'assistant' && m.content.startsWith('Aria: Oh, it is you again'))).toBe(true);
  await expect(openings).toHaveCount(0);
  await ok(await page.request.post('/api/dev/chat_model', { data: {} }), 'dev/chat_model');

  // Export as PNG from the editor, and import it again: the same fields.
  await page.goto(`/editor/bot/${botId}`);
  const exportLink = page.getByRole('navigation', { name: 'Export card' }).getByRole('link', { name: 'PNG' });
  const href = await exportLink.getAttribute('href');
  const exported = await page.request.get(href ?? '');
  expect(exported.headers()['content-type']).toBe('image/png');
  const file = await exported.body();
  const detail = await ok<Omit<BotFields, 'introduction'> & { story_info: { introduction: string } }>(await page.request.get(`/api/editor/story/get?story_id=${botId}`), 'story/get');
  const saved: BotFields = { ...detail, introduction: detail.story_info.introduction };
  const again = fieldsOf(await imported(page.request, file));
  expect(again).toEqual(fieldsOf(saved));
  expect(again).toMatchObject({ character: { character_name: 'Aria', tags: ['archive', 'mystery'], dubbing_show: { dubbing: 'en_female_calm' } } });

  await page.getByLabel('Import card').setInputFiles({ name: 'aria-again.png', mimeType: 'image/png', buffer: file });
  const review2 = page.getByRole('region', { name: 'Review the imported card' });
  await expect(review2.getByText('The night archivist of a drowned library.', { exact: false })).toBeVisible({ timeout: 30_000 });
  await expect(review2.getByText('2 entries')).toBeVisible();
  await expect(review2.getByText('archive, mystery')).toBeVisible();
});
