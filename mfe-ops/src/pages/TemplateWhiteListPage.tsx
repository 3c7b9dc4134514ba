import { useCallback, useEffect, useState, type FormEvent, type JSX } from 'react';
import { ApiError, ErrorCode, type TemplateWhiteListEntry } from 'shared-kit';
import { Button, EmptyState, Spinner, TextField, useFormat } from 'ui-kit';
import { DATE_TIME } from '../fields';
import { useOpsT } from '../i18n';
import { changeTemplateWhiteList, fetchTemplateWhiteList } from '../services/template.service';
import { PageHeading } from '../components/PageHeading';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; list: TemplateWhiteListEntry[] };

/**
 * Content operators (and admins) see who is on the template whitelist, add a creator by User ID or uid and remove
 * one; those on it make and publish templates in the editor. Every change lands in the audit log.
 */
export function TemplateWhiteListPage(): JSX.Element {
  const { t } = useOpsT();
  const { date } = useFormat();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [user, setUser] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    fetchTemplateWhiteList().then(
      (d) => setLoad({ state: 'ready', list: d.list }),
      () => setLoad({ state: 'error' }),
    );
  }, []);
  useEffect(reload, [reload]);

  async function change(who: string, allow: boolean): Promise<void> {
    setBusy(true);
    setMessage(null);
    try {
      const done = await changeTemplateWhiteList(who, allow);
      setMessage(t(allow ? 'templates.added' : 'templates.removed', { name: done.nickname || done.uid }));
      if (allow) setUser('');
      reload();
    } catch (err) {
      setMessage(t(err instanceof ApiError && err.code === ErrorCode.RecordNotFound ? 'templates.notFound' : 'templates.failed'));
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent): void {
    e.preventDefault();
    if (user.trim() !== '') void change(user.trim(), true);
  }

  return (
    <div>
      <PageHeading title={t('templates.title')} />
      <p>{t('templates.intro')}</p>
      <form onSubmit={submit} aria-label={t('templates.addTitle')}>
        <h2>{t('templates.addTitle')}</h2>
        <TextField label={t('templates.user')} value={user} maxLength={64} onChange={(e) => setUser(e.target.value)} />
        <Button type="submit" disabled={busy || user.trim() === ''}>
          {t('templates.add')}
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
      {load.state === 'ready' && load.list.length === 0 && <EmptyState title={t('templates.empty')} />}
      {load.state === 'ready' && load.list.length > 0 && (
        <table aria-label={t('templates.table')}>
          <thead>
            <tr>
              <th scope="col">{t('templates.creator')}</th>
              <th scope="col">{t('templates.addedBy')}</th>
              <th scope="col">{t('templates.addedAt')}</th>
              <th scope="col">{t('templates.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {load.list.map((r) => {
              const name = r.nickname || r.uid;
              return (
                <tr key={r.uid}>
                  <td>{t('templates.person', { name, id: r.username || r.uid })}</td>
                  <td>{r.added_by_name || (r.added_by === 'seed' ? t('templates.bySeed') : r.added_by)}</td>
                  <td>{date(r.added_at, DATE_TIME)}</td>
                  <td>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      aria-label={t('templates.removeLabel', { name })}
                      onClick={() => void change(r.uid, false)}
                    >
                      {t('templates.remove')}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
