// The public pages the shell's server answers with their first screen already in the HTML, and the data it was
// built from, which the page's own code takes instead of asking the api again. No imports: the shell's server reads
// this file too.

/** The cookie holding the UI's language (written by the kit's i18n), so the server writes the page in it. */
export const LANGUAGE_COOKIE = 'sv_lang';

/** The id of the `<script type="application/json">` holding the pre-rendered page's data. */
export const PRERENDER_DATA_ID = 'prerender-data';

/** The attribute of the element holding the pre-rendered first screen (its value: the remote that owns it). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Which page was pre-rendered; `key` is its id (the story's, the creator's, the topic's; '' for the feed). `shell`:
 * one of the shell's own pages (`key` its name: `home`, `login`), made with no data.
 */
export type PrerenderKind = 'feed' | 'story' | 'user' | 'topic' | 'shell';

/** The data's shape version: a page that does not know it asks the api itself. */
export const PRERENDER_VERSION = 1;

export interface PrerenderedData {
  v: number;
  kind: PrerenderKind;
  key: string;
  /** The address it was made for, without a trailing slash. */
  path: string;
  /** The language its text is in. */
  language: string;
  /** The api answers (each envelope's data), by the name the page knows them by. */
  data: Record<string, unknown>;
}

let cached: PrerenderedData | null | undefined;
let released = false;

function trimmedPath(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

function read(): PrerenderedData | null {
  if (cached !== undefined) return cached;
  cached = null;
  if (typeof document === 'undefined') return cached;
  const text = document.getElementById(PRERENDER_DATA_ID)?.textContent;
  if (!text) return cached;
  try {
    const parsed = JSON.parse(text) as PrerenderedData;
    if (parsed && parsed.v === PRERENDER_VERSION && typeof parsed.kind === 'string' && parsed.data) cached = parsed;
  } catch {
    // A page whose data cannot be read asks the api, as without a pre-render.
  }
  return cached;
}

/**
 * The pre-rendered page's data for `kind`/`key`, while the page the browser opened is still the one shown and no page
 * has taken it over yet; otherwise undefined (the page asks the api).
 */
export function prerenderedData(kind: PrerenderKind, key = ''): PrerenderedData['data'] | undefined {
  const page = read();
  if (!page || released || page.kind !== kind || page.key !== key) return undefined;
  if (typeof location !== 'undefined' && trimmedPath(location.pathname) !== page.path) return undefined;
  return page.data;
}

/** Whether the page the browser opened came pre-rendered and has not been taken over yet. */
export function hasPrerenderedPage(): boolean {
  const page = read();
  if (!page || released) return false;
  return typeof location === 'undefined' || trimmedPath(location.pathname) === page.path;
}

/** The page has rendered its own first screen: the pre-rendered one and its data are not used again. */
export function releasePrerendered(): void {
  released = true;
}

/** For tests: read the page again. */
export function resetPrerendered(): void {
  cached = undefined;
  released = false;
}
