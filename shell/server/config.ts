import { resolve } from 'node:path';
import { baseUrlFrom, portFrom, remotesFromEnv, type RemotesJson } from './remotes';

export interface ShellServerConfig {
  port: number;
  host: string;
  /** Where the api listens; `/api` and `/socket.io` are proxied there so cookies stay same-origin. */
  apiUrl: string;
  distDir: string;
  remotes: RemotesJson;
}

type Env = Readonly<Record<string, string | undefined>>;

/** Reads the shell server's environment once; a bad variable throws with its name. */
export function loadShellConfig(env: Env): ShellServerConfig {
  const apiPort = portFrom(env, 'API_PORT', 3000);
  return {
    port: portFrom(env, 'SHELL_PORT', 8080),
    host: env.HOST?.trim() || '0.0.0.0',
    apiUrl: baseUrlFrom(env, 'API_URL', `http://localhost:${apiPort}`),
    distDir: resolve(env.SHELL_DIST?.trim() || resolve(__dirname, '..', 'dist')),
    remotes: remotesFromEnv(env),
  };
}
