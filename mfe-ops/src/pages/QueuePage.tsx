import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import type { OpsQueueItem } from 'shared-kit';
import { Button, EmptyState, Spinner, useFormat } from 'ui-kit';
import { under, useBase } from '../base';
import { DATE_TIME, flaggedCount } from '../fields';
import { useOpsT } from '../i18n';
import { fetchQueue } from '../services/ops.service';
import { PageHeading } from '../components/PageHeading';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; list: OpsQueueItem[] };

/** `status.<code>` for the statuses the queue holds. */
export function statusLabel(t: TFunction<'ops'>, code: number): string {
  return [6, 20, 25, 26].includes(code) ? t(`status.${code}`) : t('status.other', { code });
}

/** The review queue: stories waiting for or flagged by the automated review, oldest first. */
export function QueuePage(): JSX.Element {
  const { t } = useOpsT();
  const { date } = useFormat();
  const base = useBase();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    fetchQueue().then(
      (d) => setLoad({ state: 'ready', list: d.list }),
      () => setLoad({ state: 'error' }),
    );
  }, []);
  useEffect(reload, [reload]);

  return (
    <div>
      <PageHeading title={t('queue.title')} />
      {load.state === 'loading' && <Spinner label={t('common.loading')} />}
      {load.state === 'error' && (
        <div role="alert">
          <p>{t('common.error')}</p>
          <Button onClick={reload}>{t('common.tryAgain')}</Button>
        </div>
      )}
      {load.state === 'ready' && load.list.length === 0 && <EmptyState title={t('queue.empty')} description={t('queue.emptyHint')} />}
      {load.state === 'ready' && load.list.length > 0 && (
        <table aria-label={t('queue.table')}>
          <thead>
            <tr>
              <th scope="col">{t('queue.story')}</th>
              <th scope="col">{t('queue.status')}</th>
              <th scope="col">{t('queue.flagged')}</th>
              <th scope="col">{t('queue.claimedBy')}</th>
              <th scope="col">{t('queue.submitted')}</th>
            </tr>
          </thead>
          <tbody>
            {load.list.map((s) => (
              <tr key={s.story_id}>
                <td>
                  <Link to={under(base, `review/${s.story_id}`)} aria-label={`${t('queue.open')}: ${s.story_name}`}>
                    {s.story_name}
                  </Link>
                </td>
                <td>{statusLabel(t, s.status)}</td>
                <td>{flaggedCount(s.review_result)}</td>
                <td>{s.claimed_by ?? t('queue.free')}</td>
                <td>{s.updated_at ? date(s.updated_at, DATE_TIME) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
