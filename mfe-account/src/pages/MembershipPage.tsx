import { useCallback, useEffect, useState, type JSX } from 'react';
import { useSearchParams } from 'react-router';
import type { TradeOrder } from 'shared-kit';
import { Badge, Button, Card, Spinner, useFormat } from 'ui-kit';
import { ModelChoice } from '../components/ModelChoice';
import { PageHeader } from '../components/PageHeader';
import { useAccountT } from '../i18n';
import { cancelRenewal, createOrder, fetchOrder, fetchOrders, fetchVipDetail, formatMoney, type VipDetail } from '../services/membership.service';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; detail: VipDetail; orders: TradeOrder[] };

const POLL_MS = 700;
const POLL_TRIES = 20;

/**
 * `/account/membership`: what members get, the plans and their price, subscribing (the provider's checkout, then
 * back here with `?order_no=`, waiting for the provider's confirmation), and for a member the renewal (next date and
 * amount, cancel) and the order history.
 */
export function MembershipPage(): JSX.Element {
  const { t } = useAccountT();
  const { date, language } = useFormat();
  const [params] = useSearchParams();
  const returned = params.get('order_no');
  const cancelledCheckout = params.get('cancelled') === '1';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [confirming, setConfirming] = useState(Boolean(returned) && !cancelledCheckout);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const [detail, orders] = await Promise.all([fetchVipDetail(), fetchOrders()]);
      setLoad({ state: 'ready', detail, orders: orders.list });
    } catch {
      setLoad({ state: 'error' });
    }
  }, []);

  useEffect(() => {
    let stop = false;
    void (async () => {
      if (returned && !cancelledCheckout) {
        // The provider's webhook makes the order paid; it may land just after the buyer is back.
        for (let i = 0; i < POLL_TRIES && !stop; i++) {
          const order = await fetchOrder(returned).catch(() => null);
          if (order && order.status !== 'Open') break;
          await new Promise((r) => setTimeout(r, POLL_MS));
        }
        if (!stop) setConfirming(false);
      }
      if (!stop) await reload();
    })();
    return () => {
      stop = true;
    };
  }, [returned, cancelledCheckout, reload]);

  async function subscribe(goodsId: string, currency: string): Promise<void> {
    setBusy(goodsId);
    setMessage(null);
    try {
      const { checkout_url } = await createOrder(goodsId, currency);
      window.location.assign(checkout_url);
    } catch {
      setMessage(t('membership.orderFailed'));
      setBusy(null);
    }
  }

  async function cancel(): Promise<void> {
    if (!window.confirm(t('membership.cancelConfirm'))) return;
    setBusy('cancel');
    try {
      await cancelRenewal();
      setMessage(t('membership.cancelled'));
      await reload();
    } catch {
      setMessage(t('membership.cancelFailed'));
    } finally {
      setBusy(null);
    }
  }

  const title = t('membership.title');
  if (load.state === 'error') {
    return (
      <div className="account-page">
        <PageHeader title={title} />
        <Card as="section">
          <p role="alert">{t('membership.loadFailed')}</p>
          <Button onClick={() => void reload()}>{t('common.tryAgain')}</Button>
        </Card>
      </div>
    );
  }
  if (load.state === 'loading' || confirming) {
    return (
      <div className="account-page">
        <PageHeader title={title} />
        <Spinner label={confirming ? t('membership.confirming') : t('membership.loading')} />
      </div>
    );
  }
  const { membership: m, plans, benefits } = load.detail;
  const until = m.valid_until ? date(m.valid_until) : '';
  return (
    <div className="account-page">
      <PageHeader title={title} />
      {cancelledCheckout ? <p role="status">{t('membership.checkoutCancelled')}</p> : null}
      {message ? <p role="status">{message}</p> : null}
      <Card as="section" aria-labelledby="vip-state">
        <h2 id="vip-state">
          {m.is_vip ? t('membership.member') : t('membership.notMember')}{' '}
          {m.is_vip ? <Badge tone="success">{t('membership.badge')}</Badge> : null}
        </h2>
        {m.is_vip ? (
          <p data-testid="vip-until">{m.auto_renew ? t('membership.renews', { date: until }) : t('membership.endsOn', { date: until })}</p>
        ) : m.status === 'expired' ? (
          <p>{t('membership.expiredOn', { date: until })}</p>
        ) : null}
        {m.auto_renew && m.next_renewal_amount !== null ? (
          <p>{t('membership.nextAmount', { amount: formatMoney(m.next_renewal_amount, m.currency, language) })}</p>
        ) : null}
        {m.payment_failed ? <p role="alert">{t('membership.paymentFailed')}</p> : null}
        {m.auto_renew ? (
          <Button variant="secondary" onClick={() => void cancel()} disabled={busy !== null}>
            {t('membership.cancelRenewal')}
          </Button>
        ) : null}
        <h3>{t('membership.benefitsTitle')}</h3>
        <ul>
          {benefits.map((b) => (
            <li key={b}>{t(`membership.benefits.${b}`, { defaultValue: b })}</li>
          ))}
        </ul>
      </Card>
      <ModelChoice />
      {m.auto_renew ? null : (
        <Card as="section" aria-labelledby="vip-plans">
          <h2 id="vip-plans">{t('membership.plansTitle')}</h2>
          <ul className="account-people">
            {plans.map((p) => (
              <li key={p.goods_id} className="account-person">
                <div className="account-person__text">
                  <span className="account-person__name">{t(`membership.plans.${p.kind}`, { days: p.days })}</span>
                  <span data-testid={`price-${p.goods_id}`}>{formatMoney(p.amount, p.currency, language)}</span>
                </div>
                <Button
                  onClick={() => void subscribe(p.goods_id, p.currency)}
                  disabled={busy !== null}
                  aria-label={t('membership.subscribeTo', {
                    action: p.kind === 'subscription' ? t('membership.subscribe') : t('membership.buy'),
                    plan: t(`membership.plans.${p.kind}`, { days: p.days }),
                  })}
                >
                  {p.kind === 'subscription' ? t('membership.subscribe') : t('membership.buy')}
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Card as="section" aria-labelledby="vip-orders">
        <h2 id="vip-orders">{t('membership.ordersTitle')}</h2>
        {load.orders.length === 0 ? (
          <p className="ui-text-muted">{t('membership.noOrders')}</p>
        ) : (
          <ul className="account-people">
            {load.orders.map((o) => (
              <li key={o.order_no} className="account-person">
                <div className="account-person__text">
                  <span className="account-person__name">{o.order_no}</span>
                  <span className="ui-text-muted">
                    {t('membership.orderLine', { date: date(o.created_at), amount: o.amount === 0 ? t('membership.free') : formatMoney(o.amount, o.currency, language) })}
                  </span>
                </div>
                <Badge tone={o.status === 'Paid' ? 'success' : o.status === 'Open' ? 'info' : 'neutral'}>{t(`membership.status.${o.status}`, { defaultValue: o.status })}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
