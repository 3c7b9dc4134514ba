import { useState, type JSX } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ReportCase } from 'shared-kit';
import { DataTable, useFormat, type Column } from 'ui-kit';
import { DATE_TIME, reasonCounts } from '../fields';
import { under, useBase } from '../base';
import { useOpsT } from '../i18n';
import { fetchReportQueue } from '../services/moderation.service';
import { PageHeader } from '../components/PageHeader';
import { useList, useZoneNote } from '../frame/useList';

type Sort = 'count' | 'newest';

/** Open report items, one per reported target with its count, most reported or newest first (kept in the address). */
export function ReportsPage(): JSX.Element {
  const { t } = useOpsT();
  const { date } = useFormat();
  const base = useBase();
  const navigate = useNavigate();
  const zone = useZoneNote();
  const [params, setParams] = useSearchParams();
  const sort: Sort = params.get('sort') === 'newest' ? 'newest' : 'count';
  const [page, setPage] = useState({ hasMore: false, next: 0 });
  const list = useList(
    () =>
      fetchReportQueue(sort).then((d) => {
        setPage({ hasMore: d.has_more, next: d.next_offset });
        return d.list;
      }),
    sort,
  );

  async function more(): Promise<void> {
    const d = await fetchReportQueue(sort, page.next);
    list.setRows([...list.rows, ...d.list]);
    setPage({ hasMore: d.has_more, next: d.next_offset });
  }

  const sortBy = (key: string) => {
    const next = new URLSearchParams(params);
    if (key === 'last') next.set('sort', 'newest');
    else next.delete('sort');
    setParams(next, { replace: true });
  };

  const columns: Array<Column<ReportCase>> = [
    {
      key: 'target',
      header: t('reports.target'),
      rowHeader: true,
      cell: (c) => {
        const name = c.target_name || t('reports.untitled');
        return (
          <Link to={under(base, `reports/${c.case_id}`)} aria-label={t('reports.open', { name })}>
            {name}
          </Link>
        );
      },
    },
    {
      key: 'kind',
      header: t('reports.kind'),
      nowrap: true,
      cell: (c) => t(`reports.kinds.${c.target_type}`, { defaultValue: c.target_type }),
    },
    {
      key: 'count',
      header: t('reports.count'),
      numeric: true,
      sortable: true,
      cell: (c) => <span data-testid="report-count">{c.count}</span>,
    },
    {
      key: 'reasons',
      header: t('reports.reasons'),
      cell: (c) => reasonCounts(t, c.reasons),
    },
    {
      key: 'last',
      header: t('reports.last'),
      nowrap: true,
      sortable: true,
      cell: (c) => date(c.last_at, DATE_TIME),
    },
  ];

  return (
    <div>
      <PageHeader
        title={t('reports.title')}
        lead={t(sort === 'count' ? 'reports.byCount' : 'reports.newest')}
      />
      <DataTable
        label={t('reports.table')}
        columns={columns}
        rows={list.rows}
        rowKey={(c) => c.case_id}
        rowProps={(c) => ({ 'data-case': c.case_id })}
        status={list.status}
        onRetry={list.reload}
        errorText={t('common.error')}
        emptyTitle={t('reports.empty')}
        onOpen={(c) => navigate(under(base, `reports/${c.case_id}`))}
        sort={{ key: sort === 'count' ? 'count' : 'last', direction: 'descending' }}
        onSort={sortBy}
        hasMore={page.hasMore}
        onMore={more}
        footnote={zone}
      />
    </div>
  );
}
