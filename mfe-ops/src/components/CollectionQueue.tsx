import { useState, type JSX } from 'react';
import type { CollectionQueueItem } from 'shared-kit';
import { Button, DataTable, TextField, messageForError, useFormat, type Column } from 'ui-kit';
import { DATE_TIME } from '../fields';
import { useList } from '../frame/useList';
import { useOpsT } from '../i18n';
import { decideCollection, fetchCollectionQueue } from '../services/collection.service';

type Decision = 'Passed' | 'Failed' | 'Unqualified';

/** One collection's verdict: a note (the reason the creator reads) and pass, fail or unqualified. */
function DecideCell({ item, onDone }: { item: CollectionQueueItem; onDone: () => void }): JSX.Element {
  const { t } = useOpsT();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const decide = async (decision: Decision) => {
    setBusy(true);
    setError('');
    try {
      await decideCollection({ collection_id: item.collection_id, revision: item.revision, decision, note });
      onDone();
    } catch (e) {
      setError(messageForError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ops-collection-decide">
      <TextField
        label={t('collections.note', { name: item.name })}
        hideLabel
        placeholder={t('collections.notePlaceholder')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="ui-row">
        <Button
          size="sm"
          variant="primary"
          disabled={busy}
          onClick={() => void decide('Passed')}
          aria-label={`${t('collections.pass')}: ${item.name}`}
        >
          {t('collections.pass')}
        </Button>
        <Button
          size="sm"
          disabled={busy}
          onClick={() => void decide('Unqualified')}
          aria-label={`${t('collections.unqualified')}: ${item.name}`}
        >
          {t('collections.unqualified')}
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={busy}
          onClick={() => void decide('Failed')}
          aria-label={`${t('collections.fail')}: ${item.name}`}
        >
          {t('collections.fail')}
        </Button>
      </div>
      {error ? (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The review queue's collections: below the stories, each decided in its row. Only a list with collections is a table;
 * loading, empty and a failed load are a line (the stories' table above keeps the page's one alert and retry).
 */
export function CollectionQueue(): JSX.Element {
  const { t } = useOpsT();
  const { date } = useFormat();
  const list = useList(() => fetchCollectionQueue().then((d) => d.list), 'collection-queue');
  const columns: Array<Column<CollectionQueueItem>> = [
    {
      key: 'name',
      header: t('collections.name'),
      rowHeader: true,
      cell: (c) => (
        <div>
          <strong>{c.name}</strong>
          <p className="ui-text-muted">{c.description}</p>
          <p className="ui-text-muted">
            {t('collections.creations', {
              names: c.creations.map((s) => s.story_name).join(t('collections.separator')),
            })}
          </p>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('collections.status'),
      cell: (c) => t(`collections.statuses.${c.status}`, { defaultValue: c.status }),
    },
    {
      key: 'reasons',
      header: t('collections.flagged'),
      cell: (c) => c.review_reasons.map((r) => `${r.field}: ${r.reason}`).join('; '),
    },
    {
      key: 'submitted',
      header: t('queue.submitted'),
      nowrap: true,
      cell: (c) => date(c.updated_at, DATE_TIME),
    },
    {
      key: 'decide',
      header: t('collections.decide'),
      cell: (c) => <DecideCell item={c} onDone={list.reload} />,
    },
  ];
  return (
    <section
      aria-labelledby="ops-collection-queue"
      className="ops-collection-queue"
      data-testid="collection-queue"
    >
      <h2 id="ops-collection-queue">{t('collections.title')}</h2>
      {list.status === 'loading' ? <p className="ui-text-muted">{t('collections.loading')}</p> : null}
      {list.status === 'error' ? (
        <p className="ui-text-muted">
          {t('collections.error')}{' '}
          <Button size="sm" onClick={list.reload}>
            {t('collections.reload')}
          </Button>
        </p>
      ) : null}
      {list.status !== 'loading' && list.status !== 'error' && list.rows.length === 0 ? (
        <p className="ui-text-muted">{t('collections.empty')}</p>
      ) : null}
      {list.rows.length > 0 ? (
        <DataTable
          label={t('collections.table')}
          columns={columns}
          rows={list.rows}
          rowKey={(c) => `${c.collection_id}:${c.revision}`}
          status={list.status}
          onRetry={list.reload}
          errorText={t('common.error')}
          emptyTitle={t('collections.empty')}
        />
      ) : null}
    </section>
  );
}
