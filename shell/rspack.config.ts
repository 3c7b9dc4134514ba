import type { ServerResponse } from 'node:http';
import { CopyRspackPlugin } from '@rspack/core';
import { createConfig, modeFrom, portFromEnv } from '../rspack.base';
import { loadShellConfig } from './server/config';

// The host: no static remotes (they come from /remotes.json at run time), so no remote is bundled.
export default (_env: unknown, argv: { mode?: string }) => {
  const { apiUrl, remotes } = loadShellConfig(process.env);
  const config = createConfig({
    name: 'shell',
    dir: __dirname,
    port: portFromEnv('SHELL_PORT', 8080),
    isHost: true,
    mode: modeFrom(argv),
    // `rspack serve` stands in for the shell's server during development: same /remotes.json, same proxy.
    devServer: {
      proxy: [{ context: ['/api', '/socket.io', '/s/'], target: apiUrl, ws: true, xfwd: true }],
      setupMiddlewares: (middlewares) => [
        {
          name: 'remotes-json',
          path: '/remotes.json',
          middleware: (_req: unknown, res: ServerResponse) => {
            res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
            res.end(JSON.stringify(remotes));
          },
        },
        ...middlewares,
      ],
    },
  });
  // The site icon, the app icons and the web app manifest are served as they are, at the site's root.
  config.plugins = [
    ...(config.plugins ?? []),
    new CopyRspackPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
  ];
  return config;
};
