// One jest setup for every workspace: TypeScript through SWC, workspace packages resolved to their sources.
const path = require('node:path');

const root = __dirname;
const workspaces = ['shared-kit', 'ui-kit', 'embedded-mongo', 'api'];

/** @param {string} dir the workspace folder; @param {object} [overrides] */
module.exports = function preset(dir, overrides = {}) {
  return {
    rootDir: dir,
    testEnvironment: 'node',
    // A test's own deadline, not a speed check (benchmarks under bench/ measure speed): suites start servers and
    // databases, and a busy shared machine must not fail a hook that takes six seconds instead of one.
    testTimeout: 30_000,
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/test/**/*.test.ts', '<rootDir>/test/**/*.test.tsx'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      ...Object.fromEntries(workspaces.map((w) => [`^${w}$`, path.join(root, w, 'src/index.ts')])),
      '^shared-kit/schemas$': path.join(root, 'shared-kit/src/schemas/index.ts'),
      '^shared-kit/areas$': path.join(root, 'shared-kit/src/areas.ts'),
      // Stylesheets (the kit's tokens) mean nothing to jsdom.
      '\\.css$': path.join(root, 'ui-kit/test/style-stub.cjs'),
    },
    ...overrides,
    setupFilesAfterEnv: [path.join(root, 'jest.retry.cjs'), ...(overrides.setupFilesAfterEnv ?? [])],
  };
};
