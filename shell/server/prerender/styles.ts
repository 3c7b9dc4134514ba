import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How long the player's stylesheet is kept before its manifest is read again (a redeployed remote changes it). */
const REMOTE_CSS_TTL_MS = 60_000;
/** After a failed read, how long the pages go without it before asking again. */
const REMOTE_CSS_RETRY_MS = 5_000;

/** The shell's own stylesheets (the kit's and the layout's): every `.css` at the top of its build, by file name. */
export function shellStyles(distDir: string): { files: string[]; css: string } {
  try {
    const files = readdirSync(distDir)
      .filter((f) => f.endsWith('.css'))
      .sort();
    return { files, css: files.map((f) => readFileSync(join(distDir, f), 'utf8')).join('\n') };
  } catch {
    return { files: [], css: '' };
  }
}

interface Manifest {
  exposes?: { path: string; assets?: { css?: { sync?: string[]; async?: string[] } } }[];
}

/**
 * A remote's stylesheets for its `./App` (sync and async, as its manifest lists them), read from where the browser
 * reads them and kept a minute; '' while the remote cannot be reached (the page is still sent, with the shell's own
 * styles). `entry` is the remote's manifest URL from `/remotes.json`.
 */
export function remoteStyles(entry: string, timeoutMs = 1500): () => Promise<string> {
  let cached: { css: string; until: number } | null = null;
  let pending: Promise<string> | null = null;

  async function load(): Promise<string> {
    const signal = () => AbortSignal.timeout(timeoutMs);
    const res = await fetch(entry, { signal: signal() });
    if (!res.ok) throw new Error(`${entry}: HTTP ${res.status}`);
    const manifest = (await res.json()) as Manifest;
    const css = manifest.exposes?.find((e) => e.path === './App')?.assets?.css;
    const files = [...new Set([...(css?.sync ?? []), ...(css?.async ?? [])])];
    const texts = await Promise.all(
      files.map(async (file) => {
        const r = await fetch(new URL(file, entry), { signal: signal() });
        if (!r.ok) throw new Error(`${file}: HTTP ${r.status}`);
        return r.text();
      }),
    );
    return [...new Set(texts)].join('\n');
  }

  return () => {
    const now = Date.now();
    if (cached && cached.until > now) return Promise.resolve(cached.css);
    pending ??= load().then(
      (css) => {
        cached = { css, until: Date.now() + REMOTE_CSS_TTL_MS };
        return css;
      },
      () => {
        cached = { css: '', until: Date.now() + REMOTE_CSS_RETRY_MS };
        return '';
      },
    ).finally(() => {
      pending = null;
    });
    return pending;
  };
}
