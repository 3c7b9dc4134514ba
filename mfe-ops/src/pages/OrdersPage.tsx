import { useState, type JSX, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { OpsPermission, type OpsOrder } from 'shared-kit';
import { OrderStatus } from 'shared-kit/areas';
import { DataTable, Select, Spinner, TextField, useFormat, type Column } from 'ui-kit';
import { under, useBase } from '../base';
import { DATE_TIME } from '../fields';
import { useAddressFilters } from '../frame/useAddress';
import { useList, useZoneNote } from '../frame/useList';
import { useOpsT } from '../i18n';
import { fetchOrders, formatMoney, ORDERS_PAGE, type OrderFilters } from '../services/commerce.service';
import { PageHeader } from '../components/PageHeader';
import { useCan } from '../me';
import { GrantForm } from './GrantForm';

const ANY = 'any';
const STATUSES = Object.values(OrderStatus);
/** The filters, by their names in the address (dates as YYYY-MM-DD, the operator's own days). */
const FILTERS = ['user', 'status', 'from', 'to'] as const;

/** A day picked in the operator's zone as the instant it starts; `next` the instant the day after starts. */
function dayStart(day: string, next = false): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  const d = new Date(`${day}T00:00:00`);
  if (Number.isNaN(d.getTime())) return '';
  if (next) d.setDate(d.getDate() + 1);
  return d.toISOString();
}

/** Every order (or one account's), newest first, by state and open day; a row opens the order. Grants below. */
export function OrdersPage(): JSX.Element {
  const { t, i18n } = useOpsT();
  const { date } = useFormat();
  const base = useBase();
  const navigate = useNavigate();
  const zone = useZoneNote();
  const [draft, applied, set] = useAddressFilters(FILTERS);
  const filters: OrderFilters = { user: applied.user.trim(), status: applied.status, from: dayStart(applied.from), to: dayStart(applied.to, true) };
  const [hasMore, setHasMore] = useState(false);
  const list = useList(
    () =>
      fetchOrders(filters, 0).then((p) => {
        setHasMore(p.has_more);
        return p.list;
      }),
    JSON.stringify(filters),
  );

  async function more(): Promise<void> {
    const p = await fetchOrders(filters, list.rows.length);
    list.setRows([...list.rows, ...p.list]);
    setHasMore(p.has_more);
  }

  const columns: Array<Column<OpsOrder>> = [
    {
      key: 'order',
      header: t('orders.orderNo'),
      rowHeader: true,
      nowrap: true,
      cell: (o) => <Link to={under(base, `orders/${o.order_no}`)}>{o.order_no}</Link>,
    },
    { key: 'opened', header: t('orders.opened'), nowrap: true, cell: (o) => date(o.created_at, DATE_TIME) },
    { key: 'account', header: t('orders.account'), cell: (o) => o.nickname || o.uid },
    { key: 'plan', header: t('orders.plan'), cell: (o) => t(`orders.plans.${o.goods_id}`, { defaultValue: o.goods_id }) },
    {
      key: 'amount',
      header: t('orders.amount'),
      numeric: true,
      nowrap: true,
      cell: (o) => (o.amount === 0 ? t('orders.free') : formatMoney(o.amount, o.currency, i18n.language)),
    },
    { key: 'status', header: t('orders.status'), cell: (o) => t(`orders.statuses.${o.status}`) },
  ];

  return (
    <div>
      <PageHeader title={t('orders.title')} lead={t('orders.lead')}>
        <fieldset className="ops-filters">
          <legend className="ui-visually-hidden">{t('orders.filters')}</legend>
          <TextField
            label={t('orders.user')}
            type="search"
            value={draft.user}
            maxLength={64}
            onChange={(e) => set('user', e.target.value)}
          />
          <Select
            label={t('orders.status')}
            value={draft.status === '' ? ANY : draft.status}
            onValueChange={(v) => set('status', v === ANY ? '' : v)}
            options={[{ value: ANY, label: t('orders.anyStatus') }, ...STATUSES.map((s) => ({ value: s, label: t(`orders.statuses.${s}`) }))]}
          />
          <TextField label={t('orders.from')} type="date" value={draft.from} onChange={(e) => set('from', e.target.value)} />
          <TextField label={t('orders.to')} type="date" value={draft.to} onChange={(e) => set('to', e.target.value)} />
        </fieldset>
      </PageHeader>
      <DataTable
        label={t('orders.table')}
        columns={columns}
        rows={list.rows}
        rowKey={(o) => o.order_no}
        status={list.status}
        onRetry={list.reload}
        errorText={t('common.error')}
        emptyTitle={t('orders.empty')}
        hasMore={hasMore}
        onMore={more}
        onOpen={(o) => navigate(under(base, `orders/${o.order_no}`))}
        footnote={zone}
        skeletonRows={Math.min(ORDERS_PAGE, 6)}
      />
      <GrantForm onGranted={list.reload} />
    </div>
  );
}

/** Money pages are for admins: others (who have no link to them) are told so, and nothing is read. */
export function AdminOnly({ children }: { children: ReactNode }): JSX.Element {
  const { t } = useOpsT();
  const can = useCan(OpsPermission.Admin);
  if (can === undefined) return <Spinner />;
  if (!can) {
    return (
      <div>
        <PageHeader title={t('orders.title')} />
        <p role="alert">{t('orders.noAccess')}</p>
      </div>
    );
  }
  return <>{children}</>;
}
