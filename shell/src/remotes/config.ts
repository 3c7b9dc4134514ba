import { registerRemotes } from '@module-federation/enhanced/runtime';
import { INLINE_REMOTES_ID } from './first-render';

export interface RemoteEntry {
  name: string;
  entry: string;
}

export interface RemotesConfig {
  remotes: RemoteEntry[];
  apiBase: string;
}

export const DEFAULT_API_BASE = '/api';

/** Thrown when `/remotes.json` cannot be fetched or does not have the agreed shape. */
export class RemotesConfigError extends Error {
  override name = 'RemotesConfigError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the runtime config served by the shell's server; names the first bad field. */
export function parseRemotesConfig(raw: unknown): RemotesConfig {
  if (!isRecord(raw)) throw new RemotesConfigError('remotes.json: expected an object');
  const { remotes, apiBase } = raw;
  if (!Array.isArray(remotes)) throw new RemotesConfigError('remotes.json: "remotes" must be an array');
  const parsed = remotes.map((item, index): RemoteEntry => {
    if (!isRecord(item)) throw new RemotesConfigError(`remotes.json: remotes[${index}] must be an object`);
    const { name, entry } = item;
    if (typeof name !== 'string' || !/^[A-Za-z_][\w]*$/.test(name)) {
      throw new RemotesConfigError(
        `remotes.json: remotes[${index}].name must be a federation name like "mfe_editor"`,
      );
    }
    if (typeof entry !== 'string' || entry.trim() === '') {
      throw new RemotesConfigError(`remotes.json: remotes[${index}].entry must be a non-empty URL`);
    }
    return { name, entry };
  });
  if (apiBase !== undefined && typeof apiBase !== 'string') {
    throw new RemotesConfigError('remotes.json: "apiBase" must be a string');
  }
  return { remotes: parsed, apiBase: apiBase?.trim() ? apiBase : DEFAULT_API_BASE };
}

let pending: Promise<RemotesConfig> | null = null;

/**
 * The config the shell's server wrote into the page (the content of `/remotes.json`, so the page needs no request
 * for it), or null when the page has none (the development server) or it does not parse.
 */
function inlineConfig(): RemotesConfig | null {
  const text = typeof document === 'undefined' ? null : document.getElementById(INLINE_REMOTES_ID)?.textContent;
  if (!text) return null;
  try {
    return parseRemotesConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

async function fetchAndRegister(): Promise<RemotesConfig> {
  const inline = inlineConfig();
  if (inline) {
    registerRemotes(inline.remotes);
    return inline;
  }
  let response: Response;
  try {
    response = await fetch('/remotes.json', { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch (error) {
    throw new RemotesConfigError(
      `remotes.json: request failed (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (!response.ok) throw new RemotesConfigError(`remotes.json: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RemotesConfigError('remotes.json: the response is not JSON');
  }
  const config = parseRemotesConfig(body);
  registerRemotes(config.remotes);
  return config;
}

/**
 * Reads `/remotes.json` (from the page when the shell's server wrote it there, else over the network) and registers
 * the remotes with the federation runtime, once per page. A failed attempt is
 * forgotten so that a Retry can try again.
 */
export function loadRemotesConfig(): Promise<RemotesConfig> {
  if (!pending) {
    pending = fetchAndRegister().catch((error: unknown) => {
      pending = null;
      throw error;
    });
  }
  return pending;
}

/** For tests: forget the cached config. */
export function resetRemotesConfig(): void {
  pending = null;
}
