import { expect, test, type Locator, type Page } from '@playwright/test';
import { fictionalPhone, latestCode } from '../support/outbox';

/*
 * The product end to end in Simplified Chinese: a new user picks 简体中文 in the header, signs up by phone, builds a
 * story in the editor, saves, edits and publishes it, sees it pass the review in My Story and plays it. On every
 * screen the copy is Chinese: no English word is left on the page once the user's own content (and the api's
 * catalogues of voices and drawing styles, which are data in the language they were recorded in) is set aside.
 */

const STORY = '灯塔之夜';
const MARA = '玛拉';
const PLAYER = '小山';
const PROLOGUE = '暴风雨就要来了，灯塔的灯却熄了。';
const CONTENT = '在天黑之前找到守塔人。';
const ENDING = '灯塔重新亮起。';
const INTRO = '港口的一个夜晚。';
const INTRO_EDITED = '港口的一个漫长夜晚。';

/** Words that are not English copy: names (the product's, a sign-in provider's), "AI" and "App" as Chinese copy writes them, and file formats and units (PNG, JSON, CHARX, MB). */
const NOT_COPY = ['Storyverse', 'Google', 'AI', 'App', 'PNG', 'JSON', 'CHARX', 'MB'];
/** The api's catalogues are data, named in their own language (the voices and drawing styles the UI knows are named in Chinese). */
const CATALOGUE_DATA = ['Anime', 'Watercolor', 'Cinematic', 'Oil painting', 'English'];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The English words left in the page's visible text once `content` (the user's own words, the catalogues' data) is
 * removed; `without` names regions whose text is not copy at all (the story's dialogue).
 */
async function englishWords(page: Page, content: Array<string | RegExp> = [], without: Locator[] = []): Promise<string[]> {
  let text = await page.locator('body').innerText();
  for (const pattern of content.filter((c): c is RegExp => c instanceof RegExp)) text = text.replace(new RegExp(pattern.source, 'g'), ' ');
  const parts = [...content.filter((c): c is string => typeof c === 'string'), ...CATALOGUE_DATA];
  for (const region of without) parts.push(...(await region.allInnerTexts()));
  // Longest first, so a cover's initial ("H") does not cut the story's name ("Harbour lights") before it is removed;
  // and only where it stands as whole words, so a cover's initial ("A") does not cut a word of the copy ("App").
  for (const part of parts.filter((p) => p.trim() !== '').sort((a, b) => b.length - a.length)) {
    text = text.replace(new RegExp(`(?<![A-Za-z])${escapeRegExp(part)}(?![A-Za-z])`, 'g'), ' ');
  }
  const words = text.match(/[A-Za-z][A-Za-z'’-]*/g) ?? [];
  return [...new Set(words.filter((w) => !NOT_COPY.includes(w)))];
}

async function expectChinese(page: Page, content: Array<string | RegExp> = [], without: Locator[] = []): Promise<void> {
  expect(await englishWords(page, content, without)).toEqual([]);
}

/** A real picture, the api's own offline portrait (with the face a character picture needs), uploaded as a creator's file. */
async function picture(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const res = await page.request.get('/api/editor/art/portrait_keeper.png');
  expect(res.ok()).toBe(true);
  return { name: 'keeper.png', mimeType: 'image/png', buffer: await res.body() };
}

async function chooseVoice(scope: Locator, label: string, voice: string): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(`^${label}：`) }).click();
  await scope.getByRole('radio', { name: voice }).click();
  await expect(scope.getByRole('button', { name: `${label}：${voice}` })).toBeVisible();
}

