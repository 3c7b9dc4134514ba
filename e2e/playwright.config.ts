import { defineConfig, type ReporterDescription } from '@playwright/test';
import { E2E_PORTS } from './support/ports';

// `--reporter=list,json` with PLAYWRIGHT_JSON_OUTPUT_NAME (the root test runner) overrides this on the command line.
const reporter: ReporterDescription[] = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // One product instance serves every test; the machine has two cores.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // `npm test` sets TEST_RETRIES: a failed test runs once more and, if it then passes, is reported as flaky by name.
  retries: Number(process.env.TEST_RETRIES ?? 0),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter,
  // A separate folder per run when two runs share a machine (traces are written there while tests run).
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  use: {
    baseURL: `http://localhost:${E2E_PORTS.shell}`,
    browserName: 'chromium',
    // Debian's Chromium: browsers are never downloaded.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // A trace is recorded on a failed test's second try (TEST_RETRIES): recording every test's actions and frames
    // costs about a quarter of the suite's CPU.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
