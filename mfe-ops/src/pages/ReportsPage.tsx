import { useCallback, useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import type { ReportCase } from 'shared-kit';
import { Button, EmptyState, Spinner, Tabs, useFormat } from 'ui-kit';
import { DATE_TIME } from '../fields';
import { under, useBase } from '../base';
import { useOpsT } from '../i18n';
import { fetchReportQueue } from '../services/moderation.service';
import { PageHeading } from '../components/PageHeading';

type Sort = 'count' | 'newest';
type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; list: ReportCase[]; hasMore: boolean; next: number };

/** Open report items, one per reported target with its count, most reported or newest first. */
export function ReportsPage(): JSX.Element {
  const { t } = useOpsT();
  const { date } = useFormat();
  const base = useBase();
  const [sort, setSort] = useState<Sort>('count');
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const reload = useCallback((by: Sort) => {
    setLoad({ state: 'loading' });
    fetchReportQueue(by).then(
      (d) => setLoad({ state: 'ready', list: d.list, hasMore: d.has_more, next: d.next_offset }),
      () => setLoad({ state: 'error' }),
    );
  }, []);
  useEffect(() => reload(sort), [reload, sort]);

  async function more(): Promise<void> {
    if (load.state !== 'ready') return;
    const d = await fetchReportQueue(sort, load.next);
    setLoad({ state: 'ready', list: [...load.list, ...d.list], hasMore: d.has_more, next: d.next_offset });
  }

  const table = load.state === 'ready' && load.list.length > 0 && (
    <>
      <table aria-label={t('reports.table')}>
        <thead>
          <tr>
            <th scope="col">{t('reports.target')}</th>
            <th scope="col">{t('reports.kind')}</th>
            <th scope="col">{t('reports.count')}</th>
            <th scope="col">{t('reports.reasons')}</th>
            <th scope="col">{t('reports.last')}</th>
          </tr>
        </thead>
        <tbody>
          {load.list.map((c) => {
            const name = c.target_name || t('reports.untitled');
            return (
              <tr key={c.case_id} data-case={c.case_id}>
                <td>
                  <Link to={under(base, `reports/${c.case_id}`)} aria-label={t('reports.open', { name })}>
                    {name}
                  </Link>
                </td>
                <td>{t(`reports.kinds.${c.target_type}`, { defaultValue: c.target_type })}</td>
                <td data-testid="report-count">{c.count}</td>
                <td>{c.reasons.map((r) => t('reports.reasonCount', { reason: t(`reports.reasonNames.${r.reason}`, { defaultValue: r.reason }), count: r.count })).join(', ')}</td>
                <td>{date(c.last_at, DATE_TIME)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {load.hasMore && <Button onClick={() => void more()}>{t('reports.more')}</Button>}
    </>
  );

  const body = (
    <>
      {load.state === 'loading' && <Spinner label={t('common.loading')} />}
      {load.state === 'error' && (
        <div role="alert">
          <p>{t('common.error')}</p>
          <Button onClick={() => reload(sort)}>{t('common.tryAgain')}</Button>
        </div>
      )}
      {load.state === 'ready' && load.list.length === 0 && <EmptyState title={t('reports.empty')} />}
      {table}
    </>
  );

  return (
    <div>
      <PageHeading title={t('reports.title')} />
      <Tabs
        label={t('reports.sort')}
        value={sort}
        onValueChange={(v: string) => setSort(v as Sort)}
        items={[
          { value: 'count', label: t('reports.byCount'), content: sort === 'count' ? body : null },
          { value: 'newest', label: t('reports.newest'), content: sort === 'newest' ? body : null },
        ]}
      />
    </div>
  );
}
