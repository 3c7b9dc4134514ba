import type { Middleware } from 'koa';
import { type VipPlan } from 'shared-kit';
import { VIP_BENEFITS } from 'shared-kit/areas';
import { COMMERCE_REQUESTS } from 'shared-kit/schemas';
import type { Config } from '../../config';
import { currentAccount, requireSession, requireUser } from '../../lib/auth';
import type { AppContext, AppRouter, AppState } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { membershipOf } from './membership.service';
import { cancelRenewal, createOrder, listOrders, orderStatus, presentOrder, type OrderDeps } from './orders.service';
import type { ProviderCall } from './provider';
import { handleWebhook } from './webhook';

const HOUR = 60 * 60 * 1000;
const WEBHOOK_PATH = '/api/commerce/webhook';
const WEBHOOK_MAX_BYTES = 1024 * 1024;

/** This process as reached over loopback: the socket the request came in on (never the Host header). */
export function selfCall(ctx: AppContext): ProviderCall {
  const socket = ctx.req.socket;
  let host = socket.localAddress ?? '127.0.0.1';
  if (host.startsWith('::ffff:')) host = host.slice(7);
  else if (host.includes(':')) host = `[${host}]`;
  return { selfUrl: `http://${host}:${socket.localPort}` };
}

export function plansOf(config: Config): VipPlan[] {
  const { plans, defaultCurrency } = config.commerce;
  return plans.map((p) => {
    const currency = p.prices[defaultCurrency] !== undefined ? defaultCurrency : Object.keys(p.prices)[0]!;
    return { goods_id: p.goods_id, kind: p.kind, days: p.days, currency, amount: p.prices[currency]!, prices: { ...p.prices } };
  });
}

/**
 * The provider's webhook, ahead of the JSON parser: the signature is checked over the exact bytes received. Anyone
 * may call it; only a correctly signed, recent event changes anything.
 */
export function commerceWebhook(deps: OrderDeps): Middleware<AppState> {
  return async function commerceWebhookMiddleware(ctx, next) {
    if (ctx.path !== WEBHOOK_PATH || ctx.method !== 'POST') return next();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length;
      if (size > WEBHOOK_MAX_BYTES) {
        ctx.status = 413;
        ctx.body = { status_code: 1009, status_message: 'body: too large', data: null };
        return;
      }
      chunks.push(chunk as Buffer);
    }
    const result = await handleWebhook(
      { provider: deps.provider, plans: deps.settings.plans, now: deps.now, log: ctx.state.log },
      Buffer.concat(chunks),
      ctx.get('stripe-signature'),
    );
    respond(ctx, result);
  };
}

/** `/api/commerce/*` for players: the membership page's reads, orders and renewal. Guests buy for their device. */
export function commerceRoutes(router: AppRouter, config: Config, deps: OrderDeps): void {
  const plans = plansOf(config);
  const settings = config.commerce;
  const currencies = [...new Set(settings.plans.flatMap((p) => Object.keys(p.prices)))].sort();
  const mine = async (ctx: AppContext) => membershipOf(currentAccount(ctx).uid, settings.plans, deps.now());

  router.get('/api/commerce/static_config', (ctx) => {
    respond(ctx, { provider: deps.provider.name, currencies, default_currency: settings.defaultCurrency, plans, benefits: [...VIP_BENEFITS] });
  });
  router.get('/api/commerce/vip_base_info', requireSession, async (ctx) => respond(ctx, await mine(ctx)));
  router.get('/api/commerce/get_subscribe_info', requireSession, async (ctx) => respond(ctx, await mine(ctx)));
  router.get('/api/commerce/vip_detail', requireSession, async (ctx) => {
    respond(ctx, { membership: await mine(ctx), plans, benefits: [...VIP_BENEFITS] });
  });

  const scene = validate({ query: COMMERCE_REQUESTS.vipSceneQuery });
  router.get('/api/commerce/vip_need_toast', requireSession, scene, async (ctx) => {
    const m = await mine(ctx);
    respond(ctx, { need_toast: !m.is_vip, scene: scene.input(ctx).query.scene, is_vip: m.is_vip });
  });
  router.get('/api/commerce/vip_guide', requireSession, scene, async (ctx) => {
    respond(ctx, { scene: scene.input(ctx).query.scene, benefits: [...VIP_BENEFITS], plans, membership: await mine(ctx) });
  });

  const ordersPerHour = rateLimit({ name: 'trade-order', key: (ctx) => currentAccount(ctx).uid, windowMs: HOUR, max: 30 });
  const create = validate({ body: COMMERCE_REQUESTS.createTradeOrderBody });
  router.post('/api/commerce/create_trade_order', requireSession, ordersPerHour, create, async (ctx) => {
    respond(ctx, await createOrder(currentAccount(ctx).uid, create.input(ctx).body, deps, selfCall(ctx)));
  });
  const status = validate({ query: COMMERCE_REQUESTS.orderStatusQuery });
  router.get('/api/commerce/get_trade_order_status', requireSession, status, async (ctx) => {
    respond(ctx, await orderStatus(currentAccount(ctx).uid, status.input(ctx).query.order_no));
  });
  const page = validate({ query: COMMERCE_REQUESTS.ordersQuery });
  router.get('/api/commerce/get_trade_orders', requireSession, page, async (ctx) => {
    const q = page.input(ctx).query;
    const { rows, has_more } = await listOrders({ uid: currentAccount(ctx).uid }, q.offset, q.count);
    respond(ctx, { list: rows.map(presentOrder), has_more });
  });
  const cancels = rateLimit({ name: 'cancel-subscribe', key: (ctx) => currentAccount(ctx).uid, windowMs: HOUR, max: 10 });
  router.post('/api/commerce/cancel_subscribe', requireSession, cancels, async (ctx) => {
    respond(ctx, await cancelRenewal(currentAccount(ctx).uid, deps, selfCall(ctx)));
  });
  // A guest's orders and membership move to the account at sign-in (a guest merge hook); this answers the result.
  router.post('/api/commerce/bind_vip', requireUser, async (ctx) => respond(ctx, await mine(ctx)));
}
