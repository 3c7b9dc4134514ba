import type { ServerResponse } from 'node:http';
import { Compilation, CopyRspackPlugin, sources, type Compiler } from '@rspack/core';
import { createConfig, modeFrom, portFromEnv } from '../rspack.base';
import { loadShellConfig } from './server/config';

interface ManifestShared {
  assets: { js: { sync: string[] } };
}

/**
 * Lets the browser fetch the code of the first render together with main.js instead of after it has run: a
 * `<link rel="preload">` in index.html for each chunk of `import('./bootstrap')` and of every shared singleton the
 * shell provides (the files bench/bundle-size.ts counts as the critical path). Without it those files are only
 * discovered once main.js has arrived and run, one round trip later.
 */
class PreloadFirstRenderPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PreloadFirstRender', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PreloadFirstRender', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const html = compilation.getAsset('index.html');
        const manifest = compilation.getAsset('mf-manifest.json');
        if (!html || !manifest) return;
        const files = new Set<string>();
        for (const group of compilation.chunkGroups) {
          if (!group.origins.some((origin) => origin.request === './bootstrap')) continue;
          for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
        }
        const shared = (JSON.parse(manifest.source.source().toString()) as { shared: ManifestShared[] }).shared;
        for (const entry of shared) for (const file of entry.assets.js.sync) files.add(file);
        if (files.size === 0) return;
        const links = [...files].map((file) => `<link rel="preload" as="script" href="/${file}">`).join('');
        const page = html.source
          .source()
          .toString()
          // main.js first (a deferred script is otherwise fetched at low priority, behind the preloads): it starts the
          // fetch of /remotes.json and of the page's remote.
          .replace(/<script defer src="\/main\./, '<script defer fetchpriority="high" src="/main.')
          .replace('</head>', `${links}</head>`);
        compilation.updateAsset('index.html', new sources.RawSource(page));
      });
    });
  }
}

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
    new PreloadFirstRenderPlugin(),
  ];
  return config;
};
