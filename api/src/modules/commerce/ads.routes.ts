import { COMMERCE_REQUESTS } from 'shared-kit/schemas';
import { currentAccount, requireUser } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { adsConfig, adsUserInfo, rewardAd, startAd, type AdsDeps } from './ads.service';

const vip = (until: Date | null | undefined, now: number) => (until?.getTime() ?? 0) > now;

/**
 * Rewarded ads at the chat limit (`/api/ads/*`): config for anyone; the view and its reward for signed-in accounts
 * (a guest signs in to keep chatting), limited per account.
 */
export function adsRoutes(router: AppRouter, deps: AdsDeps): void {
  router.get('/api/ads/config', (ctx) => respond(ctx, adsConfig(deps)));
  router.get('/api/ads/user_info', requireUser, async (ctx) => {
    const account = currentAccount(ctx);
    respond(ctx, await adsUserInfo(account.uid, vip(account.vip_until, deps.now()), deps));
  });
  const perHour = rateLimit({ name: 'ads', key: (ctx) => currentAccount(ctx).uid, windowMs: 60 * 60 * 1000, max: 60 });
  const start = validate({ body: COMMERCE_REQUESTS.adStartBody });
  router.post('/api/ads/start', requireUser, perHour, start, async (ctx) => {
    respond(ctx, await startAd(currentAccount(ctx).uid, start.input(ctx).body.placement, deps));
  });
  const reward = validate({ body: COMMERCE_REQUESTS.adRewardBody });
  router.post('/api/ads/reward', requireUser, perHour, reward, async (ctx) => {
    const account = currentAccount(ctx);
    const given = await rewardAd(account.uid, reward.input(ctx).body.token, deps);
    respond(ctx, { ...(await adsUserInfo(account.uid, vip(account.vip_until, deps.now()), deps)), ...given });
  });
}
