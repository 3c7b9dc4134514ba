import { useState, type FormEvent, type JSX } from 'react';
import { ApiError, ErrorCode, type TemplateWhiteListEntry } from 'shared-kit';
import { Button, DataTable, TextField, useFormat, type Column } from 'ui-kit';
import { useList, useZoneNote } from '../frame/useList';
import { DATE_TIME } from '../fields';
import { useOpsT } from '../i18n';
import { changeTemplateWhiteList, fetchTemplateWhiteList } from '../services/template.service';
import { PageHeader } from '../components/PageHeader';

/**
 * Content operators (and admins) see who is on the template whitelist, add a creator by User ID or uid and remove
 * one; those on it make and publish templates in the editor. Every change lands in the audit log.
 */
export function TemplateWhiteListPage(): JSX.Element {
  const { t } = useOpsT();
  const { date } = useFormat();
  const zone = useZoneNote();
  const list = useList(() => fetchTemplateWhiteList().then((d) => d.list), 'whitelist');
  const reload = list.reload;
  const [user, setUser] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function change(who: string, allow: boolean): Promise<void> {
    setBusy(true);
    setMessage(null);
    try {
      const done = await changeTemplateWhiteList(who, allow);
      setMessage(t(allow ? 'templates.added' : 'templates.removed', { name: done.nickname || done.uid }));
      if (allow) setUser('');
      reload();
    } catch (err) {
      setMessage(
        t(
          err instanceof ApiError && err.code === ErrorCode.RecordNotFound
            ? 'templates.notFound'
            : 'templates.failed',
        ),
      );
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent): void {
    e.preventDefault();
    if (user.trim() !== '') void change(user.trim(), true);
  }

  const columns: Array<Column<TemplateWhiteListEntry>> = [
    {
      key: 'creator',
      header: t('templates.creator'),
      rowHeader: true,
      cell: (r) => t('templates.person', { name: r.nickname || r.uid, id: r.username || r.uid }),
    },
    {
      key: 'by',
      header: t('templates.addedBy'),
      cell: (r) => r.added_by_name || (r.added_by === 'seed' ? t('templates.bySeed') : r.added_by),
    },
    { key: 'at', header: t('templates.addedAt'), nowrap: true, cell: (r) => date(r.added_at, DATE_TIME) },
    {
      key: 'actions',
      header: t('templates.actions'),
      nowrap: true,
      cell: (r) => (
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          aria-label={t('templates.removeLabel', { name: r.nickname || r.uid })}
          onClick={() => void change(r.uid, false)}
        >
          {t('templates.remove')}
        </Button>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title={t('templates.title')} lead={t('templates.intro')} />
      <form className="ops-panel ops-panel--inline" onSubmit={submit} aria-label={t('templates.addTitle')}>
        <h2>{t('templates.addTitle')}</h2>
        <TextField
          label={t('templates.user')}
          value={user}
          maxLength={64}
          onChange={(e) => setUser(e.target.value)}
        />
        <Button type="submit" variant="primary" disabled={busy || user.trim() === ''}>
          {t('templates.add')}
        </Button>
      </form>
      {message && (
        <p role="status" className="ops-status">
          {message}
        </p>
      )}
      <h2>{t('templates.table')}</h2>
      <DataTable
        label={t('templates.table')}
        columns={columns}
        rows={list.rows}
        rowKey={(r) => r.uid}
        status={list.status}
        onRetry={reload}
        errorText={t('common.error')}
        emptyTitle={t('templates.empty')}
        footnote={zone}
      />
    </div>
  );
}
