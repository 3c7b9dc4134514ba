// `npm test` (scripts/test-all.mjs) sets TEST_RETRIES: a test that fails is run once more before it counts as failed,
// with its first error printed, and the run's summary names every test that passed only on its second try (jest's
// report counts its invocations), so a flaky test is seen and fixed, not hidden. A direct `npx jest` never retries.
const retries = Number(process.env.TEST_RETRIES ?? 0);
if (retries > 0) jest.retryTimes(retries, { logErrorsBeforeRetry: true });
