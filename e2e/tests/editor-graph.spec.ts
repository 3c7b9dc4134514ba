import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { PHONE } from '../support/phone';
import { ok, signInByPhone } from '../support/session';
import { sendTurn } from '../support/play';
import { publishableStory } from '../support/stories';

/*
 * The story as a graph in the editor: a creator builds a branching story in the graph view (a choice, a variable
 * change, a judge on the variable and two endings), sees its problems on the nodes go as it is linked, and publishes
 * it; the list view edits the same story with the keyboard alone.
 */

interface StoryGraph {
  nodes: Array<{ node_id: string; node_type: string; content: string; options?: Array<{ text: string }> }>;
  edges?: Array<{ source: string; target: string; handle: string }>;
  variables?: Array<{ name: string; kind: string }>;
}

/** A story of one chapter, everything a publish needs, saved as a draft; its id. */
async function draftStory(page: Page, name: string, graph: Partial<StoryGraph> = {}): Promise<string> {
  const data = await ok<{ story_id: string }>(
    await page.request.post('/api/editor/story/create', { data: { ...publishableStory(name), ...graph, publish_type: 'Draft' } }),
    'story/create',
  );
  return data.story_id;
}

async function storyOf(page: Page, id: string): Promise<StoryGraph> {
  return ok<StoryGraph>(await page.request.get(`/api/editor/story/get?story_id=${id}`), 'story/get');
}

const panel = (page: Page): Locator => page.getByRole('complementary', { name: 'Node' });

/** Adds a node of a type from the graph view's bar; it opens in the side panel. */
async function addNode(page: Page, type: string): Promise<void> {
  await page.locator('#canvas-add-type').selectOption({ label: type });
  await page.getByRole('button', { name: 'Add a node' }).click();
  await expect(panel(page).getByRole('heading', { level: 3 })).toContainText(`${type}:`);
  // Every node in sight, the new one included.
  await page.getByRole('button', { name: /fit view/i }).click();
}

/** The canvas node whose title (or type) reads `text`. */
const canvasNode = (page: Page, text: string): Locator => page.locator('.react-flow__node').filter({ hasText: text });
const nodeId = async (page: Page, text: string): Promise<string> => (await canvasNode(page, text).getAttribute('data-id')) ?? '';

