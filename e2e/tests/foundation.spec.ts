import { expect, test, type Page, type Request } from '@playwright/test';
import { PHONE } from '../support/phone';
import { REMOTE_APPS } from '../../scripts/apps';
import { productUrls, startRemoteServer, startShellServer } from '../../scripts/start';
import type { Service } from '../../scripts/services';
import { shellEnv } from '../support/env';
import { fileLog } from '../support/log';
import { E2E_PORTS, SPARE_PORTS } from '../support/ports';
import { signInAsOperator, signInByPhone } from '../support/session';

const MOUNTS = [
  { remote: 'mfe_editor', port: E2E_PORTS.editor, path: '/editor/works', heading: 'My Story' },
  { remote: 'mfe_brainstorm', port: E2E_PORTS.brainstorm, path: '/editor/story-ai', heading: 'Create with AI' },
  { remote: 'mfe_player', port: E2E_PORTS.player, path: '/play', heading: 'Stories' },
  { remote: 'mfe_account', port: E2E_PORTS.account, path: '/account', heading: 'Account' },
  { remote: 'mfe_ops', port: E2E_PORTS.ops, path: '/ops', heading: 'Review queue' },
] as const;

/** Every request the page makes, to check where remote code came from. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r: Request) => urls.push(r.url()));
  return urls;
}

for (const mount of MOUNTS) {
  test(`${mount.remote} mounts at ${mount.path}, loaded at run time from port ${mount.port}`, async ({
    page,
  }) => {
    // My Story lists the signed-in creator's stories; a visitor is sent to log in (spec §8, 1007).
    if (mount.remote === 'mfe_editor') await signInByPhone(page.request, '646');
    // The console is for operators: anyone else never loads its remote (see role-gates.spec.ts).
    if (mount.remote === 'mfe_ops') await signInAsOperator(page);
    const requests = recordRequests(page);
    const manifest = page.waitForResponse(`http://localhost:${mount.port}/mf-manifest.json`);
    const entry = page.waitForResponse(`http://localhost:${mount.port}/remoteEntry.js`);
    await page.goto(mount.path);

    await expect(page.getByRole('heading', { level: 1, name: mount.heading })).toBeVisible();
    await expect(page.locator(`[data-remote="${mount.remote}"]`)).toBeVisible();
    expect((await manifest).ok()).toBe(true);
    expect((await entry).ok()).toBe(true);
    // The shell bundles no remote: the remote's code came from the remote's own server.
    const shellOrigin = `http://localhost:${E2E_PORTS.shell}`;
    expect(requests.filter((u) => u.startsWith(shellOrigin) && /remoteEntry|mf-manifest/.test(u))).toEqual(
      [],
    );
  });
}

test('a deep link survives a reload', async ({ page }) => {
  await signInByPhone(page.request, '646');
  await page.goto('/editor/works');
  await expect(page.getByRole('heading', { level: 1, name: 'My Story' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Story' })).toBeVisible();
  await expect(page).toHaveURL(/\/editor\/works$/);
});

test('links inside a remote navigate within the shell', async ({ page }) => {
  await signInByPhone(page.request, '646');
  await page.goto('/editor/works');
  await page.getByRole('link', { name: 'Create story' }).click();
  await expect(page).toHaveURL(/\/editor\/story\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Story editor' })).toBeVisible();
});

test('every address the start command prints answers', async ({ request }) => {
  for (const [app, url] of Object.entries(productUrls(E2E_PORTS))) {
    const res = await request.get(url);
    expect(res.status(), `${app} at ${url}`).toBe(200);
  }
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('editor pages send the visitor to the mobile page, the terms stay open', async ({ page }) => {
    await page.goto('/editor/works');
    await expect(page).toHaveURL(/\/editor\/mobile$/);
    await expect(page.getByText(/The story editor is made for a computer/)).toBeVisible();
    await page.goto('/editor/protocol/terms');
    await expect(page).toHaveURL(/\/editor\/protocol\/terms$/);
  });

  test('the address a newcomer opens first leads a phone into the player, and the console says it needs a computer', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/play$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Stories' })).toBeVisible();
    await page.goto('/ops');
    await expect(page).toHaveURL(/\/editor\/mobile$/);
    await expect(page.getByText(/The moderation console is made for a computer/)).toBeVisible();
    await page.getByRole('link', { name: 'Play stories' }).click();
    await expect(page).toHaveURL(/\/play$/);
  });
});

test.describe('remote placement comes from the shell server environment', () => {
  const started: Service[] = [];
  test.afterAll(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
  });

  test('a remote that is down shows the fallback while the header and the other remotes work', async ({
    page,
  }) => {
    await signInByPhone(page.request, '646');
    const port = SPARE_PORTS.shellWithRemoteDown;
    started.push(
      await startShellServer(
        port,
        fileLog,
        shellEnv({ REMOTE_PLAYER_URL: `http://localhost:${SPARE_PORTS.closed}` }),
        'shell (player down)',
      ),
    );
    // A page of the player the server sends without a first screen (the public ones keep theirs: prerender.spec.ts).
    await page.goto(`http://localhost:${port}/play/user/1/followers`);
    await expect(page.getByText(/temporarily unavailable/i)).toBeVisible();
    // The message is the page's heading, in the page's one main landmark.
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: /temporarily unavailable/i })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Stories' })).toHaveCount(0);

    await page.goto(`http://localhost:${port}/editor/works`);
    await expect(page.getByRole('heading', { level: 1, name: 'My Story' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('a remote moved to another port loads without rebuilding the shell', async ({ page }) => {
    const editor = REMOTE_APPS.find((a) => a.dir === 'mfe-editor');
    if (!editor) throw new Error('mfe-editor is not in the app list');
    started.push(await startRemoteServer(editor, SPARE_PORTS.movedEditor, fileLog));
    const port = SPARE_PORTS.shellWithMovedEditor;
    started.push(
      await startShellServer(
        port,
        fileLog,
        shellEnv({ REMOTE_EDITOR_URL: `http://localhost:${SPARE_PORTS.movedEditor}` }),
        'shell (editor moved)',
      ),
    );
    await signInByPhone(page.request, '646');
    const requests = recordRequests(page);
    const manifest = page.waitForResponse(`http://localhost:${SPARE_PORTS.movedEditor}/mf-manifest.json`);
    await page.goto(`http://localhost:${port}/editor/works`);
    await expect(page.getByRole('heading', { level: 1, name: 'My Story' })).toBeVisible();
    expect((await manifest).ok()).toBe(true);
    expect(requests.some((u) => u.startsWith(`http://localhost:${E2E_PORTS.editor}/`))).toBe(false);
  });
});
