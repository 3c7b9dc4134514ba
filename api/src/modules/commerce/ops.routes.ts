import { ErrorCode, OpsPermission, type OpsOrder } from 'shared-kit';
import { OrderStatus } from 'shared-kit/areas';
import { COMMERCE_REQUESTS } from 'shared-kit/schemas';
import type { Config } from '../../config';
import { currentAccount } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { requirePermission, writeAudit } from '../staff';
import { accountNamed, userByUid, usersByUid } from '../users';
import { TradeOrderModel, type OrderRow } from './commerce.model';
import { selfCall } from './commerce.routes';
import { grantDays, membershipOf } from './membership.service';
import { listOrders, presentOrder, refundOrder, type OrderDeps } from './orders.service';

/**
 * Operators (admin permission; money and membership): trial days (`/api/commerce/free_vip_distribution`), the
 * orders by account and refunds through the provider. Every change is in the audit log.
 */
export function commerceOpsRoutes(router: AppRouter, config: Config, deps: OrderDeps): void {
  const admin = requirePermission(OpsPermission.Admin);
  const grants = rateLimit({ name: 'vip-grant', key: (ctx) => currentAccount(ctx).uid, windowMs: 60 * 60 * 1000, max: 200 });

  const grant = validate({ body: COMMERCE_REQUESTS.freeVipBody });
  router.post('/api/commerce/free_vip_distribution', admin, grants, grant, async (ctx) => {
    const body = grant.input(ctx).body;
    const account = await accountNamed(body.user, ['uid']);
    if (!account) throw new AppError(ErrorCode.UserNotExist, 'user: no such account');
    const now = deps.now();
    const before = await membershipOf(account.uid, config.commerce.plans, now);
    const order_no = await grantDays(account.uid, body.days, `${currentAccount(ctx).uid}: ${body.reason}`, now);
    const membership = await membershipOf(account.uid, config.commerce.plans, now);
    await writeAudit({
      operator_uid: currentAccount(ctx).uid,
      action: 'vip.grant',
      target_type: 'user',
      target_id: account.uid,
      before: { valid_until: before.valid_until },
      after: { valid_until: membership.valid_until, days: body.days, order_no },
      reason: body.reason,
      at: new Date(now),
    });
    respond(ctx, { uid: account.uid, order_no, membership });
  });

  const page = validate({ query: COMMERCE_REQUESTS.opsOrdersQuery });
  router.get('/api/ops/commerce/orders', admin, page, async (ctx) => {
    const q = page.input(ctx).query;
    let uid: string | undefined;
    if (q.user) {
      const account = await accountNamed(q.user, ['uid']);
      if (!account) {
        respond(ctx, { list: [], has_more: false });
        return;
      }
      uid = account.uid;
    }
    const filter = { uid, status: q.status, from: q.from ? new Date(q.from) : undefined, to: q.to ? new Date(q.to) : undefined };
    const { rows, has_more } = await listOrders(filter, q.offset, q.count);
    const people = await usersByUid(rows.map((r) => r.uid), ['nickname']);
    respond(ctx, { list: rows.map((r) => opsOrder(r, people.get(r.uid)?.nickname ?? '')), has_more });
  });

  const one = validate({ query: COMMERCE_REQUESTS.opsOrderQuery });
  router.get('/api/ops/commerce/order', admin, one, async (ctx) => {
    const row = await TradeOrderModel.findOne({ order_no: one.input(ctx).query.order_no }).lean();
    if (!row) throw new AppError(ErrorCode.RecordNotFound, 'order_no: no such order');
    const user = await userByUid(row.uid, ['uid', 'nickname', 'username']);
    respond(ctx, {
      order: opsOrder(row, user?.nickname ?? ''),
      user: { uid: row.uid, nickname: user?.nickname ?? '', username: user?.username ?? '' },
      membership: await membershipOf(row.uid, config.commerce.plans, deps.now()),
      refundable: row.status === OrderStatus.Paid && row.amount > 0 && (Boolean(row.payment_ref) || Boolean(row.invoice_id)),
    });
  });

  const refund = validate({ body: COMMERCE_REQUESTS.refundBody });
  router.post('/api/ops/commerce/refund', admin, refund, async (ctx) => {
    const body = refund.input(ctx).body;
    const { order } = await refundOrder(body.order_no, deps, selfCall(ctx));
    const after = await TradeOrderModel.findOne({ order_no: body.order_no }, { status: 1 }).lean();
    await writeAudit({
      operator_uid: currentAccount(ctx).uid,
      action: 'order.refund',
      target_type: 'order',
      target_id: order.order_no,
      before: { status: order.status, uid: order.uid, amount: order.amount, currency: order.currency },
      after: { status: after?.status ?? order.status },
      reason: body.reason,
      at: new Date(deps.now()),
    });
    respond(ctx, { order_no: order.order_no, refund_requested: true });
  });
}

function opsOrder(r: OrderRow, nickname: string): OpsOrder {
  return { ...presentOrder(r), uid: r.uid, nickname, refunded_at: r.refunded_at ? r.refunded_at.toISOString() : null, note: r.note ?? '' };
}
