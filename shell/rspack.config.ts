import type { ServerResponse } from 'node:http';
import { Compilation, CopyRspackPlugin, sources, type Compiler } from '@rspack/core';
import { createConfig, modeFrom, portFromEnv } from '../rspack.base';
import { loadShellConfig } from './server/config';

type ChunkGroupOrigin = Compilation['chunkGroups'][number]['origins'][number];

/** Whether a chunk group starts from the federation plugin's provider of a shared singleton (its module identifier). */
function isSharedProvider(moduleIdentifier: string | undefined): boolean {
  return moduleIdentifier?.startsWith('provide shared module ') ?? false;
}

/**
 * Lets the browser fetch the code of the first render together with main.js instead of after it has run: a
 * `<link rel="preload">` in index.html for each chunk of `import('./bootstrap')` and of every shared singleton the
 * shell provides (the files bench/bundle-size.ts counts as the critical path). Without it those files are only
 * discovered once main.js has arrived and run, one round trip later.
 *
 * A singleton's chunks are those of its provider (the chunk groups the federation plugin starts from a
 * `provide shared module`): the page runs those. The manifest's `shared[].assets.js.sync` also lists the shell's own
 * fallback copies (from a `consume shared module`), which are only fetched when no provider is registered, never
 * on the shell's page; preloading them left the browser warning that a preloaded file was not used.
 */
class PreloadFirstRenderPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PreloadFirstRender', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PreloadFirstRender', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const html = compilation.getAsset('index.html');
        if (!html) return;
        const files = new Set<string>();
        // The bootstrap's own chunks first, then the singletons' providers.
        const firstRender: ((origin: ChunkGroupOrigin) => boolean)[] = [
          (origin) => origin.request === './bootstrap',
          (origin) => isSharedProvider(origin.module?.identifier()),
        ];
        for (const wanted of firstRender) {
          for (const group of compilation.chunkGroups) {
            if (!group.origins.some(wanted)) continue;
            for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
          }
        }
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
