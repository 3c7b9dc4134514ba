import { useCallback, useEffect, useState, type JSX } from 'react';
import type { MyReport } from 'shared-kit';
import { Badge, Button, Card, Spinner, useFormat } from 'ui-kit';
import { PageHeader } from '../components/PageHeader';
import { useAccountT } from '../i18n';
import { fetchMyReports } from '../services/report.service';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; list: MyReport[]; hasMore: boolean; next: number };

/** `/account/reports`: the reports one sent, newest first, each with its status and, once handled, the result. */
export function MyReportsPage(): JSX.Element {
  const { t } = useAccountT();
  const { date } = useFormat();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    fetchMyReports().then(
      (d) => setLoad({ state: 'ready', list: d.list, hasMore: d.has_more, next: d.next_offset }),
      () => setLoad({ state: 'error' }),
    );
  }, []);
  useEffect(reload, [reload]);

  async function more(): Promise<void> {
    if (load.state !== 'ready') return;
    const d = await fetchMyReports(load.next);
    setLoad({ state: 'ready', list: [...load.list, ...d.list], hasMore: d.has_more, next: d.next_offset });
  }

  return (
    <div className="account-page">
      <PageHeader title={t('reports.title')} />
      {load.state === 'error' ? (
        <Card as="section">
          <p role="alert">{t('reports.loadFailed')}</p>
          <Button onClick={reload}>{t('common.tryAgain')}</Button>
        </Card>
      ) : load.state === 'loading' ? (
        <Spinner label={t('reports.loading')} />
      ) : load.list.length === 0 ? (
        <Card as="section" className="account-center">
          <h2>{t('reports.emptyTitle')}</h2>
          <p className="ui-text-muted">{t('reports.emptyText')}</p>
        </Card>
      ) : (
        <Card as="section" aria-label={t('reports.title')}>
          <ul className="account-people">
            {load.list.map((r) => (
              <li key={r.report_id} className="account-person">
                <div className="account-person__text">
                  <span className="account-person__name">
                    {t('reports.line', { kind: t(`reports.kinds.${r.target_type}`, { defaultValue: r.target_type }), name: r.target_name || t('reports.untitled') })}
                  </span>
                  <span className="ui-text-muted">{t('reports.sent', { date: date(r.created_at) })}</span>
                  {r.outcome ? <span>{t(`reports.outcome.${r.outcome}`, { defaultValue: r.outcome })}</span> : null}
                </div>
                <Badge tone={r.status === 'Resolved' ? 'success' : 'info'}>{t(`reports.status.${r.status}`, { defaultValue: r.status })}</Badge>
              </li>
            ))}
          </ul>
          {load.hasMore ? <Button onClick={() => void more()}>{t('reports.more')}</Button> : null}
        </Card>
      )}
    </div>
  );
}
