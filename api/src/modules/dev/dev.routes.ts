import { z } from 'zod';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { currentAccount, requireUser } from '../../lib/auth';
import { spendChatsToday } from '../play';
import { parsePhone } from '../passport';
import type { AccountsRuntime } from '../passport';
import { devPlayHistoryRoutes } from './playHistory';

const outboxQuery = z.object({
  // Required: the outbox answers for one number at a time, never as a whole.
  phone: z.string().trim().min(1).max(32),
  country: z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code').optional(),
});

/**
 * Development helpers. Registered only when NODE_ENV is not production (see app.ts): the outbox shows sign-in
 * codes to anyone who asks; play_history grows one's own play by many turns at once (benchmarks, browser tests);
 * chat_quota spends some of one's own chats for today (browser tests of the daily limit).
 */
export function devRoutes(router: AppRouter, runtime: AccountsRuntime): void {
  const outbox = validate({ query: outboxQuery });
  router.get('/api/dev/sms_outbox', outbox, async (ctx) => {
    const { phone, country } = outbox.input(ctx).query;
    const { e164 } = parsePhone(phone, country);
    respond(ctx, { provider: runtime.sms.name, messages: (await runtime.outbox?.list(e164)) ?? [] });
  });
  devPlayHistoryRoutes(router);
  // Browser tests reach the daily chat limit without sending hundreds of messages: spends `spend` of today's chats.
  const quota = validate({ body: z.object({ spend: z.number().int().min(1).max(10_000) }).strict() });
  router.post('/api/dev/chat_quota', requireUser, quota, async (ctx) => {
    await spendChatsToday(currentAccount(ctx).uid, quota.input(ctx).body.spend, Date.now());
    respond(ctx, {});
  });
}
