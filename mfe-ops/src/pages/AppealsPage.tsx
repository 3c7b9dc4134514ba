import { useCallback, useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { SANCTION_REASON_MAX, type OpsAppealItem } from 'shared-kit';
import { Button, EmptyState, Spinner, TextField, useFormat } from 'ui-kit';
import { under, useBase } from '../base';
import { useOpsT } from '../i18n';
import { decideAppeal, fetchAppeals } from '../services/sanction.service';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; list: OpsAppealItem[] };

/** Appeals of bans in force, oldest first: approve (the ban is lifted) or reject (it stands until its date). */
export function AppealsPage(): JSX.Element {
  const { t } = useOpsT();
  const fmt = useFormat();
  const base = useBase();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    fetchAppeals().then(
      (d) => setLoad({ state: 'ready', list: d.list }),
      () => setLoad({ state: 'error' }),
    );
  }, []);
  useEffect(reload, [reload]);

  async function decide(id: string, decision: 'Approved' | 'Rejected'): Promise<void> {
    const reason = (reasons[id] ?? '').trim();
    if (reason === '') return;
    setBusy(true);
    setMessage(null);
    try {
      await decideAppeal(id, decision, reason);
      setMessage(t(decision === 'Approved' ? 'appeals.approvedDone' : 'appeals.rejectedDone'));
      reload();
    } catch {
      setMessage(t('sanctions.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main>
      <h1>{t('appeals.title')}</h1>
      {message && <p role="status">{message}</p>}
      {load.state === 'loading' && <Spinner label={t('common.loading')} />}
      {load.state === 'error' && (
        <div role="alert">
          <p>{t('common.error')}</p>
          <Button onClick={reload}>{t('common.tryAgain')}</Button>
        </div>
      )}
      {load.state === 'ready' && load.list.length === 0 && <EmptyState title={t('appeals.empty')} />}
      {load.state === 'ready' && load.list.length > 0 && (
        <ul className="ops-appeals">
          {load.list.map((a) => {
            const reason = reasons[a.sanction_id] ?? '';
            return (
              <li key={a.sanction_id}>
                <article aria-label={t('appeals.item', { name: a.user?.nickname ?? a.uid })}>
                  <h2>
                    <Link to={under(base, `users/${a.uid}`)}>{a.user?.nickname ?? a.uid}</Link>
                  </h2>
                  <p>
                    {t('appeals.what', {
                      what: t('sanctions.kindDays', { kind: t(`sanctions.kinds.${a.kind}`), count: a.days }),
                      until: t('sanctions.until', { date: a.ends_at ? fmt.date(a.ends_at, DATE_TIME) : '' }),
                    })}
                  </p>
                  <p>{t('appeals.sanctionReason', { reason: a.reason })}</p>
                  <blockquote>{a.appeal.text}</blockquote>
                  <TextField
                    label={t('appeals.reason')}
                    value={reason}
                    maxLength={SANCTION_REASON_MAX}
                    onChange={(e) => setReasons((r) => ({ ...r, [a.sanction_id]: e.target.value }))}
                  />
                  <Button disabled={busy || reason.trim() === ''} onClick={() => void decide(a.sanction_id, 'Approved')}>
                    {t('appeals.approve')}
                  </Button>{' '}
                  <Button variant="secondary" disabled={busy || reason.trim() === ''} onClick={() => void decide(a.sanction_id, 'Rejected')}>
                    {t('appeals.reject')}
                  </Button>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
