// The one rspack configuration of every front-end app (the shell host and the five remotes).
// Each app's rspack.config.ts only names itself; everything else, including the federation `shared` block,
// lives here so the apps cannot drift apart.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HtmlRspackPlugin, experiments, type Configuration, type RuleSetRule } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { initSync as initModuleLexer, parse as parseModule } from 'es-module-lexer';

export type Mode = 'development' | 'production';

export interface AppConfigOptions {
  /** Federation name: `shell` or `mfe_<area>`. */
  name: string;
  /** The app's folder (its rspack.config.ts passes `__dirname`). */
  dir: string;
  /** Port of `rspack serve`. */
  port: number;
  /** Modules a remote exposes, e.g. `{ './App': './src/App.tsx' }`. */
  exposes?: Record<string, string>;
  /** The shell: absolute public path, no CORS, no exposes. */
  isHost?: boolean;
  mode: Mode;
  /** Extra dev-server settings (the shell adds its proxy and /remotes.json). */
  devServer?: Exclude<Configuration['devServer'], false>;
}

const root = __dirname;

/**
 * Packages every app shares as singletons: one React, one router, one store library, one shared-kit, one UI kit
 * (its components, tokens stylesheet and i18n instance) and one i18next.
 */
export const SHARED_SINGLETONS = ['react', 'react-dom', 'react-router', 'zustand', 'shared-kit', 'ui-kit', 'i18next', 'react-i18next'] as const;

interface PackageJson {
  version?: string;
  dependencies?: Record<string, string>;
}

/**
 * react-router exports no browser app of ours may use: server rendering, cookies and sessions, framework mode
 * (`<Scripts>`, `<Meta>`...), the test stub, and the `unstable_` / `UNSAFE_` internals. A shared singleton is
 * bundled whole (every app may need any export), so the router is shared through a browser entry that re-exports
 * everything else: about 25 KB gzip less on every first paint. Importing a left-out name fails the build (see
 * `leftOutRouterImports`), never the page. Changing this list changes the shared module: rebuild the shell with the
 * remotes.
 */
export const REACT_ROUTER_LEFT_OUT = new Set([
  'ServerRouter',
  'StaticRouter',
  'StaticRouterProvider',
  'createStaticHandler',
  'createStaticRouter',
  'createRequestHandler',
  'createCookie',
  'createCookieSessionStorage',
  'createMemorySessionStorage',
  'createSession',
  'createSessionStorage',
  'isCookie',
  'isSession',
  'createRoutesStub',
  'Links',
  'Meta',
  'Scripts',
  'PrefetchPageLinks',
]);

const reactRouterDir = join(root, 'node_modules', 'react-router');
/** Where the browser entry lives; it exists only inside the compiler (a virtual module). */
const REACT_ROUTER_BROWSER_ENTRY = join(root, 'node_modules', '.storyverse', 'react-router.browser.mjs');

/** What a name must look like to stand in an `export { ... }` list unquoted. */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The names an ES module file exports, read from its own source (never from the module as a loader presents it:
 * Node 24 and later add a `module.exports` name to a CommonJS module imported by an ES module, which is how this
 * configuration may be loaded).
 */
export function esModuleExportNames(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  initModuleLexer();
  const [imports, exports] = parseModule(source, file);
  // `export * from` names nothing here; its names would be missed, so it stops the build instead.
  if (imports.some((entry) => /^export\s*\*/.test(source.slice(entry.ss, entry.se)))) {
    throw new Error(`${file} re-exports a whole module (export *): its names cannot be listed`);
  }
  return exports.map((entry) => entry.n).filter((name) => name !== 'default');
}

/** The browser entry's source: react-router's ES module build minus the left-out exports. */
export function reactRouterBrowserEntry(): string {
  // The file the package's `import` condition names (its `production` twin is the same code).
  const esm = join(reactRouterDir, 'dist', 'development', 'index.mjs');
  if (!existsSync(esm)) throw new Error(`react-router's ES module build is missing: ${esm}`);
  const names = esModuleExportNames(esm).filter((name) => IDENTIFIER.test(name) && !isLeftOut(name));
  return `export { ${names.sort().join(', ')} } from ${JSON.stringify(esm)};\n`;
}

function isLeftOut(name: string): boolean {
  return REACT_ROUTER_LEFT_OUT.has(name) || /^(unstable|UNSAFE)_/.test(name);
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    // Tests run under jest against the real package, never through this entry.
    return /\.[jt]sx?$/.test(entry.name) && !/\.test\.[jt]sx?$/.test(entry.name) ? [path] : [];
  });
}

