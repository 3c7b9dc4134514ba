import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { storyLog } from '../support/play';
import { signInByPhone } from '../support/session';

/**
 * The brainstorm at a laptop's size and at a phone's width. A phone itself is sent to the mobile page (the editor's
 * pages are made for a computer), so the phone's width is a narrow desktop window.
 */
const SIZES = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone width', use: { viewport: { width: 390, height: 844 } } },
] as const;

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

/**
 * Generates a story from an idea in a fresh context of this size and language, and waits for its result. The drawing
 * styles arrive late, as from a busy server: Generate is pressed before them, and the press waits for them (with the
 * default style) instead of being dropped while the page looks ready.
 */
async function generated(browser: Browser, use: (typeof SIZES)[number]['use'], language: string, areaCode: string, idea: string): Promise<Page> {
  const context = await browser.newContext(use);
  await context.addInitScript((lang) => localStorage.setItem('sv:language', lang), language);
  const page = await context.newPage();
  let stylesAsked = 0;
  await page.route(
    (url) => url.pathname.endsWith('/tyler/user/common_config'),
    async (route) => {
      stylesAsked += 1;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    },
  );
  await signInByPhone(page.request, areaCode);
  await page.goto('/editor/story-ai');
  await page.getByRole('textbox', { name: language === 'zh-CN' ? '故事灵感' : 'Story idea' }).fill(idea);
  await page.getByRole('button', { name: language === 'zh-CN' ? '生成故事' : 'Generate story' }).click();
  await expect.poll(() => stylesAsked).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/editor\/story-ai\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: language === 'zh-CN' ? '正在创作你的故事' : 'Creating your story' })).toBeVisible();
  await expect(page.getByTestId('branching-outline')).toBeVisible({ timeout: 120_000 });
  return page;
}

for (const size of SIZES) {
  test(`an idea asking for a choice shows its branching outline: which option leads where and both endings (${size.name}, en and zh-CN)`, async ({ browser }) => {
    test.setTimeout(300_000);
    const page = await generated(browser, size.use, 'en', size.name === 'phone width' ? '213' : '305',
      'A smuggler named Iris must get a crate past the harbour guard Jonah, with a choice and two endings.');
    const outline = page.getByTestId('branching-outline');
    await expect(page.getByRole('heading', { level: 3, name: 'Branching outline' })).toBeVisible();
    await expect(page.getByText('1 choice, 2 endings')).toBeVisible();
    const options = outline.getByRole('list', { name: /^Options of / }).getByRole('listitem');
    await expect(options).toHaveCount(2);
    await expect(options.nth(0)).toHaveText(/^“.+” leads to the step MoreTrust$/);
    await expect(options.nth(1)).toHaveText(/^“Walk away and keep it to yourself” leads to the bad ending .+/);
    // The outline's variable, the scene's rule that moves it, the change on the way and the judge on it.
    await expect(page.getByTestId('outline-variables')).toHaveText('Variables: Trust (starts at 0, shown to the player)');
    await expect(outline.getByText(/^When the player promises to help Iris: Trust \+1$/)).toBeVisible();
    await expect(outline.getByText('Change: MoreTrust')).toBeVisible();
    await expect(outline.getByText('Trust +1', { exact: true })).toBeVisible();
    const ways = outline.getByRole('list', { name: 'Ways out of EnoughTrust' }).getByRole('listitem');
    await expect(ways).toHaveText(['If Trust ≥ 2: the good ending GoodEnding', 'Otherwise: the bad ending BadEnding']);
    const endings = page.getByRole('list', { name: 'Endings' }).getByRole('listitem');
    await expect(endings).toHaveCount(2);
    await expect(endings.nth(0)).toContainText(/Good ending \(Success\): .+Together with Iris/);
    await expect(endings.nth(1)).toContainText(/Bad ending \(Fail\): .+You walk away/);
    const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(width.scroll).toBeLessThanOrEqual(width.inner);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();

    const zh = await generated(browser, size.use, 'zh-CN', size.name === 'phone width' ? '702' : '808',
      '一个叫林澜的走私客要把货箱运过港口。如果玩家选择相信她，结局会不同：两个结局。');
    await expect(zh.getByRole('heading', { level: 3, name: '分支大纲' })).toBeVisible();
    await expect(zh.getByText('1 个选择，2 个结局')).toBeVisible();
    await expect(zh.getByRole('list', { name: /的选项$/ }).getByRole('listitem')).toHaveCount(2);
    await expect(zh.getByRole('list', { name: /的选项$/ }).getByRole('listitem').nth(1)).toHaveText(/^“转身离开，把一切留给自己”通往坏结局「.+」$/);
    await expect(zh.getByTestId('outline-variables')).toHaveText('变量：信任（初始为 0，玩家可见）');
    await expect(zh.getByRole('list', { name: /的去向$/ }).getByRole('listitem')).toHaveText(['如果 信任 ≥ 2：好结局「圆满结局」', '否则：坏结局「遗憾结局」']);
    const zhEndings = zh.getByRole('list', { name: '结局' }).getByRole('listitem');
    await expect(zhEndings.nth(0)).toContainText('好结局（成功）');
    await expect(zhEndings.nth(1)).toContainText('坏结局（失败）');
    expect(await seriousViolations(zh)).toEqual([]);
    await zh.context().close();
  });
}
