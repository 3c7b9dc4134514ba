import { ErrorCode } from 'shared-kit';
import { OrderStatus } from 'shared-kit/areas';
import { currentAccount, requireSession } from '../../lib/auth';
import type { AppContext, AppRouter } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { TradeOrderModel } from './commerce.model';
import { selfCall } from './commerce.routes';
import { sandboxId, type SandboxSender } from './sandbox.provider';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
  } catch {
    return `${amount} ${currency}`;
  }
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f3ff;color:#1f1d2b}
main{max-width:420px;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002}
.badge{display:inline-block;background:#b45309;color:#fff;font-weight:700;padding:.2rem .6rem;border-radius:6px}
button,a.btn{display:block;width:100%;margin:.6rem 0;padding:.8rem;border-radius:8px;border:0;font-size:1rem;text-align:center;text-decoration:none;cursor:pointer}
button{background:#5b21b6;color:#fff}a.btn{background:#e5e7eb;color:#1f1d2b}
button:focus-visible,a.btn:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
</style></head><body><main>${body}</main></body></html>`;
}

async function ownOpenOrder(ctx: AppContext, checkoutId: string) {
  const order = await TradeOrderModel.findOne({ checkout_id: checkoutId }).lean();
  if (!order || order.uid !== currentAccount(ctx).uid) throw new AppError(ErrorCode.RecordNotFound, 'checkout: no such checkout', { status: 404 });
  return order;
}

/**
 * The sandbox provider's checkout (offline default): a page of our own, marked as a sandbox, with no card fields.
 * "Pay" sends the signed `checkout.session.completed` webhook to this api, as Stripe would, then returns the buyer
 * to the membership page; nothing is charged.
 */
export function sandboxRoutes(router: AppRouter, sender: SandboxSender, returnUrl: string): void {
  router.get('/api/commerce/sandbox/checkout/:id', requireSession, async (ctx) => {
    const order = await ownOpenOrder(ctx, ctx.params.id!);
    const back = `${returnUrl}?order_no=${order.order_no}&cancelled=1`;
    const open = order.status === OrderStatus.Open;
    ctx.type = 'html';
    ctx.body = page(
      'Sandbox checkout',
      `<p><span class="badge" role="note">SANDBOX · 沙盒</span></p>
<h1>Sandbox checkout · 沙盒支付</h1>
<p>No real payment is made and no card is asked for. 不会真实扣款，也无需填写银行卡。</p>
<dl><dt>Order · 订单</dt><dd>${escapeHtml(order.order_no)}</dd><dt>Plan · 套餐</dt><dd>${escapeHtml(order.goods_id)}</dd>
<dt>Amount · 金额</dt><dd data-testid="sandbox-amount">${escapeHtml(money(order.amount, order.currency))}</dd></dl>
${open ? `<form method="post" action="/api/commerce/sandbox/checkout/${escapeHtml(ctx.params.id!)}/pay"><button type="submit">Pay in the sandbox · 沙盒支付</button></form>` : `<p>This checkout is ${escapeHtml(order.status)}.</p>`}
<a class="btn" href="${escapeHtml(back)}">Cancel · 取消</a>`,
    );
  });

  router.post('/api/commerce/sandbox/checkout/:id/pay', requireSession, async (ctx) => {
    const order = await ownOpenOrder(ctx, ctx.params.id!);
    if (order.status === OrderStatus.Open) {
      const subscription = order.trade_type === 'subscribe';
      const status = await sender.send(selfCall(ctx), 'checkout.session.completed', {
        id: order.checkout_id,
        object: 'checkout.session',
        mode: subscription ? 'subscription' : 'payment',
        payment_status: 'paid',
        amount_total: order.amount,
        currency: order.currency,
        client_reference_id: order.uid,
        subscription: subscription ? sandboxId('sub') : null,
        payment_intent: sandboxId('pi'),
        metadata: { order_no: order.order_no, uid: order.uid, goods_id: order.goods_id },
      });
      if (status !== 200) throw new AppError(ErrorCode.BackendNetworkError, `The sandbox webhook answered ${status}`, { report: true });
    }
    ctx.status = 303;
    ctx.redirect(`${returnUrl}?order_no=${order.order_no}`);
  });
}
