import { useState, type JSX } from 'react';
import { Link } from 'react-router';
import type { OpsAuditEntry } from 'shared-kit';
import { DataTable, Select, TextField, useFormat, type Column } from 'ui-kit';
import { DATE_TIME } from '../fields';
import { under, useBase } from '../base';
import { useAddressFilters } from '../frame/useAddress';
import { useList, useZoneNote } from '../frame/useList';
import { useOpsT } from '../i18n';
import { fetchAudit, type AuditFilters } from '../services/ops.service';
import { PageHeader } from '../components/PageHeader';

/** The actions operators' tools write (docs/api.md, Audit log). */
const ACTIONS = [
  'review.claim',
  'review.decide',
  'story.operate',
  'report.resolve',
  'report.remove',
  'user.sanction',
  'user.lift',
  'appeal.decide',
  'permission.grant',
  'permission.revoke',
  'topic.save',
  'topic.status',
  'topic.order',
  'banner.save',
  'banner.status',
  'banner.order',
  'mail.send',
  'push.send',
];
const ANY = 'any';
/** The search and filters, by their names in the address. */
const FILTERS = ['q', 'action', 'operator', 'target'] as const;

/** The operators' audit log, newest first, searchable by reason or target; the search and filters stay in the address. */
export function AuditPage(): JSX.Element {
  const { t } = useOpsT();
  const { date } = useFormat();
  const zone = useZoneNote();
  const [draft, applied, set] = useAddressFilters(FILTERS);
  const appliedQ = applied.q;
  const filters: AuditFilters = { action: applied.action, operator_uid: applied.operator, target_id: applied.target };
  const [cursor, setCursor] = useState<{ hasMore: boolean; cursor: string }>({ hasMore: false, cursor: '' });
  const list = useList(
    () =>
      fetchAudit(appliedQ, undefined, filters).then((p) => {
        setCursor({ hasMore: p.has_more, cursor: p.cursor });
        return p.list;
      }),
    JSON.stringify([appliedQ, filters]),
  );

  async function more(): Promise<void> {
    const p = await fetchAudit(appliedQ, cursor.cursor, filters);
    list.setRows([...list.rows, ...p.list]);
    setCursor({ hasMore: p.has_more, cursor: p.cursor });
  }

  const columns: Array<Column<OpsAuditEntry>> = [
    { key: 'when', header: t('audit.when'), nowrap: true, cell: (r) => date(r.at, DATE_TIME) },
    { key: 'who', header: t('audit.who'), cell: (r) => r.operator_uid },
    { key: 'what', header: t('audit.what'), nowrap: true, cell: (r) => <code>{r.action}</code> },
    { key: 'target', header: t('audit.target'), cell: (r) => <AuditTarget entry={r} /> },
    { key: 'reason', header: t('audit.reason'), cell: (r) => r.reason },
  ];

  return (
    <div>
      <PageHeader title={t('audit.title')}>
        <TextField
          label={t('audit.search')}
          type="search"
          value={draft.q}
          maxLength={200}
          onChange={(e) => set('q', e.target.value)}
        />
        <fieldset className="ops-filters">
          <legend className="ui-visually-hidden">{t('audit.filters')}</legend>
          <Select
            label={t('audit.action')}
            value={draft.action === '' ? ANY : draft.action}
            onValueChange={(v) => set('action', v === ANY ? '' : v)}
            options={[
              { value: ANY, label: t('audit.anyAction') },
              ...ACTIONS.map((a) => ({ value: a, label: a })),
            ]}
          />
          <TextField
            label={t('audit.operator')}
            value={draft.operator}
            maxLength={64}
            onChange={(e) => set('operator', e.target.value)}
          />
          <TextField
            label={t('audit.targetId')}
            value={draft.target}
            maxLength={64}
            onChange={(e) => set('target', e.target.value)}
          />
        </fieldset>
      </PageHeader>
      <DataTable
        label={t('audit.table')}
        columns={columns}
        rows={list.rows}
        rowKey={(r) => r.audit_id}
        status={list.status}
        onRetry={list.reload}
        errorText={t('common.error')}
        emptyTitle={t('audit.empty')}
        hasMore={cursor.hasMore}
        onMore={more}
        footnote={zone}
      />
    </div>
  );
}

/** A story decision's target leads to the version it judged, read only; other targets are their id. */
function AuditTarget({ entry }: { entry: OpsAuditEntry }): JSX.Element {
  const base = useBase();
  const after = entry.after as { version_id?: unknown } | null;
  const judged =
    entry.target_type === 'story' && (entry.action === 'review.decide' || entry.action === 'appeal.decide');
  if (!judged || typeof after?.version_id !== 'string') return <>{entry.target_id}</>;
  return <Link to={under(base, `story/${entry.target_id}/${after.version_id}`)}>{entry.target_id}</Link>;
}
