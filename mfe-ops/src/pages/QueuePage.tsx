import type { TFunction } from 'i18next';
import type { JSX } from 'react';
import { Link, useNavigate } from 'react-router';
import type { OpsQueueItem } from 'shared-kit';
import { DataTable, useFormat, type Column } from 'ui-kit';
import { under, useBase } from '../base';
import { DATE_TIME, flaggedCount } from '../fields';
import { useList, useZoneNote } from '../frame/useList';
import { useOpsT } from '../i18n';
import { fetchQueue } from '../services/ops.service';
import { PageHeader } from '../components/PageHeader';
import { CollectionQueue } from '../components/CollectionQueue';

/** `status.<code>` for the statuses the queue holds. */
export function statusLabel(t: TFunction<'ops'>, code: number): string {
  return [6, 20, 25, 26].includes(code) ? t(`status.${code}`) : t('status.other', { code });
}

/** The review queue: stories waiting for or flagged by the automated review, oldest first. */
export function QueuePage(): JSX.Element {
  const { t } = useOpsT();
  const { date } = useFormat();
  const base = useBase();
  const navigate = useNavigate();
  const zone = useZoneNote();
  const list = useList(() => fetchQueue().then((d) => d.list), 'queue');
  const open = (s: OpsQueueItem) => navigate(under(base, `review/${s.story_id}`));

  const columns: Array<Column<OpsQueueItem>> = [
    {
      key: 'story',
      header: t('queue.story'),
      rowHeader: true,
      cell: (s) => (
        <Link to={under(base, `review/${s.story_id}`)} aria-label={`${t('queue.open')}: ${s.story_name}`}>
          {s.story_name}
        </Link>
      ),
    },
    { key: 'status', header: t('queue.status'), cell: (s) => statusLabel(t, s.status) },
    { key: 'flagged', header: t('queue.flagged'), numeric: true, cell: (s) => flaggedCount(s.review_result) },
    { key: 'claimed', header: t('queue.claimedBy'), cell: (s) => s.claimed_by ?? t('queue.free') },
    {
      key: 'submitted',
      header: t('queue.submitted'),
      nowrap: true,
      cell: (s) => (s.updated_at ? date(s.updated_at, DATE_TIME) : ''),
    },
  ];

  return (
    <div>
      <PageHeader title={t('queue.title')} />
      <DataTable
        label={t('queue.table')}
        columns={columns}
        rows={list.rows}
        rowKey={(s) => s.story_id}
        status={list.status}
        onRetry={list.reload}
        errorText={t('common.error')}
        emptyTitle={t('queue.empty')}
        emptyDescription={t('queue.emptyHint')}
        onOpen={open}
        footnote={zone}
      />
      <CollectionQueue />
    </div>
  );
}
