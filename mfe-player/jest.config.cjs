const preset = require('../jest.preset.cjs')(__dirname);

module.exports = {
  ...preset,
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/test/setup.ts'],
  setupFilesAfterEnv: ['<rootDir>/../ui-kit/test/waits.ts'],
  // Stylesheets are the bundler's business; components only need the import to resolve.
  moduleNameMapper: { ...preset.moduleNameMapper, '\\.css$': '<rootDir>/test/style-stub.cjs' },
};