const ROUTER_IMPORT = /(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+['"]react-router['"]/g;

/**
 * What the sources under `srcDir` take from react-router that its shared browser entry does not have, as
 * `file: name` lines. Imports of a shared module are not checked by the bundler (the module is only known at run
 * time), hence this check. A namespace import is reported too: what it reads cannot be checked.
 */
export function leftOutRouterImports(srcDir: string): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const [, typeOnly, clause = ''] of text.matchAll(ROUTER_IMPORT)) {
      if (typeOnly) continue;
      if (/\*\s+as\s/.test(clause)) problems.push(`${file}: ${clause.trim()} (import the names instead)`);
      const names = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
      for (const part of names.split(',')) {
        const spec = part.trim();
        if (!spec || spec.startsWith('type ')) continue;
        const name = spec.split(/\s+as\s+/)[0]?.trim() ?? '';
        if (isLeftOut(name)) problems.push(`${file}: ${name}`);
      }
    }
  }
  return problems;
}

function packageVersion(dir: string): string {
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
  if (!version) throw new Error(`${dir}/package.json has no version`);
  return version;
}

/** The federation `shared` block, with each `requiredVersion` taken from the app's own package.json. */
export function sharedConfig(dir: string, isHost: boolean) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
  return Object.fromEntries(
    SHARED_SINGLETONS.map((dep) => {
      const requiredVersion = pkg.dependencies?.[dep];
      if (!requiredVersion) throw new Error(`${dir}/package.json must depend on ${dep} (it is a shared singleton)`);
      // The shell never loads shared modules eagerly: its bootstrap is behind `import('./bootstrap')`.
      const config = { singleton: true, requiredVersion, eager: isHost ? false : undefined };
      // The router's browser entry has no package.json of its own: its version is react-router's.
      return [dep, dep === 'react-router' ? { ...config, version: packageVersion(reactRouterDir) } : config];
    }),
  );
}

function swcRule(mode: Mode): RuleSetRule {
  return {
    test: /\.[jt]sx?$/,
    // Workspace packages are symlinked and resolved to their real folders, so only real node_modules are skipped.
    exclude: /[\\/]node_modules[\\/]/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: mode === 'development' } },
      },
      env: { targets: 'chrome >= 109, firefox >= 115, safari >= 16' },
    },
    type: 'javascript/auto',
  };
}

