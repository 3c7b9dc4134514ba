import { lazy, Suspense, type JSX, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { type OpsStats } from 'shared-kit';
import { OPS_STATS_DAYS, OPS_STATS_RANGES as RANGES } from 'shared-kit/areas';
import { EmptyState, ListState, Select, Skeleton, Spinner } from 'ui-kit';
import { useList } from '../frame/useList';
import type { Series } from '../components/DashboardChart';
import { useOpsT } from '../i18n';
import { fetchStats } from '../services/console.service';
import { PageHeader } from '../components/PageHeader';

// chart.js comes with the chart, on a chunk of its own: only the dashboard pays for it.
const DashboardChart = lazy(() => import('../components/DashboardChart'));

const QUEUES = ['review', 'report', 'appeal'] as const;
const HOUR_MS = 3600_000;

/** A figure's numbers as a table: one row per label, one column per series. */
interface FigureTable {
  /** The heading of the rows' column (the day, the operator, the reason). */
  corner: string;
  columns: string[];
  rows: Array<{ key: string; name: string; cells: ReactNode[] }>;
}

interface FigureProps {
  id: string;
  title: string;
  kind: 'line' | 'bar';
  labels: string[];
  series: Series[];
  stacked?: boolean;
  /** The same figures as a table, for screen readers (the canvas is one picture to them). */
  table: FigureTable;
}

function Figure({ id, title, kind, labels, series, stacked, table }: FigureProps): JSX.Element {
  const { t } = useOpsT();
  return (
    <figure className="ops-figure" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>
        <h2>{title}</h2>
      </figcaption>
      <Suspense fallback={<Spinner label={t('dashboard.chartLoading')} />}>
        <DashboardChart
          kind={kind}
          label={t('dashboard.chartSummary', { title })}
          labels={labels}
          series={series}
          stacked={stacked}
        />
      </Suspense>
      <div className="ui-visually-hidden">
        <table aria-label={title}>
          <thead>
            <tr>
              <th scope="col">{table.corner}</th>
              {table.columns.map((c) => (
                <th scope="col" key={c}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.name}</th>
                {row.cells.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** The queues' waiting counts as tiles, each with its change over the range. */
function Tiles({
  stats,
  name,
}: {
  stats: OpsStats;
  name: (q: (typeof QUEUES)[number]) => string;
}): JSX.Element {
  const { t } = useOpsT();
  return (
    <dl className="ops-tiles">
      {QUEUES.map((q) => {
        const first = stats.queues[q].days[0];
        const change = first ? stats.queues[q].now - first.size : 0;
        const day = first?.day.slice(5) ?? '';
        return (
          <div key={q} className="ops-tile">
            <dt>{name(q)}</dt>
            <dd className="ops-tile__figure" data-testid={`now-${q}`}>
              {stats.queues[q].now}
            </dd>
            <dd className="ops-tile__trend">
              {change === 0
                ? t('frame.noChange', { day })
                : t('frame.trend', { change: change > 0 ? `+${change}` : String(change), day })}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The console's dashboard: queue sizes, time to a decision, decisions per operator and reports by reason, 7, 30 or 90 days. */
export function DashboardPage(): JSX.Element {
  const { t } = useOpsT();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const range: number = (RANGES as readonly number[]).includes(asked) ? asked : OPS_STATS_DAYS;
  const load = useList(() => fetchStats(range).then((stats) => [stats]), String(range));
  const rangeSelect = (
    <Select
      label={t('frame.range')}
      value={String(range)}
      onValueChange={(v) => setParams(v === '30' ? {} : { days: v }, { replace: true })}
      options={RANGES.map((d) => ({ value: String(d), label: t('frame.rangeDays', { count: d }) }))}
    />
  );
  const stats = load.rows[0];
  if (load.status !== 'ready' || !stats) {
    return (
      <div className="ops-dashboard">
        <PageHeader title={t('dashboard.title')} action={rangeSelect} />
        <ListState
          status={load.status === 'ready' ? 'error' : load.status}
          empty={false}
          emptyTitle=""
          errorText={t('dashboard.error')}
          onRetry={load.reload}
          loading={
            <div className="ops-tiles">
              {QUEUES.map((q) => (
                <Skeleton key={q} shape="block" height={96} />
              ))}
            </div>
          }
        />
      </div>
    );
  }
  const days = stats.queues.review.days.map((d) => d.day);
  const short = days.map((d) => d.slice(5));
  const queueName = (q: (typeof QUEUES)[number]) => t(`dashboard.queues.${q}`);
  const quiet =
    QUEUES.every(
      (q) => stats.queues[q].now === 0 && stats.queues[q].days.every((d) => d.size === 0 && d.entered === 0),
    ) &&
    stats.operators.length === 0 &&
    stats.reasons.length === 0;
  const hours = (ms: number | null) => (ms === null ? null : Math.round((ms / HOUR_MS) * 10) / 10);
  const reasonName = (r: string) => t(`reports.reasonNames.${r}`, { defaultValue: r });
  const operatorName = (o: OpsStats['operators'][number]) => o.nickname || o.uid;

  return (
    <div className="ops-dashboard">
      <PageHeader
        title={t('dashboard.title')}
        lead={t('dashboard.range', { count: range, from: stats.from, to: stats.to })}
        action={rangeSelect}
      />
      <section aria-labelledby="ops-now">
        <h2 id="ops-now">{t('dashboard.now')}</h2>
        <Tiles stats={stats} name={queueName} />
      </section>
      {quiet ? (
        <EmptyState title={t('dashboard.empty', { count: range })} />
      ) : (
        <div className="ops-grid">
          <Figure
            id="ops-sizes"
            title={t('dashboard.sizesTitle')}
            kind="line"
            labels={short}
            series={QUEUES.map((q) => ({
              label: queueName(q),
              values: stats.queues[q].days.map((d) => d.size),
            }))}
            table={{
              corner: t('dashboard.day'),
              columns: QUEUES.map(queueName),
              rows: days.map((day, i) => ({
                key: day,
                name: day,
                cells: QUEUES.map((q) => stats.queues[q].days[i]!.size),
              })),
            }}
          />
          <Figure
            id="ops-median"
            title={t('dashboard.medianTitle')}
            kind="line"
            labels={short}
            series={QUEUES.map((q) => ({
              label: queueName(q),
              values: stats.queues[q].days.map((d) => hours(d.median_ms)),
            }))}
            table={{
              corner: t('dashboard.day'),
              columns: QUEUES.map(queueName),
              rows: days.map((day, i) => ({
                key: day,
                name: day,
                cells: QUEUES.map((q) => {
                  const h = hours(stats.queues[q].days[i]!.median_ms);
                  return h === null ? t('dashboard.none') : t('dashboard.hours', { value: h });
                }),
              })),
            }}
          />
          {stats.operators.length === 0 ? (
            <section className="ops-figure">
              <h2>{t('dashboard.operatorsTitle')}</h2>
              <p className="ops-figure__quiet">{t('dashboard.noDecisions', { count: range })}</p>
            </section>
          ) : (
            <Figure
              id="ops-operators"
              title={t('dashboard.operatorsTitle')}
              kind="bar"
              stacked
              labels={stats.operators.map(operatorName)}
              series={QUEUES.map((q) => ({ label: queueName(q), values: stats.operators.map((o) => o[q]) }))}
              table={{
                corner: t('dashboard.operator'),
                columns: [...QUEUES.map(queueName), t('dashboard.total')],
                rows: stats.operators.map((o) => ({
                  key: o.uid,
                  name: operatorName(o),
                  cells: [...QUEUES.map((q) => o[q]), o.total],
                })),
              }}
            />
          )}
          {stats.reasons.length === 0 ? (
            <section className="ops-figure">
              <h2>{t('dashboard.reasonsTitle')}</h2>
              <p className="ops-figure__quiet">{t('dashboard.noReports', { count: range })}</p>
            </section>
          ) : (
            <Figure
              id="ops-reasons"
              title={t('dashboard.reasonsTitle')}
              kind="bar"
              labels={stats.reasons.map((r) => reasonName(r.reason))}
              series={[{ label: t('dashboard.count'), values: stats.reasons.map((r) => r.count) }]}
              table={{
                corner: t('dashboard.reason'),
                columns: [t('dashboard.count')],
                rows: stats.reasons.map((r) => ({
                  key: r.reason,
                  name: reasonName(r.reason),
                  cells: [r.count],
                })),
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}
