import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { latestCode } from '../support/outbox';
import { openDemoPlay, sendTurn } from '../support/play';
import { ok, signInAsOperator, signInByPhone } from '../support/session';
import { SIZES } from '../support/sizes';

/**
 * Real-name verification, youth mode and play time (anti-addiction). The e2e product gives accounts signing in from
 * China 24 s of play a day, a tick every 2 s and the warning 10 s before the end, and a play-time clock the journey
 * moves to the next allowed window (DEV_PLAY_CLOCK; global-setup.ts).
 */

/** A PRC resident identity number for a birth date (YYYYMMDD): ISO 7064 MOD 11-2 check character. */
function prcNumber(birth: string): string {
  const seq = String(100 + Math.floor(Math.random() * 900));
  const first = `110105${birth}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
  return first + '10X98765432'[sum % 11]!;
}

const random4 = () => String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
/** A mobile number of the country, new for each call: the sign-in's country is the number's. */
const PHONES = {
  CN: () => `+86138${random4()}${random4()}`,
  BR: () => `+55119${random4()}${random4()}`,
  HK: () => `+8529${random4()}${random4().slice(1)}`,
} as const;

/** A Hong Kong identity card number, as printed: a letter, six digits and the check digit in brackets. */
function hkidNumber(): string {
  const letter = String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const body = random4() + random4().slice(2);
  const values = [36, letter.charCodeAt(0) - 55, ...[...body].map(Number)];
  const check = (11 - (values.reduce((acc, v, i) => acc + v * (9 - i), 0) % 11)) % 11;
  return `${letter}${body}(${check === 10 ? 'A' : check})`;
}

/** A new account signed in by phone from `country` (the sign-in's country sets its region's rules and notices). */
async function signInFrom(request: APIRequestContext, country: keyof typeof PHONES): Promise<string> {
  const e164 = PHONES[country]();
  await ok(await request.post('/api/passport/sms/send', { data: { phone: e164 } }), 'sms/send');
  const code = await latestCode(request, e164);
  await ok(await request.post('/api/passport/sms/login', { data: { phone: e164, code, country } }), 'sms/login');
  await ok(await request.post('/api/tyler/user/log_in_confirm', { data: { is_adult: true, agree_terms: true } }), 'log_in_confirm');
  return (await ok<{ uid: string }>(await request.get('/api/tyler/user/detail'), 'detail')).uid;
}

async function expectAxeClean(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

for (const size of SIZES) {
  test.describe(`${size.name}`, () => {
    test.use(size.use);

    test(`at ${size.name} size: an account verifies as a minor, youth mode is locked on, play time runs out with the warning first, then play and the feed refuse with the time they reopen, and the next window opens them`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      const uid = await signInFrom(page.request, 'CN');

      // From the settings to the verification page: a wrong check digit is refused, then the real number verifies.
      await page.goto('/account/settings');
      await page.getByRole('link', { name: 'Real-name verification' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Real-name verification' })).toBeVisible();
      await expect(page.getByTestId('identity-attempts')).toHaveText('5 attempts left today');
      await expectAxeClean(page);
      const good = prcNumber('20120501');
      const wrong = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
      await page.getByLabel('Legal name').fill('李小明');
      await page.getByLabel('Resident identity number').fill(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('alert')).toContainText('could not be verified');
      await expect(page.getByTestId('identity-attempts')).toHaveText('4 attempts left today');
      await page.getByLabel('Resident identity number').fill(good);
      await page.getByRole('button', { name: 'Verify' }).click();
      const result = page.getByTestId('identity-result');
      await expect(result).toContainText('Under 18');
      await expect(result).toContainText('Name: 李*');
      await expect(result).not.toContainText(good);
      await expectAxeClean(page);

      // Youth mode is on and locked: no switch off, no passcode.
      await result.getByRole('link', { name: 'Youth mode' }).click();
      await expect(page.getByTestId('youth-locked')).toContainText('cannot be turned off');
      const toggle = page.getByRole('switch', { name: 'Youth mode' });
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await expect(toggle).toBeDisabled();
      await expect(page.getByText('Set a parental passcode')).toHaveCount(0);
      await expectAxeClean(page);

      // Play: the ticks count the time; the warning comes first, then the refusal replaces the input.
      await openDemoPlay(page);
      const warning = page.getByTestId('playtime-warning');
      await expect(warning).toContainText(/play time left today/, { timeout: 40_000 });
      await expectAxeClean(page);
      const refusal = page.getByTestId('playtime-refusal');
      await expect(refusal).toBeVisible({ timeout: 40_000 });
      await expect(refusal.getByRole('heading', { name: 'Time for a break' })).toBeVisible();
      await expect(refusal.getByRole('alert')).toContainText(/You have used today’s play time\. It opens again at .+\./);
      await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);
      await expectAxeClean(page);

      // The api refuses a turn too, and the feed, both saying when they reopen.
      const status = await ok<{ allowed: boolean; reopens_at: string }>(await page.request.get('/api/tyler/user/anti_addiction/status'), 'status');
      expect(status.allowed).toBe(false);
      expect(Date.parse(status.reopens_at)).toBeGreaterThan(Date.now());
      const feed = await (await page.request.get('/api/tyler/story/list?count=10')).json();
      expect(feed).toMatchObject({ status_code: 1020501, data: { reopens_at: status.reopens_at } });
      // The feed, in a second tab of the same account, while the play screen stays open in the first.
      const feedPage = await page.context().newPage();
      await feedPage.goto('/play');
      await expect(feedPage.getByTestId('playtime-refusal')).toContainText('Stories come back here when it opens.');
      await expectAxeClean(feedPage);

      if (size.name === 'desktop') {
        // The console's account page shows the verification (never the number) and the play-time counters.
        const consoleContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const ops = await consoleContext.newPage();
        await signInAsOperator(ops);
        await ops.goto(`/ops/users/${uid}`);
        const section = ops.getByTestId('ops-identity');
        await expect(section.getByTestId('ops-identity-state')).toHaveText('Verified under 18');
        await expect(section).toContainText('李*');
        await expect(section).not.toContainText(good);
        await expect(section.getByTestId('ops-identity-attempts')).toHaveText('Verification 2 · passcode 0');
        await expect(section.getByTestId('ops-identity-playtime')).toContainText('0.4 of 0.4 min · closed until');
        await expectAxeClean(ops);
        await section.getByLabel('Reason for the reset').fill('Parent called support');
        await section.getByRole('button', { name: 'Reset attempts' }).click();
        await expect(section.getByRole('status')).toHaveText('Today’s attempts were reset.');
        await expect(section.getByTestId('ops-identity-attempts')).toHaveText('Verification 0 · passcode 0');
        await consoleContext.close();
      }

      // The next window opens them: play time's clock (movable in the e2e product only, DEV_PLAY_CLOCK) is moved to
      // just past the reopening; the unban job runs and its push opens the play screen and the feed, neither reloaded.
      for (const p of [page, feedPage]) await p.evaluate(() => Object.assign(window, { notReloaded: true }));
      try {
        const offset = Date.parse(status.reopens_at) - Date.now() + 1_000;
        await ok(await page.request.post('/api/dev/play_clock', { data: { offset_ms: offset } }), 'play_clock');
        await expect(page.getByTestId('playtime-refusal')).toHaveCount(0);
        await expect(page.getByRole('textbox', { name: 'Your message' })).toBeVisible();
        await expect(feedPage.getByTestId('playtime-refusal')).toHaveCount(0);
        await expect(feedPage.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();
        for (const p of [page, feedPage]) expect(await p.evaluate(() => 'notReloaded' in window)).toBe(true);
        await expectAxeClean(feedPage);
        // A turn goes through again, and the api says play is open with the new day's time.
        await sendTurn(page, 'The lamp is lit again.');
        await expectAxeClean(page);
        const open = await ok<{ allowed: boolean; used_ms: number }>(await page.request.get('/api/tyler/user/anti_addiction/status'), 'status');
        expect(open.allowed).toBe(true);
        expect(open.used_ms).toBeLessThan(24_000);
      } finally {
        // Back to the product's own time for the specs that follow.
        await ok(await page.request.post('/api/dev/play_clock', { data: { offset_ms: 0 } }), 'play_clock reset');
        await feedPage.close();
      }
    });

    test(`at ${size.name} size: an account from Hong Kong verifies with its HKID card, the form asking for the date of birth the number does not carry`, async ({
      page,
    }) => {
      await signInFrom(page.request, 'HK');
      await page.goto('/account/settings');
      await page.getByRole('link', { name: 'Real-name verification' }).click();
      // The card's region starts at the account's: Hong Kong, with the HKID's number and a date of birth.
      const region = page.getByRole('combobox', { name: 'Where your identity card is from' });
      await expect(region).toContainText('Hong Kong (HKID card)');
      await expect(page.getByLabel('HKID number')).toBeVisible();
      await expect(page.getByLabel('Date of birth')).toBeVisible();
      await expectAxeClean(page);
      // The same form in Chinese (the header's language switcher), then back to English.
      const language = page.getByRole('banner').getByRole('combobox', { name: 'Language' });
      await language.click();
      await page.getByRole('option', { name: '简体中文' }).click();
      await expect(page.getByRole('combobox', { name: '证件签发地' })).toContainText('中国香港（香港身份证）');
      await expect(page.getByLabel('香港身份证号码')).toBeVisible();
      await expect(page.getByLabel('出生日期')).toBeVisible();
      await expectAxeClean(page);
      await page.getByRole('banner').getByRole('combobox', { name: '语言' }).click();
      await page.getByRole('option', { name: 'English' }).click();
      await expect(region).toContainText('Hong Kong (HKID card)');

      // Another region, by keyboard: the PRC number carries its own date, so the date is not asked; then back.
      await region.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('option', { name: 'Chinese mainland (resident identity card)' }).press('Enter');
      await expect(page.getByLabel('Resident identity number')).toBeVisible();
      await expect(page.getByLabel('Date of birth')).toHaveCount(0);
      await region.click();
      await page.getByRole('option', { name: 'Hong Kong (HKID card)' }).click();

      const good = hkidNumber();
      const wrong = good.replace(/\((.)\)$/, (_, c: string) => `(${c === '1' ? '2' : '1'})`);
      await page.getByLabel('Legal name').fill('Chan Tai Man');
      await page.getByLabel('HKID number').fill(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('Enter your date of birth')).toBeVisible();
      await page.getByLabel('Date of birth').fill('2012-05-01');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('alert')).toContainText('could not be verified');
      await expect(page.getByTestId('identity-attempts')).toHaveText('4 attempts left today');
      await page.getByLabel('HKID number').fill(good);
      await page.getByRole('button', { name: 'Verify' }).click();
      const result = page.getByTestId('identity-result');
      await expect(result).toContainText('Under 18');
      await expect(result).toContainText('Name: C***********');
      await expect(result).not.toContainText(good.slice(1, 7));
      await expectAxeClean(page);
    });

    test(`at ${size.name} size: a parent sets the passcode, a wrong one is refused with the tries left, the right one turns youth mode off`, async ({
      page,
    }) => {
      await signInByPhone(page.request, size.name === 'phone' ? '608' : '609');
      await ok(await page.request.post('/api/tyler/user/teen_mode', { data: { enable: true } }), 'teen_mode');
      await page.goto('/account/youth-mode');
      const toggle = page.getByRole('switch', { name: 'Youth mode' });
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByRole('heading', { name: 'Set a parental passcode' })).toBeVisible();
      await expectAxeClean(page);
      await page.getByLabel('Parental passcode', { exact: true }).fill('2468');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Turn youth mode off' })).toBeVisible();
      await expect(toggle).toBeDisabled();

      // Change it (the current one, then the new one), by keyboard.
      await page.getByRole('button', { name: 'Change passcode' }).click();
      await page.getByLabel('Current passcode').fill('2468');
      await page.getByLabel('New passcode').fill('1357');
      await page.getByRole('button', { name: 'Change passcode' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Passcode changed.' })).toBeVisible();
      await expectAxeClean(page);

      await page.getByLabel('Parental passcode', { exact: true }).fill('2468');
      await page.getByRole('button', { name: 'Turn off with passcode' }).click();
      await expect(page.getByRole('alert')).toHaveText('Incorrect passcode. 3 attempts left today.');
      await page.getByLabel('Parental passcode', { exact: true }).fill('1357');
      await page.getByRole('button', { name: 'Turn off with passcode' }).click();
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await expect(toggle).toBeEnabled();
    });

    test(`at ${size.name} size: an account signing in from Brazil sees the Brazil notice once, in English and Portuguese, with the feedback link`, async ({
      page,
    }) => {
      await signInFrom(page.request, 'BR');
      await page.goto('/account/settings');
      const notice = page.getByTestId('region-notice');
      await expect(notice.getByText('For people in Brazil')).toBeVisible();
      await expect(notice.locator('[lang="pt-BR"]')).toContainText('LGPD');
      await expect(notice.getByRole('link', { name: 'Send us feedback' })).toHaveAttribute('href', '/editor/restricted-access?feedback=1');
      await expectAxeClean(page);
      await notice.getByRole('button', { name: 'Got it' }).click();
      await expect(notice).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expect(page.getByTestId('region-notice')).toHaveCount(0);
    });
  });
}
