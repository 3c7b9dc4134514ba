// The commerce module's face: membership, orders and their payment provider (Stripe, or the offline sandbox), the
// provider's webhooks, the operators' grants and refunds, and the members' model choice. Other modules read membership from the account's
// `vip_until`, which this module keeps.
import { createHmac } from 'node:crypto';
import type Koa from 'koa';
import type { Config } from '../../config';
import type { AppRouter, AppState } from '../../lib/context';
import { registerGuestMergeHook } from '../users';
import { adsRoutes } from './ads.routes';
import { commerceRoutes, commerceWebhook } from './commerce.routes';
import { moveGuestMembership } from './membership.service';
import { modelRoutes } from './models.routes';
import { commerceOpsRoutes } from './ops.routes';
import type { OrderDeps } from './orders.service';
import type { PaymentProvider } from './provider';
import { sandboxProvider } from './sandbox.provider';
import { sandboxRoutes } from './sandbox.routes';
import { stripeProvider } from './stripe.provider';

export { HANDLED_EVENTS } from './events';
export { MembershipModel, TradeOrderModel } from './commerce.model';

registerGuestMergeHook({ name: 'commerce', move: (guest, account) => moveGuestMembership(guest, account, Date.now()) });

/** Where the provider sends the buyer back: the account's membership page. */
export function membershipPageUrl(config: Config): string {
  return `${config.appOrigin.replace(/\/+$/, '')}/account/membership`;
}

/** Registers every commerce route and returns the webhook middleware, which app.ts mounts before the JSON parser. */
export function setUpCommerce(router: AppRouter, config: Config, now: () => number): Koa.Middleware<AppState> {
  const returnUrl = membershipPageUrl(config);
  const sandbox = config.commerce.stripe ? null : sandboxProvider(config.commerce.sandboxSecret, config.publicUrl);
  const provider: PaymentProvider = sandbox ?? stripeProvider(config.commerce.stripe!);
  const deps: OrderDeps = { settings: config.commerce, provider, returnUrl, now };
  commerceRoutes(router, config, deps);
  commerceOpsRoutes(router, config, deps);
  modelRoutes(router, config, now);
  if (sandbox) sandboxRoutes(router, sandbox.sender, returnUrl);
  const adSecret = createHmac('sha256', config.sessionSecret).update('rewarded-ads').digest('hex');
  adsRoutes(router, { settings: config.commerce.ads, secret: adSecret, now });
  return commerceWebhook(deps);
}
