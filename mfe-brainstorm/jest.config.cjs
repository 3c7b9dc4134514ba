module.exports = require('../jest.preset.cjs')(__dirname, {
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/test/setup.ts'],
  setupFilesAfterEnv: ['<rootDir>/../ui-kit/test/waits.ts'],
});
