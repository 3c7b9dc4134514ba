import { PRERENDER_DATA_ID, PRERENDERED_ATTRIBUTE, PRERENDER_VERSION, type PrerenderedData } from '../../../shared-kit/src/prerender';
import { esc, type PageHead } from '../../../mfe-player/src/prerender/markup';
import type { PublicPage } from './pages';

const PRODUCT = 'Storyverse';

/** JSON that is safe inside a `<script>` element (no `</script>`, no comment opener, no line separators). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A description of at most 160 characters on one line, as search results and link previews show it. */
function shortText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

export interface DocumentParts {
  page: PublicPage;
  language: string;
  head: PageHead;
  /** The page's element (the player's markup). */
  body: string;
  data: Record<string, unknown>;
  /** The styles the first screen needs before any code runs (the shell's and the player's), written into the page. */
  styles: string;
  /** The shell's stylesheet files those styles include (see below). */
  shellCssFiles: string[];
  /** `https://host`, for the absolute addresses of Open Graph. */
  origin: string;
}

/**
 * The app's page (index.html with /remotes.json already written in) with the first screen of a public page: its
 * title, description and Open Graph tags, its styles, the player's markup in the layout's main landmark (where the
 * player renders it), and the data it was made from for the player to take.
 */
export function prerenderedDocument(template: string, parts: DocumentParts): string | null {
  const { page, head } = parts;
  if (!/<main[\s>][\s\S]*?<\/main>/.test(template) || !template.includes('</head>')) return null;
  const title = head.title.trim() ? `${head.title.trim()} · ${PRODUCT}` : PRODUCT;
  const description = shortText(head.description) || shortText(title);
  const url = `${parts.origin}${page.path}`;
  const image = head.image ? new URL(head.image, parts.origin).href : null;
  const data: PrerenderedData = { v: PRERENDER_VERSION, kind: page.kind, key: page.key, path: page.path, language: parts.language, data: parts.data };
  const meta = [
    `<meta property="og:url" content="${esc(url)}">`,
    image ? `<meta property="og:image" content="${esc(image)}">` : '',
    `<link rel="canonical" href="${esc(url)}">`,
    // The shell's stylesheets are in the page already: a link per file, matching no media (never fetched for the
    // screen, never blocking it), tells the app's chunk loader so, and it does not add the file again after the
    // player's styles (which would reorder the rules for a frame: the kit's card padding over the player's).
    ...parts.shellCssFiles.map((f) => `<link rel="stylesheet" href="/${esc(f)}" media="not all">`),
    parts.styles ? `<style data-prerendered-styles>${parts.styles.replace(/<\/style/gi, '<\\/style')}</style>` : '',
    `<script type="application/json" id="${PRERENDER_DATA_ID}">${scriptJson(data)}</script>`,
  ].join('');
  const main = `<main id="main" class="app-main" tabindex="-1"><div ${PRERENDERED_ATTRIBUTE}="mfe_player" class="pl">${parts.body}</div></main>`;
  return template
    .replace(/<html([^>]*)\slang="[^"]*"/i, `<html$1 lang="${esc(parts.language)}"`)
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${esc(title)}</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/i, (_m, a: string, b: string) => `${a}${esc(description)}${b}`)
    .replace(/(<meta property="og:title" content=")[^"]*(")/i, (_m, a: string, b: string) => `${a}${esc(title)}${b}`)
    .replace(/(<meta property="og:description" content=")[^"]*(")/i, (_m, a: string, b: string) => `${a}${esc(description)}${b}`)
    // The first screen needs no code: the page's scripts come after its pictures (a story's cover is its largest
    // paint), not alongside them on a slow link; the player takes over when they have arrived.
    .replace(/(<script[^>]*\s)fetchpriority="high"/g, '$1fetchpriority="low"')
    .replace(/<link rel="preload" as="script"/g, '<link rel="preload" as="script" fetchpriority="low"')
    .replace('</head>', () => `${meta}</head>`)
    .replace(/<noscript>[\s\S]*?<\/noscript>/i, '')
    .replace(/<main[\s>][\s\S]*?<\/main>/, () => main);
}

export interface ShellDocumentParts {
  /** The page's name (the data's key) and address. */
  page: { name: string; path: string };
  language: string;
  /** The page's title, without the product's name. */
  title: string;
  /** The page's element, as the shell's page renders it. */
  body: string;
  /** The shell's stylesheets, written into the page. */
  styles: string;
  shellCssFiles: string[];
}

/**
 * The app's page with the first screen of one of the shell's own pages (the editor's home, the login page) in the
 * layout's main landmark, its title, and the shell's styles. The page's scripts keep their priority (the page is
 * text: nothing of it waits for them, and the form wants them soon) and the page's description and no-script notice
 * stay (without code, the form cannot send a code).
 */
export function shellDocument(template: string, parts: ShellDocumentParts): string | null {
  if (!/<main[\s>][\s\S]*?<\/main>/.test(template) || !template.includes('</head>')) return null;
  const title = parts.title.trim() ? `${parts.title.trim()} · ${PRODUCT}` : PRODUCT;
  const data: PrerenderedData = { v: PRERENDER_VERSION, kind: 'shell', key: parts.page.name, path: parts.page.path, language: parts.language, data: {} };
  const meta = [
    ...parts.shellCssFiles.map((f) => `<link rel="stylesheet" href="/${esc(f)}" media="not all">`),
    parts.styles ? `<style data-prerendered-styles>${parts.styles.replace(/<\/style/gi, '<\\/style')}</style>` : '',
    `<script type="application/json" id="${PRERENDER_DATA_ID}">${scriptJson(data)}</script>`,
  ].join('');
  // `display: contents`: the wrapper takes no room, so the page's own element sits where the app puts it.
  const main = `<main id="main" class="app-main" tabindex="-1"><div ${PRERENDERED_ATTRIBUTE}="shell" style="display:contents">${parts.body}</div></main>`;
  return template
    .replace(/<html([^>]*)\slang="[^"]*"/i, `<html$1 lang="${esc(parts.language)}"`)
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${esc(title)}</title>`)
    .replace(/(<meta property="og:title" content=")[^"]*(")/i, (_m, a: string, b: string) => `${a}${esc(title)}${b}`)
    .replace('</head>', () => `${meta}</head>`)
    .replace(/<main[\s>][\s\S]*?<\/main>/, () => main);
}
