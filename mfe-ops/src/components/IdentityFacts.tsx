import { useCallback, useEffect, useState, type FormEvent, type JSX } from 'react';
import type { OpsIdentityAccount } from 'shared-kit';
import { Button, ListState, TextField, useFormat } from 'ui-kit';
import { DATE_TIME } from '../fields';
import { useOpsT } from '../i18n';
import { fetchIdentity, resetIdentityAttempts } from '../services/identity.service';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; account: OpsIdentityAccount };

/** Minutes with one decimal: short allowances (0.4 min) read as they are. */
const minutes = (ms: number) => Math.round(ms / 6_000) / 10;

/**
 * The account's real-name verification (the state and masked name, never the number) and anti-addiction counters
 * on the console's account page, with the audited reset of the day's attempts.
 */
export function IdentityFacts({ uid }: { uid: string }): JSX.Element {
  const { t } = useOpsT();
  const fmt = useFormat();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    fetchIdentity(uid).then(
      (account) => setLoad({ state: 'ready', account }),
      () => setLoad({ state: 'error' }),
    );
  }, [uid]);
  useEffect(reload, [reload]);

  async function reset(e: FormEvent): Promise<void> {
    e.preventDefault();
    if (reason.trim() === '') return;
    setBusy(true);
    setMessage(null);
    try {
      const account = await resetIdentityAttempts(uid, reason.trim());
      setLoad({ state: 'ready', account });
      setReason('');
      setMessage(t('identity.resetDone'));
    } catch {
      setMessage(t('identity.resetFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="ops-identity-title" data-testid="ops-identity">
      <h2 id="ops-identity-title">{t('identity.title')}</h2>
      {load.state !== 'ready' ? (
        <ListState status={load.state} empty={false} emptyTitle="" errorText={t('identity.loadFailed')} onRetry={reload} />
      ) : (
        <>
          <dl className="ops-facts">
            <dt>{t('identity.certification')}</dt>
            <dd data-testid="ops-identity-state">{t(`identity.states.${load.account.certification}`)}</dd>
            <dt>{t('identity.name')}</dt>
            <dd>{load.account.name_masked || t('identity.none')}</dd>
            <dt>{t('identity.certifiedAt')}</dt>
            <dd>{load.account.certified_at ? fmt.date(load.account.certified_at, DATE_TIME) : t('identity.none')}</dd>
            <dt>{t('identity.youthMode')}</dt>
            <dd>{load.account.teen_mode === 1 ? t('identity.on') : t('identity.off')}</dd>
            <dt>{t('identity.attempts')}</dt>
            <dd data-testid="ops-identity-attempts">
              {t('identity.attemptsValue', { certify: load.account.attempts_today, passcode: load.account.passcode_fails_today })}
            </dd>
            <dt>{t('identity.playTime')}</dt>
            <dd data-testid="ops-identity-playtime">
              {load.account.play_time.limited
                ? t('identity.playTimeValue', {
                    used: minutes(load.account.play_time.used_ms),
                    allowance: minutes(load.account.play_time.allowance_ms),
                  })
                : t('identity.unlimited')}
              {load.account.play_time.reopens_at
                ? ` · ${t('identity.reopens', { date: fmt.date(load.account.play_time.reopens_at, DATE_TIME) })}`
                : ''}
            </dd>
          </dl>
          <form className="ops-lift" aria-label={t('identity.resetTitle')} onSubmit={(e) => void reset(e)}>
            <TextField label={t('identity.resetReason')} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
            <Button type="submit" size="sm" variant="secondary" disabled={busy || reason.trim() === ''}>
              {t('identity.reset')}
            </Button>
          </form>
          {message ? <p role="status">{message}</p> : null}
        </>
      )}
    </section>
  );
}
