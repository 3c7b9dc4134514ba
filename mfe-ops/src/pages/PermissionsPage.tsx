import { useState, type FormEvent, type JSX } from 'react';
import { ApiError, ErrorCode, OpsPermission, type OpsOperator } from 'shared-kit';
import { Button, DataTable, Select, TextField, type Column } from 'ui-kit';
import { useList } from '../frame/useList';
import { useOpsT } from '../i18n';
import { fetchOperators, updatePermission } from '../services/moderation.service';
import { PageHeader } from '../components/PageHeader';

const ALL = Object.values(OpsPermission);

/** Admins grant and revoke operators' permissions; every change lands in the audit log. */
export function PermissionsPage(): JSX.Element {
  const { t } = useOpsT();
  const list = useList(() => fetchOperators().then((d) => d.list), 'operators');
  const reload = list.reload;
  const [user, setUser] = useState('');
  const [permission, setPermission] = useState<OpsPermission>(OpsPermission.Reviewer);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function change(who: string, p: OpsPermission, grant: boolean): Promise<void> {
    setBusy(true);
    setMessage(null);
    try {
      await updatePermission(who, p, grant);
      setMessage(t(grant ? 'permissions.granted' : 'permissions.revoked'));
      if (grant) setUser('');
      reload();
    } catch (err) {
      const code = err instanceof ApiError ? err.code : null;
      setMessage(
        t(
          code === ErrorCode.UserNotExist
            ? 'permissions.notFound'
            : code === ErrorCode.IllegalOperation
              ? 'permissions.self'
              : 'permissions.failed',
        ),
      );
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent): void {
    e.preventDefault();
    if (user.trim() !== '') void change(user.trim(), permission, true);
  }

  const columns: Array<Column<OpsOperator>> = [
    {
      key: 'who',
      header: t('permissions.who'),
      rowHeader: true,
      cell: (o) => t('permissions.person', { name: o.nickname, id: o.username || o.uid }),
    },
    {
      key: 'permissions',
      header: t('permissions.permission'),
      cell: (o) => (
        <div className="ops-chips">
          {o.permissions.map((p) => {
            const name = t(`permissions.names.${p}`);
            return (
              <Button
                key={p}
                size="sm"
                variant="secondary"
                disabled={busy}
                aria-label={t('permissions.revoke', { permission: name, name: o.nickname })}
                onClick={() => void change(o.uid, p as OpsPermission, false)}
              >
                {name} <span aria-hidden="true">×</span>
              </Button>
            );
          })}
        </div>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title={t('permissions.title')} />
      <form
        className="ops-panel ops-panel--inline"
        onSubmit={submit}
        aria-label={t('permissions.grantTitle')}
      >
        <h2>{t('permissions.grantTitle')}</h2>
        <TextField
          label={t('permissions.user')}
          value={user}
          maxLength={64}
          onChange={(e) => setUser(e.target.value)}
        />
        <Select
          label={t('permissions.permission')}
          value={permission}
          onValueChange={(v) => setPermission(v as OpsPermission)}
          options={ALL.map((p) => ({ value: p, label: t(`permissions.names.${p}`) }))}
        />
        <Button type="submit" variant="primary" disabled={busy || user.trim() === ''}>
          {t('permissions.grant')}
        </Button>
      </form>
      {message && (
        <p role="status" className="ops-status">
          {message}
        </p>
      )}
      <h2>{t('permissions.table')}</h2>
      <DataTable
        label={t('permissions.table')}
        columns={columns}
        rows={list.rows}
        rowKey={(o) => o.uid}
        status={list.status}
        onRetry={reload}
        errorText={t('common.error')}
        emptyTitle={t('permissions.empty')}
      />
    </div>
  );
}
