// The shell's production server: `tsx shell/server/index.ts`. Environment: SHELL_PORT, API_URL (or API_PORT),
// REMOTE_EDITOR_URL, REMOTE_BRAINSTORM_URL, REMOTE_PLAYER_URL, REMOTE_ACCOUNT_URL, REMOTE_OPS_URL, HOST, SHELL_DIST.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createShellServer } from './app';
import { loadShellConfig } from './config';

function main(): void {
  const config = loadShellConfig(process.env);
  if (!existsSync(join(config.distDir, 'index.html'))) {
    throw new Error(`${config.distDir} has no index.html; build the shell first (npm run build -w shell)`);
  }
  const server = createShellServer(config);
  server.once('error', (error: NodeJS.ErrnoException) => {
    console.error(error.code === 'EADDRINUSE' ? `port ${config.port} is already in use (SHELL_PORT)` : error.message);
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    console.log(`shell on http://localhost:${config.port} (api ${config.apiUrl})`);
    for (const r of config.remotes.remotes) console.log(`  ${r.name}: ${r.entry}`);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    // Keep-alive and websocket connections would hold the close open.
    server.closeAllConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
