/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createShellServer } from '../server/app';
import { remotesFromEnv } from '../server/remotes';
import { close, listen } from './support/servers';


const INDEX =
  '<!doctype html><html lang="en"><head><meta name="description" content="Create interactive AI stories."><meta property="og:title" content="Storyverse">' +
  '<title>Storyverse</title></head><body><noscript>Storyverse needs JavaScript to run.</noscript>' +
  '<div id="root"><div aria-hidden="true">header</div><main aria-busy="true"><span></span></main></div></body></html>';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe("pre-rendered shell pages (a visitor's /editor and /login)", () => {
  let dist: string;
  let api: Server;
  let shell: Server;
  let base: string;
  let apiCalls = 0;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'shell-prerender-shell-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, '140.0123abcd.css'), '.login-form{display:grid}');
    api = createServer((_req, res) => {
      apiCalls += 1;
      res.writeHead(500);
      res.end();
    });
    shell = createShellServer({ apiUrl: `http://127.0.0.1:${await listen(api)}`, distDir: dist, remotes: remotesFromEnv({}) });
    base = `http://127.0.0.1:${await listen(shell)}`;
  });

  afterAll(async () => {
    await close(shell);
    await close(api);
    rmSync(dist, { recursive: true, force: true });
  });

  async function page(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${path}`, { headers: { accept: 'text/html', ...headers } });
    return { status: res.status, headers: res.headers, body: await res.text() };
  }

  function screen(body: string): string {
    return body.slice(body.indexOf('<main'), body.indexOf('</main>'));
  }

  it('writes the login page: heading, lead and the phone form, with the country from the browser, and the styles', async () => {
    const res = await page('/login', { 'accept-language': 'en-GB,en;q=0.8' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=5');
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(res.body).toContain('<title>Log in · Storyverse</title>');
    expect(res.body).toContain('<meta property="og:title" content="Log in · Storyverse">');
    // The page's description stays the product's.
    expect(res.body).toContain('<meta name="description" content="Create interactive AI stories.">');
    const main = screen(res.body);
    expect(main).toContain('<div data-prerendered="shell" style="display:contents"><article class="page"><h1 class="page__title">Log in</h1>');
    expect(main).toContain('<p class="page__lead">Log in with your phone number. We will text you a 6-digit code.</p>');
    expect(main).toContain('<form class="login-form" novalidate aria-label="Log in with phone">');
    expect(main).toContain('<label class="ui-field__label" for="login-phone">Phone number</label>');
    expect(main).toMatch(/<input id="login-phone" class="ui-input" inputmode="tel" autocomplete="tel" maxlength="32" type="tel" value="">/);
    expect(main).toContain('<option value="GB" selected>United Kingdom (+44)</option>');
    expect(main.match(/ selected>/g)).toHaveLength(1);
    // No submit button: Enter before the page's code arrives sends nothing (and no number into an address).
    expect(main).not.toMatch(/type="submit"/);
    expect(main).toContain('<button type="button" class="ui-button ui-button--secondary ui-button--md login-form__send" disabled>Send code</button>');
    expect(main).not.toContain('aria-busy');
    expect(res.body).toContain('.login-form{display:grid}');
    expect(res.body).toContain('<link rel="stylesheet" href="/140.0123abcd.css" media="not all">');
    // Without code the form cannot send: the no-script notice stays.
    expect(res.body).toContain('<noscript>');
    expect(res.body).toMatch(/"kind":"shell","key":"login","path":"\/login"/);
    expect(apiCalls).toBe(0);
  });

  it("writes the editor's home for a computer, in the visitor's language, and not for a phone", async () => {
    const home = await page('/editor/', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(home.body).toContain('<html lang="zh-CN">');
    expect(home.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie, User-Agent');
    const main = screen(home.body);
    expect(main).toContain('<h1 class="page__title">创作互动 AI 故事</h1>');
    expect(main).toContain('<a class="ui-button ui-button--primary ui-button--md" href="/editor/works">我的故事</a>');
    expect(main).toContain('<a class="ui-button ui-button--secondary ui-button--md" href="/play">开始玩故事</a>');
    expect(home.body).toMatch(/"kind":"shell","key":"home","path":"\/editor"/);

    const chosen = await page('/login', { 'accept-language': 'zh-CN', cookie: 'sv_lang=en' });
    expect(screen(chosen.body)).toContain('<h1 class="page__title">Log in</h1>');
    expect(screen(chosen.body)).toContain('<option value="CN" selected>');

    // The app sends a phone to the mobile notice: it gets the page as before.
    const phone = await page('/editor', { 'user-agent': IPHONE });
    expect(phone.headers.get('cache-control')).toBe('no-cache');
    expect(phone.body).toContain('<main aria-busy="true">');
    expect(phone.body).not.toContain('prerender-data');
  });

  it('never sends the login screen or a kept copy to a visitor with a session', async () => {
    await page('/login');
    for (const path of ['/login', '/editor']) {
      const mine = await page(path, { cookie: 'theme=dark; sv_session=alice' });
      expect(mine.status).toBe(200);
      expect(mine.headers.get('cache-control')).toBe('no-cache');
      expect(mine.body).toContain('<main aria-busy="true">');
      expect(mine.body).not.toContain('data-prerendered');
    }
  });

  it('keeps the page per address, language and country, and leaves every other shell address as before', async () => {
    const first = await page('/login', { 'accept-language': 'en-US' });
    const again = await page('/login', { 'accept-language': 'en-US' });
    expect(again.body).toBe(first.body);
    const canada = await page('/login', { 'accept-language': 'en-CA' });
    expect(screen(canada.body)).toContain('<option value="CA" selected>');
    for (const path of ['/editor/works', '/ops', '/login/extra', '/']) {
      const other = await page(path);
      expect(other.body).not.toContain('prerender-data');
    }
    const notHtml = await fetch(`${base}/login`, { headers: { accept: 'application/json' } });
    expect(notHtml.status).toBe(404);
  });

  it('sends the page as before when the page cannot be written into the app (no main landmark to put it in)', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'shell-prerender-bare-'));
    writeFileSync(join(bare, 'index.html'), '<!doctype html><html lang="en"><head><title>Storyverse</title></head><body><div id="root"></div></body></html>');
    const other = createShellServer({ apiUrl: 'http://127.0.0.1:9', distDir: bare, remotes: remotesFromEnv({}) });
    try {
      const res = await fetch(`http://127.0.0.1:${await listen(other)}/login`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root"></div>');
    } finally {
      await close(other);
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
