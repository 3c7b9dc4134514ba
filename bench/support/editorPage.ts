// The story editor served on its own for the editor benches (editor-open, editor-keystroke): mfe-editor's built
// files, a browser, and the api answered in the page with a fixed story, so the figures are the editor's, not the
// api's.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildStaleApps, REMOTE_APPS } from '../../scripts/apps';
import { serveStatic } from '../../shell/server/static';

/** The story's two characters, as `editor/story/get` answers them. */
export const BENCH_CHARACTERS = ['c1', 'c2'].map((id, i) => ({
  character_id: id,
  character_name: i === 0 ? 'Mara' : 'Otto',
  settings: 'A lighthouse keeper who never sleeps.',
  style: '',
  character_url: '',
  dubbing_show: { dubbing: 'en_female_calm', language: 'en' },
  type: 'NPC',
}));

/** A chapter of a story of chapters with the given content. */
export function benchChapter(i: number, content: string) {
  return {
    node_id: `n${i}`,
    node_type: 'Simple',
    name: `c${i}`,
    content,
    ending_content: 'The lamp is lit.',
    end_visible: false,
    background_url: '',
    bgm_info: null,
    image_generate_style: null,
  };
}

/** The answer of `editor/story/get` for a story of the given nodes (and a branching story's edges and variables). */
export function benchStory(nodes: unknown[], graph: { edges?: unknown[]; variables?: unknown[] } = {}) {
  return {
    story_id: '1',
    story_info: {
      story_name: 'Bench story',
      introduction: '',
      status: 0,
      image_generate_style: { code: 'anime' },
      story_gen_type: 'UserDefined',
      voice_over_dubbing: { dubbing: 'en_narrator', language: 'en' },
      story_setting_visible: false,
    },
    logo: '',
    loading_background: '',
    version: { version_id: '1' },
    characters: BENCH_CHARACTERS,
    nodes,
    ...graph,
    prologue: { character_id: 'c1', content: 'Hello.' },
    player: { character_name: 'Sam', settings: '' },
    summary: 'A night at the harbour.',
    review_result: null,
  };
}

function answerFor(path: string, story: unknown): unknown {
  if (path.endsWith('/editor/story/get')) return story;
  if (path.endsWith('/editor/character/dubbing_list')) return { language_dubbings: [] };
  if (path.endsWith('/editor/bgm_list')) return { bgm_list: [] };
  if (path.endsWith('/tyler/user/common_config')) return { image_styles: [{ code: 'anime', name: 'Anime', preview: '', members_only: false }] };
  return {};
}

/** Answers every /api call of `page` in the page: `editor/story/get` with `story`, the editor's lists empty. */
export async function fakeEditorApi(page: Page, story: unknown): Promise<void> {
  await page.route('**/api/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ status_code: 0, status_message: 'ok', data: answerFor(path, story) }) });
  });
}

export interface EditorBench {
  base: string;
  browser: Browser;
  close: () => Promise<void>;
}

/**
 * mfe-editor served from its dist (built first when missing or stale), the files `npm start` serves, and Chromium
 * (the system browser). EDITOR_DIST serves another build of the editor instead, unbuilt (e.g. a copy of the dist
 * before a change, to measure before and after in one sitting).
 */
export async function startEditorBench(): Promise<EditorBench> {
  let dir = process.env.EDITOR_DIST;
  if (!dir) {
    const editor = REMOTE_APPS.find((a) => a.dir === 'mfe-editor');
    if (!editor) throw new Error('mfe-editor is not among the front-end apps');
    const built = await buildStaleApps({ apps: [editor], log: () => undefined });
    if (built.length) console.log('built mfe-editor');
    dir = join(__dirname, '..', '..', 'mfe-editor', 'dist');
  } else console.log(`the editor served from ${dir}`);
  const server: Server = await serveStatic({ dir, port: 0, host: '127.0.0.1' });
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    base: `http://127.0.0.1:${port}`,
    browser,
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}
