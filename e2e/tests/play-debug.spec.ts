import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { playTool, sendTurn, storyLog as log } from '../support/play';
import { signInByPhone } from '../support/session';
import { SIZES } from '../support/sizes';
import { publishableStory } from '../support/stories';

/*
 * The creator's debug view of a test play of a draft: per reply, the prompt's parts and their tokens, the director's
 * verdict, the model and the time to first token. Plays of published versions have none.
 */
for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use(size.use);

    test('the creator test-plays a draft and reads each reply’s prompt parts, verdict, model and first-token time', async ({ page }) => {
      test.setTimeout(120_000);
      await signInByPhone(page.request, size.name === 'phone' ? '307' : '308');
      const created = await page.request.post('/api/editor/story/create', { data: { ...publishableStory(`Debugged harbour ${size.name}`), publish_type: 'Draft' } });
      const body = (await created.json()) as { status_code: number; data: { story_id: string } };
      expect(body.status_code).toBe(0);
      await page.goto(`/play/story/${body.data.story_id}/play?draft=1`);
      await expect(log(page)).toContainText('Welcome, traveller. The lamp needs oil.');
      await sendTurn(page, 'Hello, is the keeper here?');

      const open = await playTool(page, page.getByRole('button', { name: 'Debug', exact: true }));
      await open.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('dialog', { name: 'Debug: how each reply was made' });
      const replies = panel.getByTestId('debug-reply');
      await expect(replies).toHaveCount(1);
      const reply = replies.first();
      for (const part of ['System instructions', 'Story and characters', 'Running summary', 'Pinned memories', 'Lorebook entries', 'Total']) {
        await expect(reply.getByRole('rowheader', { name: part })).toBeVisible();
      }
      await expect(reply.getByRole('rowheader', { name: /^Recent lines \(\d+\)$/ })).toBeVisible();
      await expect(reply.getByText(/^Not met yet: /)).toBeVisible();
      await expect(reply.getByText('offline storyteller')).toBeVisible();
      await expect(reply.getByText(/^\d+ ms$/)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
      await expect(open).toBeFocused();
    });
  });
}
