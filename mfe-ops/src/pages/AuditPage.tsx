import { useCallback, useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import type { OpsAuditEntry } from 'shared-kit';
import { Button, EmptyState, Select, Spinner, TextField, useFormat } from 'ui-kit';
import { DATE_TIME } from '../fields';
import { under, useBase } from '../base';
import { useOpsT } from '../i18n';
import { fetchAudit, type AuditFilters } from '../services/ops.service';
import { PageHeading } from '../components/PageHeading';

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

type Load =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ready'; list: OpsAuditEntry[]; hasMore: boolean; cursor: string };

/** The operators' audit log, newest first, searchable by reason or target. */
export function AuditPage(): JSX.Element {
  const { t } = useOpsT();
  const { date } = useFormat();
  const [q, setQ] = useState('');
  const [action, setAction] = useState(ANY);
  const [operator, setOperator] = useState('');
  const [target, setTarget] = useState('');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const filters: AuditFilters = { action: action === ANY ? '' : action, operator_uid: operator, target_id: target };
  const key = JSON.stringify(filters);

  const reload = useCallback((query: string, f: AuditFilters) => {
    setLoad({ state: 'loading' });
    fetchAudit(query, undefined, f).then(
      (p) => setLoad({ state: 'ready', list: p.list, hasMore: p.has_more, cursor: p.cursor }),
      () => setLoad({ state: 'error' }),
    );
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => reload(q, JSON.parse(key) as AuditFilters), 250);
    return () => clearTimeout(timer);
  }, [q, key, reload]);

  async function more(): Promise<void> {
    if (load.state !== 'ready') return;
    const p = await fetchAudit(q, load.cursor, filters);
    setLoad({ state: 'ready', list: [...load.list, ...p.list], hasMore: p.has_more, cursor: p.cursor });
  }

  return (
    <div>
      <PageHeading title={t('audit.title')} />
      <TextField label={t('audit.search')} type="search" value={q} maxLength={200} onChange={(e) => setQ(e.target.value)} />
      <fieldset className="ops-filters">
        <legend>{t('audit.filters')}</legend>
        <Select
          label={t('audit.action')}
          value={action}
          onValueChange={setAction}
          options={[{ value: ANY, label: t('audit.anyAction') }, ...ACTIONS.map((a) => ({ value: a, label: a }))]}
        />
        <TextField label={t('audit.operator')} value={operator} maxLength={64} onChange={(e) => setOperator(e.target.value)} />
        <TextField label={t('audit.targetId')} value={target} maxLength={64} onChange={(e) => setTarget(e.target.value)} />
      </fieldset>
      {load.state === 'loading' && <Spinner label={t('common.loading')} />}
      {load.state === 'error' && (
        <div role="alert">
          <p>{t('common.error')}</p>
          <Button onClick={() => reload(q, filters)}>{t('common.tryAgain')}</Button>
        </div>
      )}
      {load.state === 'ready' && load.list.length === 0 && <EmptyState title={t('audit.empty')} />}
      {load.state === 'ready' && load.list.length > 0 && (
        <>
          <table aria-label={t('audit.table')}>
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.who')}</th>
                <th scope="col">{t('audit.what')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {load.list.map((r) => (
                <tr key={r.audit_id}>
                  <td>{date(r.at, DATE_TIME)}</td>
                  <td>{r.operator_uid}</td>
                  <td>{r.action}</td>
                  <td>
                    <AuditTarget entry={r} />
                  </td>
                  <td>{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {load.hasMore && <Button onClick={() => void more()}>{t('audit.more')}</Button>}
        </>
      )}
    </div>
  );
}

/** A story decision's target leads to the version it judged, read only; other targets are their id. */
function AuditTarget({ entry }: { entry: OpsAuditEntry }): JSX.Element {
  const base = useBase();
  const after = entry.after as { version_id?: unknown } | null;
  const judged = entry.target_type === 'story' && (entry.action === 'review.decide' || entry.action === 'appeal.decide');
  if (!judged || typeof after?.version_id !== 'string') return <>{entry.target_id}</>;
  return <Link to={under(base, `story/${entry.target_id}/${after.version_id}`)}>{entry.target_id}</Link>;
}
