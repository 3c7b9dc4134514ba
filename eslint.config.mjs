// One flat config for the whole monorepo. Import boundaries follow ARCHITECTURE.md:
// shared-kit imports no app, remotes never import each other, the shell never imports a remote.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const apps = ['shell', 'mfe-editor', 'mfe-brainstorm', 'mfe-player', 'mfe-account', 'mfe-ops', 'api', 'e2e'];
const remotes = ['mfe-editor', 'mfe-brainstorm', 'mfe-player', 'mfe-account', 'mfe-ops'];

/** Forbid importing the given workspaces, by package name or by a relative path into their folder. */
function forbid(names, why) {
  return {
    'no-restricted-imports': [
      'error',
      {
        // Bare package names must match exactly: a pattern like `api` would also catch a local `../api/client`.
        paths: names.map((name) => ({ name, message: why })),
        patterns: names.flatMap((n) => [
          { group: [`${n}/*`], message: why },
          { group: [`**/${n}/src`, `**/${n}/src/**`], message: why },
        ]),
      },
    ],
  };
}

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '**/coverage/**', '**/test-results/**', '**/playwright-report/**', '.reports/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser, ...globals.jest },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' }, languageOptions: { sourceType: 'commonjs' } },
  { files: ['shared-kit/**/*.{ts,tsx}'], rules: forbid(apps.concat('embedded-mongo'), 'shared-kit imports no app.') },
  { files: ['embedded-mongo/**/*.{ts,tsx}'], rules: forbid(apps.concat('shared-kit'), 'embedded-mongo stands alone.') },
  { files: ['shell/**/*.{ts,tsx}'], rules: forbid(remotes.concat('api'), 'The shell loads remotes at run time; it never imports one.') },
  ...remotes.map((r) => ({
    files: [`${r}/**/*.{ts,tsx}`],
    rules: forbid(
      remotes.filter((o) => o !== r).concat('shell', 'api'),
      'A remote never imports another remote, the shell or the api.',
    ),
  })),
);
