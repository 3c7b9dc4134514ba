/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createShellServer } from '../server/app';
import { pageLanguage } from '../server/prerender/request';
import { remotesFromEnv } from '../server/remotes';
import { close, listen } from './support/servers';


const INDEX =
  '<!doctype html><html lang="en"><head><meta name="description" content="Create interactive AI stories."><meta property="og:title" content="Storyverse">' +
  '<meta property="og:description" content="Create interactive AI stories."><title>Storyverse</title></head><body><noscript>Storyverse needs JavaScript to run.</noscript>' +
  '<div id="root"><div aria-hidden="true">header</div><main aria-busy="true"><span></span></main></div></body></html>';

const STORY = {
  story_id: '7',
  story_name: 'The Last Lamp <script>alert(1)</script>',
  introduction: 'A storm is rolling in.',
  logo: '/api/media/0123456789abcdef01234567',
  chapters_count: 3,
  creator: { uid: '42', nickname: 'Mara', avatar: '' },
  is_bot: false,
  like_count: 1500,
  comment_count: 2,
  liked: false,
  player: { character_name: 'Sam', settings: 'A keeper.' },
  characters: [{ character_id: 'c1', character_name: 'Otto', character_url: '', type: 'NPC' }],
};
const card = { story_id: '7', story_name: 'The Last Lamp', introduction: 'A storm is rolling in.', logo: '', chapters_count: 3, creator: { uid: '42', nickname: 'Mara', avatar: '' }, like_count: 0, comment_count: 0 };

/** The api's answers for the player's public pages; a session `alice` follows the creator, anyone else does not. */
function answer(req: IncomingMessage): { status_code: number; data?: unknown } {
  const url = new URL(req.url ?? '/', 'http://api');
  const session = /sv_session=([^;]+)/.exec(String(req.headers.cookie ?? ''))?.[1];
  switch (url.pathname) {
    case '/api/tyler/story/list':
      return { status_code: 0, data: { stories: [card], has_more: false, next_offset: 1 } };
    case '/api/activity/home':
      return { status_code: 0, data: { banners: [], topics: [{ topic_id: '5', title: 'Sea tales', description: '', type: 'Top', story_count: 1 }] } };
    case '/api/tyler/detail':
      return url.searchParams.get('story_id') === '7' ? { status_code: 0, data: STORY } : { status_code: 1020101 };
    case '/api/tyler/check_coverage':
      return { status_code: 0, data: { has_play: session === 'alice' } };
    case '/api/tyler/user/author_detail':
      return {
        status_code: 0,
        data: { uid: '42', nickname: 'Mara', username: 'mara', avatar: '', follower_count: 12, following_count: 3, likes_received: 20000, following: session === 'alice', blocked: false, is_self: false, stories: [card] },
      };
    case '/api/activity/topic/detail':
      return { status_code: 0, data: { topic: { topic_id: '5', title: 'Sea tales', description: 'Storms and lighthouses.', type: 'Top', story_count: 1 }, stories: [card] } };
    default:
      return { status_code: 1016 };
  }
}

