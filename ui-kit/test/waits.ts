// Loaded after the test framework (setupFilesAfterEnv), so @testing-library/react still registers its cleanup.
// findBy/waitFor wait on the page's state; their 1 s default ceiling is too short on a busy shared machine, where a
// render that needs a few resolved requests can take longer (a ceiling, not a delay: a passing wait returns at once).
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
