// Import boundaries, checked by `npm run lint` (ARCHITECTURE.md, Contracts; STYLE.md, Layout).
// api: each `src/modules/<m>/` is used by other modules only through its `index.ts`; `src/lib` is below every
// module; no import cycle, type-only imports included. Packages: shared-kit imports no app, ui-kit only
// shared-kit, embedded-mongo stands alone, the shell never imports a remote, a remote never imports another.
const apps = ['shell', 'mfe-editor', 'mfe-brainstorm', 'mfe-player', 'mfe-account', 'mfe-ops', 'api', 'e2e'];
const remotes = ['mfe-editor', 'mfe-brainstorm', 'mfe-player', 'mfe-account', 'mfe-ops'];
const under = (names) => `^(${names.join('|')})/`;

/** The severity of the api module rules; `warn` only while existing violations are being removed. */
const moduleRules = process.env.DEPCRUISE_MODULES_SEVERITY || 'error';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: moduleRules,
      comment: 'Two files that need each other: move the shared part down, or let one side react to an event.',
      from: { path: '^api/src/' },
      to: { circular: true },
    },
    {
      name: 'module-face-only',
      severity: moduleRules,
      comment: "Another module is used through its index.ts only; what it does not export there is its own.",
      from: { path: '^api/src/modules/([^/]+)/' },
      to: { path: '^api/src/modules/[^/]+/', pathNot: ['^api/src/modules/$1/', '^api/src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'lib-imports-no-module',
      severity: moduleRules,
      comment: 'api/src/lib is the base every module stands on: it imports none of them.',
      from: { path: '^api/src/lib/' },
      to: { path: '^api/src/(modules|realtime)/' },
    },
    {
      name: 'shared-kit-imports-no-app',
      severity: 'error',
      comment: 'shared-kit imports no app and no React kit.',
      from: { path: '^shared-kit/' },
      to: { path: under(apps.concat('embedded-mongo', 'ui-kit')) },
    },
    {
      name: 'ui-kit-imports-no-app',
      severity: 'error',
      comment: 'ui-kit may import shared-kit, no app.',
      from: { path: '^ui-kit/' },
      to: { path: under(apps.concat('embedded-mongo')) },
    },
    {
      name: 'embedded-mongo-stands-alone',
      severity: 'error',
      from: { path: '^embedded-mongo/' },
      to: { path: under(apps.concat('shared-kit', 'ui-kit')) },
    },
    {
      name: 'shell-imports-no-remote',
      severity: 'error',
      comment: 'The shell loads remotes at run time; it never imports one.',
      from: { path: '^shell/' },
      to: { path: under(remotes.concat('api')) },
    },
    {
      name: 'remote-imports-no-other-app',
      severity: 'error',
      comment: 'A remote never imports another remote, the shell or the api.',
      from: { path: '^(mfe-[^/]+)/' },
      to: { path: under(remotes.concat('shell', 'api')), pathNot: '^$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'tsconfig.base.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    cache: false,
  },
};
