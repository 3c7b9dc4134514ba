import { expect, test, type Page } from '@playwright/test';
import { fictionalPhone, latestCode } from '../support/outbox';
import { logRows, openDemoPlay, sendTurn, storyLog as log } from '../support/play';
import { SIZES } from '../support/sizes';

/** The api's default GUEST_CHAT_TURNS: the free turns a visitor gets. */
const GUEST_TURNS = 10;
const line = (n: number) => `Guest turn ${n} of ten: what is that light out on the water?`;

/** Through the login page: a new number, its code from the outbox, then the first sign-in steps. */
async function logInWithNewPhone(page: Page, areaCode: string): Promise<void> {
  const phone = fictionalPhone(areaCode);
  const form = page.getByRole('form', { name: 'Log in with phone' });
  await form.getByLabel('Phone number').fill(phone.national);
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form.getByLabel('Verification code')).toBeVisible();
  await form.getByLabel('Verification code').fill(await latestCode(page.request, phone.e164));
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'I am 18 or older' }).click();
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await page.getByRole('textbox', { name: 'Nickname' }).fill('Lamp Reader');
  await page.getByRole('button', { name: 'Save' }).click();
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use(size.use);

    test('a guest plays to the limit, logs in from the prompt and sends the next turn in the same play, the history whole', async ({
      page,
    }) => {
      test.setTimeout(210_000);
      await openDemoPlay(page);
      const playUrl = new URL(page.url()).pathname;
      // Calls are for signed-in players: a guest is not offered one.
      await expect(page.getByRole('button', { name: 'Call', exact: true })).toHaveCount(0);
      for (let n = 1; n <= GUEST_TURNS; n += 1) {
        await sendTurn(page, line(n));
        if (n === GUEST_TURNS - 1) await expect(page.getByText('1 free turn left. Log in to keep playing after that.')).toBeVisible();
      }

      // The wall says why, in the play, and offers the way on.
      const prompt = page.getByRole('region', { name: 'Log in to keep playing' });
      await expect(prompt).toBeVisible();
      await expect(prompt).toContainText(`Guests can play ${GUEST_TURNS} turns, and you have used them.`);
      await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);
      await prompt.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await logInWithNewPhone(page, size.name === 'phone' ? '626' : '206');

      // Back in the same play, every guest turn there, and the next turn goes through.
      await expect(page).toHaveURL(new RegExp(`${playUrl}$`));
      await expect(log(page)).toContainText(line(GUEST_TURNS));
      const history = (await logRows(page)).map((row) => row.text).join('\n');
      for (let n = 1; n <= GUEST_TURNS; n += 1) expect(history).toContain(line(n));
      await expect(prompt).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Call', exact: true })).toBeVisible();
      await sendTurn(page, 'Signed in now: where were we?');
      expect((await logRows(page)).map((row) => row.text).join('\n')).toContain(line(1));
      const played = (await (await page.request.get('/api/tyler/played_story')).json()) as { data: { stories: Array<{ turns: number }> } };
      expect(played.data.stories).toEqual([expect.objectContaining({ turns: GUEST_TURNS + 1 })]);
    });
  });
}
