import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import { seedAccounts } from './accounts';
import { seedStories } from './stories';
import { seedTemplates } from './templates';

/**
 * What a newcomer needs outside tests: the demo accounts and the demo creator's stories, published and reviewed
 * (each skipped once present). Run by the one process that starts first: the api alone, or the cluster's primary.
 */
export async function seed(config: Config, logger: Logger): Promise<void> {
  if (config.nodeEnv === 'test') return;
  await seedAccounts(logger);
  await seedStories({ config, logger });
  await seedTemplates(logger);
}