describe('pre-rendered public pages', () => {
  let dist: string;
  let api: Server;
  let player: Server;
  let shell: Server;
  let base: string;
  const apiCalls: { path: string; cookie: string; language: string }[] = [];
  let apiDown = false;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'shell-prerender-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, '140.0123abcd.css'), '.ui-card{border:1px solid}');
    api = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://api');
      apiCalls.push({ path: url.pathname, cookie: String(req.headers.cookie ?? ''), language: url.searchParams.get('language') ?? '' });
      if (apiDown) {
        res.destroy();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status_message: 'ok', ...answer(req) }));
    });
    player = createServer((req, res) => {
      if (req.url === '/mf-manifest.json') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ exposes: [{ path: './App', assets: { css: { sync: ['app.css'], async: ['more.css'] } } }] }));
      } else if (req.url === '/app.css' || req.url === '/more.css') {
        res.writeHead(200, { 'Content-Type': 'text/css' });
        res.end(req.url === '/app.css' ? '.player-title{font-size:2rem}' : '.player-topic{display:flex}');
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    const playerPort = await listen(player);
    const apiPort = await listen(api);
    shell = createShellServer({ apiUrl: `http://127.0.0.1:${apiPort}`, distDir: dist, remotes: remotesFromEnv({ REMOTE_PLAYER_URL: `http://127.0.0.1:${playerPort}` }) });
    base = `http://127.0.0.1:${await listen(shell)}`;
  });

  afterAll(async () => {
    await close(shell);
    await close(api);
    await close(player);
    rmSync(dist, { recursive: true, force: true });
  });

  beforeEach(() => {
    apiCalls.length = 0;
    apiDown = false;
  });

  async function page(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${path}`, { headers: { accept: 'text/html', ...headers } });
    return { status: res.status, headers: res.headers, body: await res.text() };
  }

  /** The first screen's buttons and fields do nothing until the player takes over, so they are disabled till then. */
  function expectControlsDisabled(body: string): void {
    const screen = body.slice(body.indexOf('data-prerendered='), body.indexOf('</main>'));
    const controls = screen.match(/<(button|input)\b[^>]*>/g) ?? [];
    expect(controls.length).toBeGreaterThan(0);
    // The selected tab alone stays enabled (a click on it changes nothing), so the scrolling tab row keeps a focusable tab.
    const waiting = controls.filter((c) => !c.includes('aria-selected="true"'));
    expect(waiting.filter((c) => !/\sdisabled[\s>]/.test(c))).toEqual([]);
  }

  function data(body: string): { kind: string; key: string; path: string; language: string; data: Record<string, unknown> } {
    const json = /<script type="application\/json" id="prerender-data">([\s\S]*?)<\/script>/.exec(body)?.[1];
    if (!json) throw new Error('no pre-render data in the page');
    return JSON.parse(json) as ReturnType<typeof data>;
  }

  it("writes a story's first screen, head and data into the page, escaped, with the shell's and the player's styles", async () => {
    const res = await page('/play/story/7', { 'accept-language': 'en-GB,en;q=0.8' });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>The Last Lamp &lt;script&gt;alert(1)&lt;/script&gt; · Storyverse</title>');
    expect(res.body).toContain('<meta name="description" content="A storm is rolling in.">');
    expect(res.body).toContain('<meta property="og:title" content="The Last Lamp &lt;script&gt;alert(1)&lt;/script&gt; · Storyverse">');
    expect(res.body).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/api\/media\/0123456789abcdef01234567">/);
    expect(res.body).toContain('<h1 class="player-title">The Last Lamp &lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('by Mara · 3 chapters');
    expect(res.body).toContain('1500 likes');
    expect(res.body).toContain('You play <strong>Sam</strong>: A keeper.');
    expectControlsDisabled(res.body);
    expect(res.body).toContain('<main id="main" class="app-main" tabindex="-1"><div data-prerendered="mfe_player" class="pl">');
    expect(res.body).not.toContain('aria-busy');
    expect(res.body).not.toContain('<noscript>');
    expect(res.body).toContain('.ui-card{border:1px solid}');
    expect(res.body).toContain('.player-title{font-size:2rem}');
    expect(res.body).toContain('.player-topic{display:flex}');
    const embedded = data(res.body);
    expect(embedded).toMatchObject({ kind: 'story', key: '7', path: '/play/story/7', language: 'en' });
    expect((embedded.data.story as { story_name: string }).story_name).toBe(STORY.story_name);
    // A visitor has no plays: coverage is not asked for.
    expect(apiCalls.map((c) => c.path)).toEqual(['/api/tyler/detail']);
  });

  it('writes the page in the language cookie, else in the first Accept-Language with a catalogue', async () => {
    const zh = await page('/play/user/42', { 'accept-language': 'fr-FR, zh-CN;q=0.9, en;q=0.5' });
    expect(zh.body).toContain('<html lang="zh-CN">');
    expect(zh.body).toContain('2万');
    expect(data(zh.body).language).toBe('zh-CN');
    expect(apiCalls[0]?.language).toBe('zh');
    const chosen = await page('/play/user/42', { 'accept-language': 'zh-CN', cookie: 'sv_lang=en' });
    expect(chosen.body).toContain('<html lang="en">');
    expect(chosen.body).toContain('Followers');
    expect(pageLanguage({ headers: { 'accept-language': 'de, *' } })).toBe('en');
    expect(pageLanguage({ headers: { 'accept-language': 'zh-TW;q=0.2, de' } })).toBe('zh-CN');
  });

  it('keeps a signed-out page a few seconds per address and language, and says so with Vary on the language', async () => {
    const first = await page('/play/topic/5', { 'accept-language': 'en' });
    expect(first.headers.get('cache-control')).toBe('public, max-age=5');
    expect(first.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(first.body).toContain('<h1 class="player-title">Sea tales</h1>');
    expect(first.body).toContain('Storms and lighthouses.');
    const again = await page('/play/topic/5', { 'accept-language': 'en' });
    expect(again.body).toBe(first.body);
    expect(apiCalls.filter((c) => c.path === '/api/activity/topic/detail')).toHaveLength(1);
    const chinese = await page('/play/topic/5', { 'accept-language': 'zh-CN' });
    expect(chinese.body).toContain('<html lang="zh-CN">');
    expect(apiCalls.filter((c) => c.path === '/api/activity/topic/detail')).toHaveLength(2);
  });

  it("makes a signed-in visitor's page with their session only, never keeps it, and never shows it to anyone else", async () => {
    const alice = await page('/play/user/42', { cookie: 'theme=dark; sv_session=alice; other=1' });
    expect(alice.headers.get('cache-control')).toBe('private, no-store');
    expect(alice.body).toContain('aria-pressed="true" disabled>Following</button>');
    expect(apiCalls.at(-1)?.cookie).toBe('sv_session=alice');
    expect((data(alice.body).data.author as { following: boolean }).following).toBe(true);

    const visitor = await page('/play/user/42');
    expect(visitor.headers.get('cache-control')).toBe('public, max-age=5');
    expect(visitor.body).toContain('aria-pressed="false" disabled>Follow</button>');
    expect(visitor.body).not.toContain('aria-pressed="true"');
    expect((data(visitor.body).data.author as { following: boolean }).following).toBe(false);

    const bob = await page('/play/user/42', { cookie: 'sv_session=bob' });
    expect(bob.body).not.toContain('aria-pressed="true"');
    expect(apiCalls.at(-1)?.cookie).toBe('sv_session=bob');
    // A signed-in visitor's story page knows their plays.
    const story = await page('/play/story/7', { cookie: 'sv_session=alice' });
    expect(story.body).toContain('>Continue</button>');
  });

  it('writes the feed with its topics and first page of stories', async () => {
    const res = await page('/play/', { 'accept-language': 'en' });
    expect(res.body).toContain('<h1 class="player-title">Stories</h1>');
    expect(res.body).toContain('<span class="player-topic__title">Sea tales</span>');
    expect(res.body).toContain('<a class="player-card__link" href="/play/story/7">The Last Lamp</a>');
    expect(data(res.body)).toMatchObject({ kind: 'feed', key: '', path: '/play' });
    expectControlsDisabled(res.body);
  });

  it("sends the page as before when the api refuses, fails or the address is not a public page's", async () => {
    const missing = await page('/play/story/8');
    expect(missing.status).toBe(200);
    expect(missing.headers.get('cache-control')).toBe('no-cache');
    expect(missing.body).toContain('<main aria-busy="true">');
    expect(missing.body).not.toContain('prerender-data');

    apiDown = true;
    const down = await page('/play/user/43');
    expect(down.status).toBe(200);
    expect(down.body).toContain('<main aria-busy="true">');

    const other = await page('/play/story/7/play');
    expect(other.body).not.toContain('prerender-data');
    const notHtml = await fetch(`${base}/play/story/7`, { headers: { accept: 'application/json' } });
    expect(notHtml.status).toBe(404);
  });
});
