// Which remote a page address renders first. No imports: the shell's server reads this table too, to send the
// page's hints (see server/page.ts), and the page reads it to preload the same remote (see preload.ts).

/**
 * The remotes a page address needs at once, for the areas a phone opens directly (mobile-first: never sent to the
 * mobile notice). The route table mounts the same remotes at the same prefixes.
 */
export const FIRST_RENDER_REMOTES: readonly (readonly [prefix: string, remote: string])[] = [
  ['/play', 'mfe_player'],
  ['/account', 'mfe_account'],
];

/** The remote whose `./App` the page at `pathname` renders first, if it is one of the mobile-first areas. */
export function remoteForPath(pathname: string): string | null {
  const path = pathname.toLowerCase();
  for (const [prefix, remote] of FIRST_RENDER_REMOTES) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return remote;
  }
  return null;
}

/** The id of the `<script type="application/json">` in which the shell's server hands the page `/remotes.json`. */
export const INLINE_REMOTES_ID = 'remotes-json';
