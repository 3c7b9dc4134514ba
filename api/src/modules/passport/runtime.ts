import type { Config } from '../../config';
import type { Logger } from '../../lib/logger';
import { sessionCache } from '../users';
import { createSmsProvider, OutboxSmsProvider, type SmsProvider } from './sms.provider';

/** Milliseconds since the epoch; injected so tests can move time without fake timers. */
export type Clock = () => number;

/** What the accounts code needs besides the request: config, time and the SMS channel. One per app. */
export interface AccountsRuntime {
  config: Config;
  now: Clock;
  sms: SmsProvider;
  /** Set when the embedded outbox is the provider (never in production unless chosen explicitly). */
  outbox: OutboxSmsProvider | null;
  logger: Logger;
}

/**
 * Also sets the process's session cache to SESSION_CACHE_MS: the cache is process-wide (like the models whose writes
 * clear it), and the socket handshake resolves sessions through it too.
 */
export function createAccountsRuntime(config: Config, logger: Logger, now: Clock = Date.now, sms?: SmsProvider): AccountsRuntime {
  sessionCache.configure(config.sessionCacheMs);
  const provider = sms ?? createSmsProvider(config, logger, now);
  return {
    config,
    now,
    sms: provider,
    outbox: provider instanceof OutboxSmsProvider ? provider : null,
    logger,
  };
}
