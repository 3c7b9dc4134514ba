import { useCallback, useEffect, useState, type FormEvent, type JSX } from 'react';
import { ApiError, ErrorCode, OpsPermission, type OpsOperator } from 'shared-kit';
import { Button, EmptyState, Select, Spinner, TextField } from 'ui-kit';
import { useOpsT } from '../i18n';
import { fetchOperators, updatePermission } from '../services/moderation.service';
import { PageHeading } from '../components/PageHeading';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; list: OpsOperator[] };

const ALL = Object.values(OpsPermission);

/** Admins grant and revoke operators' permissions; every change lands in the audit log. */
export function PermissionsPage(): JSX.Element {
  const { t } = useOpsT();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [user, setUser] = useState('');
  const [permission, setPermission] = useState<OpsPermission>(OpsPermission.Reviewer);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    fetchOperators().then(
      (d) => setLoad({ state: 'ready', list: d.list }),
      () => setLoad({ state: 'error' }),
    );
  }, []);
  useEffect(reload, [reload]);

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
        t(code === ErrorCode.UserNotExist ? 'permissions.notFound' : code === ErrorCode.IllegalOperation ? 'permissions.self' : 'permissions.failed'),
      );
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent): void {
    e.preventDefault();
    if (user.trim() !== '') void change(user.trim(), permission, true);
  }

  return (
    <div>
      <PageHeading title={t('permissions.title')} />
      <form onSubmit={submit} aria-label={t('permissions.grantTitle')}>
        <h2>{t('permissions.grantTitle')}</h2>
        <TextField label={t('permissions.user')} value={user} maxLength={64} onChange={(e) => setUser(e.target.value)} />
        <Select
          label={t('permissions.permission')}
          value={permission}
          onValueChange={(v) => setPermission(v as OpsPermission)}
          options={ALL.map((p) => ({ value: p, label: t(`permissions.names.${p}`) }))}
        />
        <Button type="submit" disabled={busy || user.trim() === ''}>
          {t('permissions.grant')}
        </Button>
      </form>
      {message && <p role="status">{message}</p>}
      {load.state === 'loading' && <Spinner label={t('common.loading')} />}
      {load.state === 'error' && (
        <div role="alert">
          <p>{t('common.error')}</p>
          <Button onClick={reload}>{t('common.tryAgain')}</Button>
        </div>
      )}
      {load.state === 'ready' && load.list.length === 0 && <EmptyState title={t('permissions.empty')} />}
      {load.state === 'ready' && load.list.length > 0 && (
        <table aria-label={t('permissions.table')}>
          <thead>
            <tr>
              <th scope="col">{t('permissions.who')}</th>
              <th scope="col">{t('permissions.permission')}</th>
            </tr>
          </thead>
          <tbody>
            {load.list.map((o) => (
              <tr key={o.uid}>
                <td>{t('permissions.person', { name: o.nickname, id: o.username || o.uid })}</td>
                <td>
                  {o.permissions.map((p) => (
                    <Button
                      key={p}
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      aria-label={t('permissions.revoke', { permission: t(`permissions.names.${p}`), name: o.nickname })}
                      onClick={() => void change(o.uid, p as OpsPermission, false)}
                    >
                      {t(`permissions.names.${p}`)}
                    </Button>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
