import { expect, test, type Browser, type Page } from '@playwright/test';
import { fictionalPhone, latestCode } from '../support/outbox';
import { ok, signInAsOperator, signInByPhone } from '../support/session';

test.use({ viewport: { width: 1280, height: 800 } });

interface Mine {
  creation_until: string | null;
  login_until: string | null;
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
}

/** The date as the app writes it (English, medium date and short time, in the browser's time zone). */
function shown(page: Page, iso: string): Promise<string> {
  return page.evaluate((d) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(d)), iso);
}

test('a creation ban: the creator meets the forbidden-create page with its date, appeals, the operator approves, the creator creates again', async ({ browser }) => {
  test.slow();
  const creator = await newPage(browser);
  const operator = await newPage(browser);
  await signInByPhone(creator.request, '658');
  const nickname = `Banned Writer ${Date.now() % 100000}`;
  await ok(await creator.request.post('/api/tyler/user/save', { data: { nickname } }), 'user/save');
  await signInAsOperator(operator);
  // The creator has the story editor open before the ban.
  await creator.goto('/editor/story/new');
  await expect(creator.getByRole('heading', { level: 1, name: 'Story editor' })).toBeVisible();

  // The operator finds the account by nickname and bans it from creating for 7 days.
  await operator.goto('/ops/users');
  await operator.getByRole('searchbox', { name: 'Find an account' }).fill(nickname);
  await operator.getByRole('button', { name: 'Search' }).click();
  await operator.getByRole('table', { name: 'Accounts found' }).getByRole('link', { name: nickname }).click();
  await expect(operator.getByRole('heading', { level: 1, name: `Account: ${nickname}` })).toBeVisible();
  const give = operator.getByRole('form', { name: 'Sanction this account' });
  await expect(give.getByRole('combobox', { name: 'Sanction' })).toHaveText(/Creation ban/);
  await expect(give.getByRole('combobox', { name: 'Length' })).toHaveText(/7 days/);
  await give.getByRole('textbox', { name: 'Reason' }).fill('Copies of other stories');
  await give.getByRole('button', { name: 'Apply sanction' }).click();
  await expect(operator.getByText('The sanction is applied.')).toBeVisible();
  await expect(operator.getByTestId('ban-status')).toHaveText('Banned');

  const until = (await ok<Mine>(await creator.request.get('/api/tyler/user/sanction'), 'user/sanction')).creation_until!;
  expect(until).not.toBeNull();

  // Saving the open story is refused (1010250): the editor goes to the forbidden-create page with the end date.
  await creator.getByLabel('Story name').fill('Not today');
  await creator.getByRole('button', { name: 'Save draft' }).click();
  await expect(creator.getByText('Not saved: Your account cannot create for now')).toBeVisible();
  // The page is left for the forbidden-create page; the leave guard asks first (the changes cannot be saved).
  await creator.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(creator).toHaveURL(/\/editor\/forbidden-create$/);
  await expect(creator.getByRole('heading', { level: 1, name: 'Creation not available' })).toBeVisible();
  await expect(creator.getByText(`Your account cannot create or edit stories until ${await shown(creator, until)}.`)).toBeVisible();
  await expect(creator.getByText('Reason: Copies of other stories')).toBeVisible();
  // Entering a create route now leads straight there, before any form is filled.
  for (const path of ['/editor/story/new', '/editor/story-ai']) {
    await creator.goto(path);
    await expect(creator).toHaveURL(/\/editor\/forbidden-create$/);
    await expect(creator.getByRole('heading', { level: 1, name: 'Creation not available' })).toBeVisible();
  }

  // One appeal, with a text.
  await creator.getByRole('textbox', { name: 'Why should this ban be lifted?' }).fill('These are my own stories, drafts of one idea.');
  await creator.getByRole('button', { name: 'Send appeal' }).click();
  await expect(creator.getByText('Your appeal was sent. You will find the answer in your inbox.')).toBeVisible();
  await expect(creator.getByRole('button', { name: 'Send appeal' })).toHaveCount(0);

  // The operator approves it from the appeal queue.
  await operator.goto('/ops/appeals');
  const appeal = operator.getByRole('article', { name: `Appeal from ${nickname}` });
  await expect(appeal).toContainText('These are my own stories, drafts of one idea.');
  await appeal.getByRole('textbox', { name: 'Reason for the decision' }).fill('Checked: they are drafts of one story');
  await appeal.getByRole('button', { name: 'Approve (lift the ban)' }).click();
  await expect(operator.getByText('Appeal approved: the ban is lifted.')).toBeVisible();
  await expect(appeal).toHaveCount(0);

  // The creator is told, the page says so, and saving works again.
  const inbox = await ok<{ list: Array<{ kind: string; text: string }> }>(await creator.request.get('/api/notice_box/list'), 'notice_box/list');
  expect(inbox.list[0]).toMatchObject({ kind: 'AppealApproved', text: 'Checked: they are drafts of one story' });
  await creator.reload();
  await expect(creator.getByText('Your account can create stories again.')).toBeVisible();
  await creator.goto('/editor/story/new');
  await creator.getByLabel('Story name').fill('Back again');
  await creator.getByRole('button', { name: 'Save draft' }).click();
  await expect(creator.getByText('Saved successfully')).toBeVisible();
});

test('a login ban ends the session with its date, and signing in is refused with 1015 and the date', async ({ browser }) => {
  test.slow();
  const victim = await newPage(browser);
  const operator = await newPage(browser);
  const phone = fictionalPhone('659');
  const sentAt = Date.now();
  await ok(await victim.request.post('/api/passport/sms/send', { data: { phone: phone.e164 } }), 'sms/send');
  const code = await latestCode(victim.request, phone.e164);
  await ok(await victim.request.post('/api/passport/sms/login', { data: { phone: phone.e164, code } }), 'sms/login');
  await ok(await victim.request.post('/api/tyler/user/log_in_confirm', { data: { is_adult: true, agree_terms: true } }), 'log_in_confirm');
  const { uid } = await ok<{ uid: string }>(await victim.request.get('/api/tyler/user/detail'), 'user/detail');

  await signInAsOperator(operator);
  const ban = await ok<{ ends_at: string }>(
    await operator.request.post('/api/ops/user/sanction', { data: { uid, kind: 'LoginBan', days: 7, reason: 'Harassing other players' } }),
    'user/sanction',
  );
  const date = await shown(victim, ban.ends_at);

  // The open session is refused on its next call (1015): the login page says why, with the end date.
  await victim.goto('/editor/works');
  await expect(victim).toHaveURL(/\/login$/);
  await expect(victim.getByRole('alert')).toHaveText(`Your account is suspended until ${date}. Reason: Harassing other players`);

  // Signing in again (a new code may be asked for 60 s after the last) is refused with the date.
  await victim.waitForTimeout(Math.max(0, sentAt + 61_000 - Date.now()));
  const form = victim.getByRole('form', { name: 'Log in with phone' });
  await form.getByLabel('Phone number').fill(phone.national);
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form.getByLabel('Verification code')).toBeVisible();
  await form.getByLabel('Verification code').fill(await latestCode(victim.request, phone.e164));
  const login = victim.waitForResponse((r) => r.url().includes('/api/passport/sms/login'));
  await form.getByRole('button', { name: 'Log in' }).click();
  expect(((await (await login).json()) as { status_code: number }).status_code).toBe(1015);
  await expect(form.getByText(`Your account is suspended until ${date}. Reason: Harassing other players`)).toBeVisible();
  await expect(victim).toHaveURL(/\/login$/);
});
