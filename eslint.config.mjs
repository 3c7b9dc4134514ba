// One flat config for the whole monorepo. Import boundaries follow ARCHITECTURE.md:
// shared-kit imports no app, remotes never import each other, the shell never imports a remote.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';

const apps = ['shell', 'mfe-editor', 'mfe-brainstorm', 'mfe-player', 'mfe-account', 'mfe-ops', 'api', 'e2e'];
const remotes = ['mfe-editor', 'mfe-brainstorm', 'mfe-player', 'mfe-account', 'mfe-ops'];

/**
 * Workspaces whose copy comes from message catalogues (ui-kit's i18n): a literal string rendered in JSX fails the
 * lint. Append an app here once its strings are in its namespace.
 */
const translatedApps = ['ui-kit', 'mfe-player', 'shell', 'mfe-account', 'mfe-editor', 'mfe-ops'];

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
  { files: ['shared-kit/**/*.{ts,tsx}'], rules: forbid(apps.concat('embedded-mongo', 'ui-kit'), 'shared-kit imports no app and no React kit.') },
  { files: ['ui-kit/**/*.{ts,tsx}'], rules: forbid(apps.concat('embedded-mongo'), 'ui-kit may import shared-kit, no app.') },
  {
    files: translatedApps.map((app) => `${app}/src/**/*.tsx`),
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          // Attributes people read or hear; the others (variant="primary", aria-hidden="true") are code.
          'jsx-attributes': { include: ['^(aria-label|aria-description|aria-valuetext|title|alt|placeholder|label|description|confirmLabel|cancelLabel)$'] },
          // Digits, punctuation and icon glyphs (×, ✓, ▾) are not words (the first pattern is the plugin's default).
          words: { exclude: ['[0-9!-/:-@[-`{-~]+', '^[\\u00D7\\u2000-\\u2BFF\\s]+$'] },
        },
      ],
    },
  },
  { files: ['embedded-mongo/**/*.{ts,tsx}'], rules: forbid(apps.concat('shared-kit'), 'embedded-mongo stands alone.') },
  { files: ['shell/**/*.{ts,tsx}'], rules: forbid(remotes.concat('api'), 'The shell loads remotes at run time; it never imports one.') },
  {
    // The shell's server writes the player's public pages with the player's own markup and copy: the player's
    // `src/prerender` is the one part of a remote the shell may import, and only its server's pre-render does.
    files: ['shell/server/prerender/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: remotes.concat('api').map((name) => ({ name, message: 'Only mfe-player/src/prerender is the server\'s to import.' })),
          patterns: [
            ...remotes.concat('api').filter((n) => n !== 'mfe-player').map((n) => ({ group: [`${n}/*`, `**/${n}/src`, `**/${n}/src/**`], message: 'The shell never imports a remote.' })),
            { regex: '(^|/)mfe-player/(?!src/prerender/[^/]+$)', message: 'Only mfe-player/src/prerender is the server\'s to import.' },
          ],
        },
      ],
    },
  },
  {
    // One main landmark per page: the shell's layout holds it (the skip link's target), so a remote's page has a
    // <div> or <section> root; a remote's standalone page wraps its routes in a <main> of its own.
    files: remotes.map((r) => `${r}/src/**/*.tsx`),
    ignores: ['**/standalone.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...["JSXOpeningElement[name.name='main']", "JSXAttribute[name.name='role'][value.value='main']"].map((selector) => ({
          selector,
          message: "The shell's layout holds the page's <main>; a remote's page has a <div> or <section> root.",
        })),
      ],
    },
  },
  ...remotes.map((r) => ({
    files: [`${r}/**/*.{ts,tsx}`],
    rules: forbid(
      remotes.filter((o) => o !== r).concat('shell', 'api'),
      'A remote never imports another remote, the shell or the api.',
    ),
  })),
);