async function openGraph(page: Page, id: string): Promise<void> {
  await page.goto(`/editor/story/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Story editor' })).toBeVisible();
  await page.getByRole('button', { name: 'Graph view' }).click();
  await expect(page.getByRole('region', { name: /Story graph/ })).toBeVisible();
}

test('builds a choice, a judge on a variable and two endings in the graph view, publishes it, and another player plays both endings', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInByPhone(page.request, '646');
  const id = await draftStory(page, 'Keeper of the lamp');
  await openGraph(page, id);
  // A story of chapters reads as a line: its one chapter, the start.
  await expect(canvasNode(page, 'Arrival')).toContainText('Start');

  // A variable, declared while no node is selected.
  await panel(page).getByRole('button', { name: 'Add a variable' }).click();
  await panel(page).getByLabel('Name').fill('trust');

  // The choice: the line turns into a graph (its end a Success), and the choice's two options lead nowhere yet.
  await addNode(page, 'Choice');
  await panel(page).getByLabel('Title (hidden from players)').fill('Door');
  await panel(page).getByLabel('Option 1 text').fill('Help the keeper');
  await panel(page).getByLabel('Option 2 text').fill('Walk away');
  await expect(canvasNode(page, 'Door').locator('.graph-node')).toHaveAttribute('data-problems', /[1-9]/);
  await expect(canvasNode(page, 'Door').getByText('Every option and route must lead somewhere')).toBeVisible();

  await addNode(page, 'Variable change');
  await panel(page).getByLabel('Title (hidden from players)').fill('Helped');
  await panel(page).getByRole('button', { name: 'Add a change' }).click();
  await panel(page).getByLabel('Test').selectOption({ label: 'add' });
  await panel(page).getByLabel('Value').fill('2');

  await addNode(page, 'Judge');
  await panel(page).getByLabel('Title (hidden from players)').fill('Trusted');
  await panel(page).getByLabel('Test').selectOption({ label: 'at least' });
  await panel(page).getByLabel('Value').fill('2');

  await addNode(page, 'Fail ending');
  await panel(page).getByLabel('Title (hidden from players)').fill('Alone');
  await panel(page).getByLabel('Ending text').fill('The lamp goes out and you are alone.');

  // Links: the chapter to the choice by dragging on the canvas, the rest from the side panel.
  const from = canvasNode(page, 'Arrival').locator('.react-flow__handle.source');
  const to = canvasNode(page, 'Door').locator('.react-flow__handle.target');
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
  await canvasNode(page, 'Arrival').click();
  await expect(panel(page).getByLabel('When the objective is met leads to')).toHaveValue(await nodeId(page, 'Door'));

  // The end of the line became a Success: it is named for the links below.
  await canvasNode(page, 'Success ending').click();
  await panel(page).getByLabel('Title (hidden from players)').fill('Welcome');

  await canvasNode(page, 'Door').click();
  await panel(page).getByLabel(/Option 1 “Help the keeper” leads to/).selectOption({ label: 'Helped (Variable change)' });
  await panel(page).getByLabel(/Option 2 “Walk away” leads to/).selectOption({ label: 'Alone (Fail ending)' });
  await canvasNode(page, 'Helped').click();
  await panel(page).getByLabel('Then leads to').selectOption({ label: 'Trusted (Judge)' });
  await canvasNode(page, 'Trusted').click();
  await panel(page).getByLabel('Route 1 leads to').selectOption({ label: 'Welcome (Success ending)' });
  await panel(page).getByLabel('Otherwise leads to').selectOption({ label: 'Alone (Fail ending)' });

  await expect(page.getByRole('status').filter({ hasText: 'No problems: ready to publish' })).toBeVisible();
  await expect(page.locator('.react-flow__node [data-problems]:not([data-problems="0"])')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published successfully')).toBeVisible();
  const saved = await storyOf(page, id);
  expect(saved.nodes.map((n) => n.node_type).sort()).toEqual(['ChoiceContent', 'Fail', 'JudgeContent', 'NormalContent', 'Success', 'VariableAssignment']);
  expect(saved.edges).toHaveLength(6);
  expect(saved.variables).toEqual([expect.objectContaining({ name: 'trust', kind: 'Integer' })]);

  // Reloaded, the graph is all there.
  await openGraph(page, id);
  await expect(page.locator('.react-flow__node')).toHaveCount(6);
  await expect(page.locator('.react-flow__edge')).toHaveCount(6);

  // A second player plays both endings, one per play, and sees the map and the endings found.
  const second = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 800 } });
  const player = await second.newPage();
  await signInByPhone(player.request, '647');
  await expect
    .poll(async () => ((await (await player.request.get(`/api/tyler/story/info?story_id=${id}`)).json()) as { status_code: number }).status_code, { timeout: 30_000 })
    .toBe(0);
  await player.goto(`/play/story/${id}/play`);
  const choices = player.getByRole('group', { name: 'Your choice' });
  await sendTurn(player, 'I find the keeper.');
  await choices.getByRole('button', { name: 'Help the keeper' }).click();
  await expect(player.getByText('Ending reached: Welcome')).toBeVisible();
  await expect(player.getByTestId('endings-found')).toHaveText('1 of 2 endings found');

  await player.getByRole('button', { name: 'Play again' }).click();
  await sendTurn(player, 'I find the keeper.');
  // The keyboard alone picks the other way.
  const walkAway = choices.getByRole('button', { name: 'Walk away' });
  await expect(walkAway).toBeEnabled();
  await walkAway.focus();
  await player.keyboard.press('Enter');
  await expect(player.getByText('Ending reached: Alone')).toBeVisible();
  await expect(player.getByTestId('endings-found')).toHaveText('2 of 2 endings found');
  const map = player.getByTestId('play-map');
  await expect(map).toContainText('Arrival');
  await expect(map).toContainText('Door');
  await expect(map).toContainText('Alone');
  // Not passed in this play: not named.
  await expect(map).not.toContainText('Helped');
  await expect(map).toContainText('Not reached yet');
  expect(await seriousViolations(player)).toEqual([]);

  // At phone size the ending screen fits, and so do the choice buttons of a new play.
  await player.setViewportSize(PHONE.viewport);
  await expect(player.getByTestId('endings-found')).toBeVisible();
  // The page lays itself out again after the resize: polled, as a busy machine may not have done it yet.
  await expect.poll(() => player.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousViolations(player)).toEqual([]);
  await player.getByRole('button', { name: 'Play again' }).click();
  await sendTurn(player, 'I find the keeper.');
  for (const name of ['Help the keeper', 'Walk away']) {
    const box = (await choices.getByRole('button', { name }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.viewport.width);
    expect(box.height).toBeGreaterThanOrEqual(24);
  }
  expect(await seriousViolations(player)).toEqual([]);
  await second.close();
});

test('the list view edits the same graph with the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInByPhone(page.request, '646');
  const id = await draftStory(page, 'Two doors', {
    nodes: [
      { ...(publishableStory('x').nodes as StoryGraph['nodes'])[0]!, node_type: 'NormalContent' },
      { node_id: 'c1', node_type: 'ChoiceContent', content: 'Two doors.', options: [{ text: 'Left' }, { text: '' }].map((o, i) => ({ option_id: `o${i + 1}`, ...o })) },
      { node_id: 's1', node_type: 'Success', content: 'Out into the light.' },
      { node_id: 'f1', node_type: 'Fail', content: 'The sea takes you.' },
    ] as StoryGraph['nodes'],
    edges: [
      { source: 'n1', target: 'c1', handle: 'next' },
      { source: 'c1', target: 's1', handle: 'o1' },
    ].map((e, i) => ({ edge_id: `e${i}`, ...e })),
  });
  await page.goto(`/editor/story/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Story editor' })).toBeVisible();

  const listButton = page.getByRole('button', { name: 'List view' });
  await listButton.focus();
  await page.keyboard.press('Enter');
  const choice = page.getByRole('article', { name: /^Choice/ });
  await expect(choice.getByText('Write the text of this option')).toBeVisible();
  await expect(choice.getByText('Every option and route must lead somewhere')).toBeVisible();

  // Option 2's text, typed; where it leads, chosen from its select with the arrow keys.
  const text = choice.getByLabel('Option 2 text');
  await text.focus();
  await page.keyboard.type('Right');
  await page.keyboard.press('Tab'); // its condition
  await page.keyboard.press('Tab'); // remove option 2
  await page.keyboard.press('Tab'); // add an option
  await page.keyboard.press('Tab'); // free text
  await page.keyboard.press('Tab'); // option 1 leads to
  await page.keyboard.press('Tab'); // option 2 leads to
  const leads = choice.getByLabel(/Option 2 “Right” leads to/);
  await expect(leads).toBeFocused();
  for (let i = 0; i < 4 && (await leads.inputValue()) !== 'f1'; i += 1) await page.keyboard.press('ArrowDown');
  await expect(leads).toHaveValue('f1');
  await expect(page.getByRole('status').filter({ hasText: 'No problems: ready to publish' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Save draft' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Saved successfully')).toBeVisible();
  const saved = await storyOf(page, id);
  expect(saved.nodes.find((n) => n.node_id === 'c1')!.options!.map((o) => o.text)).toEqual(['Left', 'Right']);
  expect(saved.edges).toContainEqual(expect.objectContaining({ source: 'c1', target: 'f1', handle: 'o2' }));
});

test('the graph view fits a phone and passes axe', async ({ page }) => {
  await page.setViewportSize(PHONE.viewport);
  await signInByPhone(page.request, '646');
  const id = await draftStory(page, 'Small screen');
  await openGraph(page, id);
  await expect(canvasNode(page, 'Arrival')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.viewport.width);
  expect(await seriousViolations(page)).toEqual([]);
});
