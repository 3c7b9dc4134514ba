// `/remotes.json` from the environment: where each remote lives is decided when the shell starts, not when it is built.

/** One remote the shell may load: its federation name, the variable giving its base URL, and its default port. */
export interface RemoteDefinition {
  name: string;
  urlVariable: string;
  portVariable: string;
  defaultPort: number;
}

export const REMOTES: readonly RemoteDefinition[] = [
  { name: 'mfe_editor', urlVariable: 'REMOTE_EDITOR_URL', portVariable: 'EDITOR_PORT', defaultPort: 8081 },
  { name: 'mfe_brainstorm', urlVariable: 'REMOTE_BRAINSTORM_URL', portVariable: 'BRAINSTORM_PORT', defaultPort: 8082 },
  { name: 'mfe_player', urlVariable: 'REMOTE_PLAYER_URL', portVariable: 'PLAYER_PORT', defaultPort: 8083 },
  { name: 'mfe_account', urlVariable: 'REMOTE_ACCOUNT_URL', portVariable: 'ACCOUNT_PORT', defaultPort: 8084 },
  { name: 'mfe_ops', urlVariable: 'REMOTE_OPS_URL', portVariable: 'OPS_PORT', defaultPort: 8085 },
];

export const API_BASE = '/api';

export interface RemotesJson {
  remotes: { name: string; entry: string }[];
  apiBase: string;
}

/** Raised for a bad variable; the message names it. */
export class RemotesEnvError extends Error {
  override name = 'RemotesEnvError';
}

type Env = Readonly<Record<string, string | undefined>>;

function set(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** A port variable, or its default. */
export function portFrom(env: Env, variable: string, fallback: number): number {
  const raw = set(env, variable);
  if (raw === undefined) return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) {
    throw new RemotesEnvError(`${variable} must be a port number between 1 and 65535, got "${raw}"`);
  }
  return port;
}

/** An absolute http(s) base URL without a trailing slash. */
export function baseUrlFrom(env: Env, variable: string, fallback: string): string {
  const raw = set(env, variable) ?? fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RemotesEnvError(`${variable} must be an absolute URL such as http://localhost:8081, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RemotesEnvError(`${variable} must be an http or https URL, got "${raw}"`);
  }
  if (url.search || url.hash) {
    throw new RemotesEnvError(`${variable} must be a base URL without query or fragment, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * The content of `/remotes.json`: each remote's manifest at `<REMOTE_*_URL>/mf-manifest.json`, the base URL defaulting
 * to `http://localhost:<port>` with the port from `EDITOR_PORT`, `BRAINSTORM_PORT`, ... or the agreed default.
 */
export function remotesFromEnv(env: Env): RemotesJson {
  return {
    remotes: REMOTES.map((r) => {
      const port = portFrom(env, r.portVariable, r.defaultPort);
      const base = baseUrlFrom(env, r.urlVariable, `http://localhost:${port}`);
      return { name: r.name, entry: `${base}/mf-manifest.json` };
    }),
    apiBase: API_BASE,
  };
}

/** Origins the page may load remote code from, for the Content-Security-Policy. */
export function remoteOrigins(remotes: RemotesJson): string[] {
  return [...new Set(remotes.remotes.map((r) => new URL(r.entry).origin))];
}
