import { appendFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LogLine } from '../../scripts/services';

/** The product's output during the e2e run goes to one file, so the test report stays readable. */
export const PRODUCT_LOG = process.env.E2E_PRODUCT_LOG ?? join(tmpdir(), 'storyverse-e2e', 'product.log');

export const fileLog: LogLine = (service, line) => {
  appendFileSync(PRODUCT_LOG, `${service} | ${line}\n`);
};

export function resetProductLog(): void {
  mkdirSync(join(PRODUCT_LOG, '..'), { recursive: true });
  appendFileSync(PRODUCT_LOG, `--- e2e run ${new Date().toISOString()}\n`);
}
