import { FRONT_END_APPS } from '../../scripts/apps';
import { E2E_PORTS } from './ports';

/** The environment a shell server needs to find the e2e api and remotes; `overrides` moves one of them. */
export function shellEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, API_URL: `http://localhost:${E2E_PORTS.api}`, API_PORT: String(E2E_PORTS.api) };
  for (const app of FRONT_END_APPS) env[app.portVariable] = String(E2E_PORTS[app.key]);
  for (const key of Object.keys(env)) if (key.startsWith('REMOTE_') && key.endsWith('_URL')) delete env[key];
  return { ...env, ...overrides };
}
