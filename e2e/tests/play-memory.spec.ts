import { expect, test } from '@playwright/test';
import { FakeOpenAI, directorAnswer, type FakeRequest } from '../../api/test/support/fakeOpenAI';
import { seriousViolations } from '../support/axe';
import { openDemoPlay, playTool, sendTurn, storyLog as log } from '../support/play';
import { ok, signInByPhone } from '../support/session';
import { SIZES } from '../support/sizes';

/*
 * Suggested replies: asked for after a reply, they come from the model and choosing one sends it.
 * The play's memory: a line pinned from the conversation and a note written in the Memory panel are shown there and
 * are in the prompt of the next reply, read from a loopback fake model the play chat is pointed at for this spec.
 */

let fake: FakeOpenAI;
const REPLY = 'The keeper sets the brass key on the sill.';
const SUGGESTIONS = ['I pick up the key.', 'Whose key is it?', 'I thank the keeper.'];
const CHOICES = 'Choices';

test.beforeAll(async () => {
  fake = await FakeOpenAI.start((req: FakeRequest) => {
    if (req.stream) return { kind: 'stream', tokens: ['[Gentle] ', 'The keeper sets ', 'the brass key on the sill.'], delayMs: 5 };
    if ((req.messages.at(-1)?.content ?? '').includes('suggest three short things')) return { kind: 'json', content: JSON.stringify(SUGGESTIONS) };
    return directorAnswer(req, false);
  });
});
test.afterAll(async ({ request }) => {
  // Back to the offline storyteller for the other specs.
  await request.post('/api/dev/chat_model', { data: {} });
  await fake?.close();
});

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use(size.use);

    test('a player pins a reply and writes a note: both are in the Memory panel and in the next prompt; a suggested reply is chosen; unpinning takes one out', async ({ page }) => {
      test.setTimeout(120_000);
      await signInByPhone(page.request, size.name === 'phone' ? '303' : '305');
      await ok(await page.request.post('/api/dev/chat_model', { data: { base_url: fake.url, model: 'fake-model' } }), 'dev/chat_model');
      await openDemoPlay(page);
      await sendTurn(page, `Where is the key? (${size.name})`);
      await expect(log(page).getByText(REPLY).last()).toBeVisible();

      // Pin the reply from the log, with the keyboard.
      const pin = log(page).getByRole('button', { name: `Pin to memory: ${REPLY.slice(0, 40)}` }).last();
      await pin.focus();
      await page.keyboard.press('Enter');
      const pinned = log(page).getByRole('button', { name: `Pinned to memory, press to unpin: ${REPLY.slice(0, 40)}` }).last();
      await expect(pinned).toHaveAttribute('aria-pressed', 'true');

      // The Memory panel shows it, with the empty summary; a note is pinned there.
      await (await playTool(page, page.getByRole('button', { name: 'Memory', exact: true }))).click();
      const panel = page.getByRole('dialog', { name: 'What the characters remember' });
      await expect(panel.getByText('Nothing summarised yet', { exact: false })).toBeVisible();
      const pins = panel.getByTestId('memory-pin');
      await expect(pins).toHaveCount(1);
      await expect(pins.first()).toContainText(REPLY);
      await panel.getByRole('textbox', { name: 'A note to remember' }).fill('Alex is afraid of deep water.');
      await panel.getByRole('button', { name: 'Pin note' }).click();
      await expect(pins).toHaveCount(2);
      await expect(pins.first()).toContainText('Note: Alex is afraid of deep water.');
      await expect(panel.getByText('2 of 20 pinned')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);

      // The next reply's prompt holds both, in the order they were pinned.
      const before = fake.streamed.length;
      await sendTurn(page, `And the lamp? (${size.name})`);
      await expect.poll(() => fake.streamed.length).toBeGreaterThan(before);
      const system = fake.streamed[fake.streamed.length - 1]!.messages[0]!.content;
      expect(system).toMatch(new RegExp(`## Remember \\(pinned by the player\\)\\n- [^\\n]+: ${REPLY.replace(/\./g, '\\.')}\\n- Alex is afraid of deep water\\.`));

      // Suggested replies after the reply, from the model; choosing one (with the keyboard) sends it.
      await page.getByRole('button', { name: 'Suggest replies' }).click();
      const choices = page.getByRole('group', { name: CHOICES });
      for (const s of SUGGESTIONS) await expect(choices.getByRole('button', { name: s })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      const chosen = choices.getByRole('button', { name: SUGGESTIONS[1] });
      await chosen.focus();
      await expect(chosen).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(log(page).getByText(SUGGESTIONS[1]!)).toBeVisible();
      await expect(choices).toHaveCount(0);
      await expect(log(page).locator('li[aria-busy="true"]')).toHaveCount(0);
      await expect.poll(() => fake.streamed.at(-1)!.messages.at(-1)!.content).toBe(SUGGESTIONS[1]);

      // Unpinned from the log, it leaves the panel.
      await pinned.click();
      await expect(log(page).getByRole('button', { name: `Pin to memory: ${REPLY.slice(0, 40)}` }).last()).toHaveAttribute('aria-pressed', 'false');
      await (await playTool(page, page.getByRole('button', { name: 'Memory', exact: true }))).click();
      await expect(panel.getByTestId('memory-pin')).toHaveCount(1);
      await panel.getByRole('button', { name: 'Unpin: Alex is afraid of deep water.' }).click();
      await expect(panel.getByText('Nothing pinned yet', { exact: false })).toBeVisible();
      await ok(await page.request.post('/api/dev/chat_model', { data: {} }), 'dev/chat_model');
    });
  });
}