function htmlPlugin(dir: string, title: string, externalRuntime: boolean) {
  const template = join(dir, 'public', 'index.html');
  // Before the app's own (deferred) script: the federation runtime its entry expects on the page.
  const runtimeScript = externalRuntime ? `<script defer src="/${FEDERATION_RUNTIME_FILE}"></script>` : '';
  return new HtmlRspackPlugin({
    title,
    ...(existsSync(template)
      ? { template }
      : { templateContent: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${runtimeScript}</head><body><div id="root"></div></body></html>` }),
    // A remote's own page is served from its origin root; its chunks still use `auto` when loaded by the shell.
    publicPath: '/',
  });
}

/** Builds the rspack configuration of one front-end app. */
export function createConfig(options: AppConfigOptions): Configuration {
  const { name, dir, port, exposes, isHost = false, mode } = options;
  const production = mode === 'production';
  const externalRuntime = !isHost && production;
  const sourceMaps = process.env.SOURCE_MAPS === '1' || process.env.SOURCE_MAPS === 'true';
  const hashed = production ? '.[contenthash:8]' : '';
  const routerProblems = leftOutRouterImports(join(dir, 'src'));
  if (routerProblems.length > 0) {
    throw new Error(
      `react-router is shared through a browser entry without server, framework-mode and unstable exports; ` +
        `not available:\n  ${routerProblems.join('\n  ')}`,
    );
  }

  return {
    mode,
    context: dir,
    entry: { main: './src/index.ts' },
    devtool: production ? (sourceMaps ? 'source-map' : false) : 'cheap-module-source-map',
    output: {
      path: join(dir, 'dist'),
      publicPath: isHost ? '/' : 'auto',
      filename: `[name]${hashed}.js`,
      chunkFilename: `[name]${hashed}.js`,
      cssFilename: `[name]${hashed}.css`,
      cssChunkFilename: `[name]${hashed}.css`,
      assetModuleFilename: `assets/[name]${hashed}[ext]`,
      // A unique global per app, so several runtimes can share one page.
      uniqueName: name,
      // The federation runtime of a remote's own page is built beside it (`createRemoteConfig`).
      clean: externalRuntime ? { keep: FEDERATION_RUNTIME_FILE } : true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      alias: {
        'shared-kit$': join(root, 'shared-kit', 'src', 'index.ts'),
        'ui-kit$': join(root, 'ui-kit', 'src', 'index.ts'),
        'react-router$': REACT_ROUTER_BROWSER_ENTRY,
      },
    },
    module: {
      rules: [swcRule(mode), { test: /\.css$/, type: 'css/auto' }],
    },
    plugins: [
      new experiments.VirtualModulesPlugin({ [REACT_ROUTER_BROWSER_ENTRY]: reactRouterBrowserEntry() }),
      htmlPlugin(dir, name === 'shell' ? 'Storyverse' : name, externalRuntime),
      new ModuleFederationPlugin({
        name,
        filename: isHost ? undefined : 'remoteEntry.js',
        exposes: isHost ? undefined : exposes,
        shared: sharedConfig(dir, isHost),
        // Shared modules already on the page are used as they are: the shell provides every singleton and loads
        // it first. The default ('version-first') would fetch and run every registered remote's entry when the
        // shell first initialises sharing, to compare versions: five remotes' code on every first paint.
        shareStrategy: 'loaded-first',
        // The type plugin would fetch remote types over the network at build time.
        dts: false,
        manifest: true,
        // Every app runs in browsers only: the runtime's Node.js script loading is compiled out.
        experiments: {
          optimization: { target: 'web' },
          // One federation runtime per page: the shell's. A production remote's entry leaves it out and uses the one
          // the shell puts on the page (about 17 KB gzip less per remote); see `createRemoteConfig`.
          ...(isHost ? { provideExternalRuntime: true } : externalRuntime ? { externalRuntime: true } : {}),
        },
      }),
    ],
    optimization: { minimize: production },
    // `rspack build --json` with BUNDLE_STATS=1 writes what bench/bundle-size.ts needs to find the critical path.
    stats:
      process.env.BUNDLE_STATS === '1' ? { all: false, chunks: true, chunkOrigins: true, ids: true, assets: true } : undefined,
    performance: { hints: false },
    devServer: {
      port,
      host: 'localhost',
      historyApiFallback: true,
      hot: true,
      headers: isHost
        ? undefined
        : {
            'Access-Control-Allow-Origin': '*',
            'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
            'Access-Control-Allow-Headers': '*',
          },
      ...options.devServer,
    },
  };
}

/** The file of a production remote's own page that puts the federation runtime on the page, as the shell does. */
export const FEDERATION_RUNTIME_FILE = 'federation-runtime.js';
const FEDERATION_RUNTIME_ENTRY = join(root, 'node_modules', '.storyverse', 'federation-runtime.mjs');

/**
 * A production remote's entry (remoteEntry.js and its own page) does not bundle the federation runtime: it reads it
 * from the page, where the shell put it (`provideExternalRuntime`). Its own page, opened without the shell, loads
 * this small build first, which puts the same runtime there.
 */
function federationRuntimeConfig(dir: string): Configuration {
  return {
    name: 'federation-runtime',
    mode: 'production',
    context: dir,
    entry: { 'federation-runtime': FEDERATION_RUNTIME_ENTRY },
    devtool: false,
    output: { path: join(dir, 'dist'), filename: FEDERATION_RUNTIME_FILE, publicPath: '/', clean: false },
    plugins: [
      new experiments.VirtualModulesPlugin({
        [FEDERATION_RUNTIME_ENTRY]:
          "import * as core from '@module-federation/runtime-core';\n" +
          '// The global a remote built with `externalRuntime` reads the runtime from.\n' +
          'globalThis._FEDERATION_RUNTIME_CORE ??= core;\n',
      }),
    ],
    optimization: { minimize: true },
    performance: { hints: false },
  };
}

/**
 * A remote's configuration: the app, and in production the federation runtime of its own page beside it (its
 * remoteEntry.js uses the shell's). The shell must be deployed before remotes built this way.
 */
export function createRemoteConfig(options: Omit<AppConfigOptions, 'isHost'>): Configuration | Configuration[] {
  const app = createConfig(options);
  return options.mode === 'production' ? [app, federationRuntimeConfig(options.dir)] : app;
}

/** The mode rspack was asked for: `rspack serve` means development unless told otherwise. */
export function modeFrom(argv: { mode?: string } | undefined): Mode {
  if (argv?.mode === 'development' || argv?.mode === 'production') return argv.mode;
  return process.env.NODE_ENV === 'development' ? 'development' : 'production';
}

/** A port from the environment, or the default; a bad value stops the build with the variable named. */
export function portFromEnv(variable: string, fallback: number): number {
  const raw = process.env[variable];
  if (raw === undefined || raw.trim() === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${variable} must be a port number between 1 and 65535, got "${raw}"`);
  }
  return port;
}