test('a new user switches to 简体中文, signs up, writes, publishes and plays a story, all in Chinese', async ({ page }) => {
  // Sign-up, a whole story, a review and a played turn on a shared machine.
  test.setTimeout(240_000);
  const banner = page.getByRole('banner');
  const phone = fictionalPhone('646');

  // The feed, in English until the header's switcher says otherwise.
  await page.goto('/play');
  await expect(page.getByRole('heading', { level: 1, name: 'Stories' })).toBeVisible();
  await banner.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: '简体中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: '故事' })).toBeVisible();
  await expect(banner.getByRole('button', { name: '登录' })).toBeVisible();
  // The feed's cards are other creators' stories: their covers, names, blurbs and creators' names are content; so are
  // the titles of the operators' banners and topics that other journeys may have left on the home.
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const homeContent = page.locator('.player-banner__title, .player-topic__title');
  await expectChinese(page, [/(?<=作者：).*?(?= · )/], [cards.getByRole('img'), cards.getByRole('heading'), cards.locator('p:first-of-type'), homeContent]);

  // Sign up by phone: the login page and the first-sign-in steps.
  await banner.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
  const form = page.getByRole('form', { name: '手机号登录' });
  await form.getByLabel('手机号').fill(phone.national);
  await form.getByRole('button', { name: '发送验证码' }).click();
  await expect(form.getByLabel('验证码')).toBeVisible();
  await expectChinese(page, [phone.national]);
  await form.getByLabel('验证码').fill(await latestCode(page.request, phone.e164));
  await form.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('heading', { name: '确认你的年龄' })).toBeVisible();
  // Until the nickname step, the account goes by the name the api gave it at sign-up, in Chinese ("用户123456").
  await expectChinese(page);
  await page.getByRole('button', { name: /^我已年满 \d+ 周岁$/ }).click();
  await page.getByRole('checkbox', { name: '我同意服务条款和隐私政策' }).check();
  await page.getByRole('button', { name: '同意并继续' }).click();
  const nickname = page.getByRole('textbox', { name: '昵称' });
  await expect(nickname).toBeVisible();
  await expect(nickname).toHaveValue(/^用户\d{6}$/);
  await nickname.fill('中文作者');
  await page.getByRole('button', { name: '保存' }).click();
  // The first sign-in steps end by going back to where the visitor was (the feed): wait for it before moving on.
  await expect(nickname).toBeHidden();
  await expect(page).toHaveURL(/\/play$/);
  await expect(banner.getByRole('link', { name: '我的故事' })).toBeVisible();

  // My Story, empty.
  await banner.getByRole('link', { name: '我的故事' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '我的故事' })).toBeVisible();
  await expect(page.getByText('还没有故事')).toBeVisible();
  await expectChinese(page, ['中文作者']);

  // The story editor: every section in Chinese.
  await page.getByRole('link', { name: '创建故事' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '故事编辑器' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '角色', exact: true })).toBeVisible();
  await expectChinese(page, ['中文作者']);
  await page.getByRole('button', { name: '添加角色' }).click();
  const character = page.getByRole('article', { name: '角色 1' });
  await character.getByLabel('名称', { exact: true }).fill(MARA);
  await character.getByRole('textbox', { name: '设定' }).fill('一个从不睡觉的守塔人。');
  await character.getByLabel('图片', { exact: true }).setInputFiles(await picture(page));
  await expect(character.getByRole('img', { name: '图片' })).toBeVisible();
  await chooseVoice(character, '声音', '沉稳女声');
  await page.getByLabel('玩家名称').fill(PLAYER);
  await page.getByRole('combobox', { name: '讲述者' }).click();
  await page.getByRole('option', { name: MARA }).click();
  await expect(page.getByRole('combobox', { name: '讲述者' })).toHaveText(new RegExp(MARA));
  await page.getByLabel('序章文本').fill(PROLOGUE);
  const chapter = page.getByRole('article', { name: '第 1 章' });
  await chapter.getByRole('textbox', { name: '第 1 章内容' }).fill(CONTENT);
  await chapter.getByRole('textbox', { name: '第 1 章结局' }).fill(ENDING);
  await chooseVoice(page.locator('#section-narrator'), '旁白声音', '说书人');
  await page.getByLabel('故事名称').fill(STORY);
  await page.getByLabel('简介').fill(INTRO);
  // The drawing styles are named in Chinese too.
  await page.getByRole('radio', { name: '动漫' }).check();
  const written = ['中文作者', MARA, PLAYER, PROLOGUE, CONTENT, ENDING, STORY, INTRO, '一个从不睡觉的守塔人。'];
  await expectChinese(page, written);

  // Save a draft, edit it, publish.
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/editor\/story\/\d+$/);
  await expect(page.getByRole('status').filter({ hasText: /^已保存/ })).toBeVisible();
  await page.getByLabel('简介').fill(INTRO_EDITED);
  await expect(page.getByRole('status').filter({ hasText: '有未保存的修改' })).toBeVisible();
  await page.getByRole('button', { name: '发布' }).click();
  // The toast of the save a moment ago holds the toast slot (one per 4 s): the status says it went to review.
  await expect(page.getByRole('main').getByText('审核中', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^已保存/ })).toBeVisible();
  await expectChinese(page, [...written, INTRO_EDITED]);

  // My Story: under review, then passed (the e2e product holds a review 4 s).
  await banner.getByRole('link', { name: '我的故事' }).click();
  const card = page.getByRole('listitem', { name: STORY });
  await expect(card.getByText('审核中', { exact: true })).toBeVisible();
  await expect(card.getByText('已通过', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(card.getByText(/^更新于/)).toBeVisible();
  await expectChinese(page, [STORY, '中文作者']);

  // Play it: the story page, then the play screen with one turn.
  await card.getByRole('link', { name: `查看 ${STORY}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: STORY })).toBeVisible();
  await expect(page.getByText('内容由 AI 生成').first()).toBeVisible();
  await expectChinese(page, [...written, INTRO_EDITED]);
  await page.getByRole('button', { name: /^(开始游玩|继续)$/ }).click();
  const dialogue = page.getByRole('log', { name: '故事对话' });
  await expect(dialogue).toBeVisible();
  await expect(dialogue).toContainText(PROLOGUE);
  await expect(page.getByText('未使用模型游玩')).toBeVisible();
  const before = await dialogue.getByRole('listitem').count();
  await page.getByRole('textbox', { name: '你的消息' }).fill('我来帮你点灯。');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(dialogue).toContainText('我来帮你点灯。');
  // The storyteller's reply follows the player's message.
  await expect.poll(() => dialogue.getByRole('listitem').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 2);
  await expect(page.getByText('正在写回复…')).toBeHidden({ timeout: 30_000 });
  // The dialogue is the story's and the storyteller's words; the screen around it is copy.
  await expectChinese(page, [...written, INTRO_EDITED, '我来帮你点灯。'], [dialogue]);
});
