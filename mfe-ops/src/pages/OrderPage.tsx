import { useCallback, useEffect, useState, type JSX } from 'react';
import { Link, useParams } from 'react-router';
import type { OpsOrderDetail } from 'shared-kit';
import { Button, ConfirmDialog, ListState, TextArea, useFormat } from 'ui-kit';
import { under, useBase } from '../base';
import { DATE_TIME } from '../fields';
import { useOpsT } from '../i18n';
import { fetchOrder, formatMoney, refundOrder } from '../services/commerce.service';
import { PageHeader } from '../components/PageHeader';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; detail: OpsOrderDetail };
const REASON_MAX = 500;

/** One order: what was bought, by whom, its state and the account's membership; a paid order can be refunded. */
export function OrderPage(): JSX.Element {
  const { t, i18n } = useOpsT();
  const fmt = useFormat();
  const base = useBase();
  const orderNo = useParams().orderNo ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const reload = useCallback(() => {
    setLoad((l) => (l.state === 'ready' ? l : { state: 'loading' }));
    fetchOrder(orderNo).then(
      (detail) => setLoad({ state: 'ready', detail }),
      () => setLoad({ state: 'error' }),
    );
  }, [orderNo]);
  useEffect(reload, [reload]);

  const back = <Link to={under(base, 'orders')}>{t('orders.back')}</Link>;
  if (load.state !== 'ready') {
    return (
      <div>
        <PageHeader title={t('orders.orderTitle', { orderNo })} back={back} />
        <ListState status={load.state} empty={false} emptyTitle="" errorText={t('orders.notFound')} onRetry={reload} />
      </div>
    );
  }
  const { order, user, membership, refundable } = load.detail;
  const when = (iso: string | null) => (iso ? fmt.date(iso, DATE_TIME) : t('orders.none'));
  const amount = order.amount === 0 ? t('orders.free') : formatMoney(order.amount, order.currency, i18n.language);
  const who = user.nickname || user.uid;

  async function refund(): Promise<void> {
    setBusy(true);
    try {
      await refundOrder(order.order_no, reason.trim());
      setMessage(t('orders.refundDone'));
      setReason('');
      reload();
    } catch {
      setMessage(t('orders.refundFailed'));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <div>
      <PageHeader title={t('orders.orderTitle', { orderNo: order.order_no })} back={back} />
      <div className="ops-detail">
        <div className="ops-detail__main">
          <dl className="ops-facts">
            <dt>{t('orders.account')}</dt>
            <dd>
              <Link to={under(base, `users/${user.uid}`)}>{who}</Link> {user.username && `(${user.username})`}
            </dd>
            <dt>{t('orders.plan')}</dt>
            <dd>{t(`orders.plans.${order.goods_id}`, { defaultValue: order.goods_id })}</dd>
            <dt>{t('orders.kind')}</dt>
            <dd>{t(`orders.kinds.${order.trade_type}`, { defaultValue: order.trade_type })}</dd>
            <dt>{t('orders.amount')}</dt>
            <dd>{amount}</dd>
            <dt>{t('orders.status')}</dt>
            <dd data-testid="order-status">{t(`orders.statuses.${order.status}`)}</dd>
            <dt>{t('orders.opened')}</dt>
            <dd>{when(order.created_at)}</dd>
            <dt>{t('orders.paid')}</dt>
            <dd>{when(order.paid_at)}</dd>
            <dt>{t('orders.periodEnd')}</dt>
            <dd>{when(order.period_end)}</dd>
            {order.refunded_at && (
              <>
                <dt>{t('orders.refunded')}</dt>
                <dd>{when(order.refunded_at)}</dd>
              </>
            )}
            {order.note && (
              <>
                <dt>{t('orders.note')}</dt>
                <dd>{order.note}</dd>
              </>
            )}
          </dl>
          <h2>{t('orders.membership')}</h2>
          <dl className="ops-facts">
            <dt>{t('orders.membershipState')}</dt>
            <dd data-testid="membership-state">{t(`orders.membershipStates.${membership.status}`)}</dd>
            <dt>{t('orders.validUntil')}</dt>
            <dd>{when(membership.valid_until)}</dd>
            <dt>{t('orders.autoRenew')}</dt>
            <dd>{membership.auto_renew ? t('orders.yes') : t('orders.no')}</dd>
          </dl>
        </div>
        {refundable ? (
          <form
            className="ops-decision"
            aria-label={t('orders.refundTitle')}
            onSubmit={(e) => {
              e.preventDefault();
              if (reason.trim() !== '') setConfirming(true);
            }}
          >
            <h2>{t('orders.refundTitle')}</h2>
            <p>{t('orders.refundLead')}</p>
            <TextArea label={t('orders.reason')} value={reason} limit={REASON_MAX} onChange={(e) => setReason(e.target.value)} />
            <Button type="submit" variant="danger" disabled={busy || reason.trim() === ''}>
              {t('orders.refund')}
            </Button>
            <p role="status">{message}</p>
          </form>
        ) : (
          <div className="ops-decision">
            <h2>{t('orders.refundTitle')}</h2>
            <p>{t('orders.notRefundable')}</p>
            <p role="status">{message}</p>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        danger
        busy={busy}
        title={t('orders.confirmTitle', { amount, user: who })}
        confirmLabel={t('orders.refund')}
        onConfirm={() => void refund()}
        onCancel={() => setConfirming(false)}
      >
        {t('orders.confirmBody', { reason: reason.trim() })}
      </ConfirmDialog>
    </div>
  );
}
