import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { openDemoPlay, playTool, sendTurn, storyLog as log } from '../support/play';
import { signInByPhone } from '../support/session';
import { SIZES } from '../support/sizes';

const OPENING = "Storm's coming and the lamp has gone dark.";

interface StLine {
  user_name?: string;
  character_name?: string;
  name?: string;
  is_user?: boolean;
  mes?: string;
  swipes?: string[];
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use(size.use);

    test('a player exports the play from the play menu as a SillyTavern chat file and as plain text', async ({ page }) => {
      test.setTimeout(120_000);
      await signInByPhone(page.request, size.name === 'phone' ? '839' : '219');
      await openDemoPlay(page);
      const said = `Is the lamp lit tonight? (${size.name})`;
      await sendTurn(page, said);

      // The menu opens from the keyboard and passes axe.
      const trigger = await playTool(page, page.getByRole('button', { name: 'Export this play' }));
      await trigger.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: /Chat file \(JSONL/ })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Plain text' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // JSONL, chosen with the keyboard (the first item is focused on opening).
      await expect(menu.getByRole('menuitem', { name: /Chat file \(JSONL/ })).toBeFocused();
      const [jsonl] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(jsonl.suggestedFilename()).toBe('The Last Lamp of Gullrock.jsonl');
      const lines = (await readFile((await jsonl.path())!, 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l) as StLine);
      const [header, ...messages] = lines;
      expect(header!.user_name).toBeTruthy();
      expect(header!.character_name).toBeTruthy();
      expect(messages[0]!.is_user).toBe(false);
      expect(messages[0]!.mes).toContain(OPENING);
      const mine = messages.filter((m) => m.is_user);
      expect(mine).toEqual([expect.objectContaining({ name: header!.user_name, mes: said, swipes: [said] })]);
      // The reply follows the line it answers, written by a character, as the log shows it.
      const at = messages.findIndex((m) => m.is_user);
      const reply = messages[at + 1]!;
      expect(reply.is_user).toBe(false);
      expect(reply.name).toBeTruthy();
      await expect(log(page)).toContainText(reply.mes!.slice(0, 40));
      await expect(page.getByRole('status').filter({ hasText: 'The file is downloaded.' })).toBeAttached();

      // Plain text, with the pointer.
      await trigger.click();
      const [txt] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Plain text' }).click()]);
      expect(txt.suggestedFilename()).toBe('The Last Lamp of Gullrock.txt');
      const paragraphs = (await readFile((await txt.path())!, 'utf8')).trimEnd().split('\n\n');
      expect(paragraphs[0]).toBe('The Last Lamp of Gullrock');
      expect(paragraphs[1]).toContain(`: ${OPENING}`);
      expect(paragraphs).toContain(`${header!.user_name}: ${said}`);
    });
  });
}
