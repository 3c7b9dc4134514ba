import { useCallback, useEffect, useState, type FormEvent, type JSX } from 'react';
import { Link, useParams } from 'react-router';
import { SANCTION_DAYS, SANCTION_REASON_MAX, SanctionKind, type OpsUserDetail, type OpsUserRow, type Sanction } from 'shared-kit';
import { Button, EmptyState, Select, Spinner, TextArea, TextField, useFormat } from 'ui-kit';
import { under, useBase } from '../base';
import { useOpsT } from '../i18n';
import { fetchUser, giveSanction, liftSanction, searchUsers } from '../services/sanction.service';
import { PageHeading } from '../components/PageHeading';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

type Search = { state: 'idle' } | { state: 'loading' } | { state: 'error' } | { state: 'ready'; list: OpsUserRow[] };

/** Finds accounts by User ID, phone number or nickname. */
export function UsersPage(): JSX.Element {
  const { t } = useOpsT();
  const base = useBase();
  const [q, setQ] = useState('');
  const [result, setResult] = useState<Search>({ state: 'idle' });

  function run(e?: FormEvent): void {
    e?.preventDefault();
    if (q.trim() === '') return;
    setResult({ state: 'loading' });
    searchUsers(q.trim()).then(
      (d) => setResult({ state: 'ready', list: d.list }),
      () => setResult({ state: 'error' }),
    );
  }

  return (
    <div>
      <PageHeading title={t('users.title')} />
      <form role="search" aria-label={t('users.searchForm')} onSubmit={run}>
        <TextField label={t('users.search')} hint={t('users.searchHint')} type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />
        <Button type="submit" disabled={q.trim() === ''}>
          {t('users.find')}
        </Button>
      </form>
      {result.state === 'loading' && <Spinner label={t('common.loading')} />}
      {result.state === 'error' && (
        <div role="alert">
          <p>{t('common.error')}</p>
          <Button onClick={() => run()}>{t('common.tryAgain')}</Button>
        </div>
      )}
      {result.state === 'ready' && result.list.length === 0 && <EmptyState title={t('users.none')} />}
      {result.state === 'ready' && result.list.length > 0 && (
        <table aria-label={t('users.results')}>
          <thead>
            <tr>
              <th scope="col">{t('users.nickname')}</th>
              <th scope="col">{t('users.id')}</th>
              <th scope="col">{t('users.phone')}</th>
              <th scope="col">{t('users.standing')}</th>
            </tr>
          </thead>
          <tbody>
            {result.list.map((u) => (
              <tr key={u.uid}>
                <td>
                  <Link to={under(base, `users/${u.uid}`)}>{u.nickname}</Link>
                </td>
                <td>{u.username || u.uid}</td>
                <td>{u.phone ?? ''}</td>
                <td>{t(`sanctions.status.${u.ban_status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; detail: OpsUserDetail };

const KINDS = [SanctionKind.Warning, SanctionKind.CreationBan, SanctionKind.LoginBan] as const;

/** One account: its standing, sanction history and stories, with the sanction and lift actions. */
export function UserPage(): JSX.Element {
  const { t } = useOpsT();
  const fmt = useFormat();
  const base = useBase();
  const uid = useParams().uid ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [kind, setKind] = useState<SanctionKind>(SanctionKind.CreationBan);
  const [days, setDays] = useState<number>(7);
  const [reason, setReason] = useState('');
  const [liftReason, setLiftReason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    fetchUser(uid).then(
      (detail) => setLoad({ state: 'ready', detail }),
      () => setLoad({ state: 'error' }),
    );
  }, [uid]);
  useEffect(reload, [reload]);

  const dayOptions = SANCTION_DAYS[kind] as readonly number[];

  async function act(run: () => Promise<Sanction>, done: string): Promise<void> {
    setBusy(true);
    setMessage(null);
    try {
      await run();
      setMessage(done);
      setReason('');
      setLiftReason('');
      reload();
    } catch {
      setMessage(t('sanctions.failed'));
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent): void {
    e.preventDefault();
    if (reason.trim() === '') return;
    void act(() => giveSanction(uid, kind, kind === SanctionKind.Warning ? 0 : days, reason.trim()), t('sanctions.givenDone'));
  }

  const until = (s: Sanction) => (s.ends_at ? fmt.date(s.ends_at, DATE_TIME) : t('sanctions.noEnd'));

  if (load.state === 'loading') return <Spinner label={t('common.loading')} />;
  if (load.state === 'error') {
    return (
      <div>
        <div role="alert">
          <p>{t('users.notFound')}</p>
          <Link to={under(base, 'users')}>{t('users.back')}</Link>
        </div>
      </div>
    );
  }
  const { user, sanctions, stories, reports } = load.detail;
  return (
    <div>
      <PageHeading title={t('users.userTitle', { name: user.nickname })} />
      <p>
        <Link to={under(base, 'users')}>{t('users.back')}</Link>
      </p>
      <dl>
        <dt>{t('users.id')}</dt>
        <dd>{user.username || user.uid}</dd>
        <dt>{t('users.phone')}</dt>
        <dd>{user.phone ?? t('users.noPhone')}</dd>
        <dt>{t('users.standing')}</dt>
        <dd data-testid="ban-status">{t(`sanctions.status.${user.ban_status}`)}</dd>
        {user.creation_until && (
          <>
            <dt>{t('sanctions.kinds.CreationBan')}</dt>
            <dd>{t('sanctions.until', { date: fmt.date(user.creation_until, DATE_TIME) })}</dd>
          </>
        )}
        {user.login_until && (
          <>
            <dt>{t('sanctions.kinds.LoginBan')}</dt>
            <dd>{t('sanctions.until', { date: fmt.date(user.login_until, DATE_TIME) })}</dd>
          </>
        )}
      </dl>

      <form onSubmit={submit} aria-label={t('sanctions.giveTitle')}>
        <h2>{t('sanctions.giveTitle')}</h2>
        <Select
          label={t('sanctions.kind')}
          value={kind}
          onValueChange={(v) => {
            const next = v as SanctionKind;
            setKind(next);
            setDays((SANCTION_DAYS[next] as readonly number[])[0]!);
          }}
          options={KINDS.map((k) => ({ value: k, label: t(`sanctions.kinds.${k}`) }))}
        />
        {kind !== SanctionKind.Warning && (
          <Select
            label={t('sanctions.days')}
            value={String(days)}
            onValueChange={(v) => setDays(Number(v))}
            options={dayOptions.map((d) => ({ value: String(d), label: t('sanctions.dayCount', { count: d }) }))}
          />
        )}
        <TextArea label={t('sanctions.reason')} value={reason} limit={SANCTION_REASON_MAX} onChange={(e) => setReason(e.target.value)} />
        <Button type="submit" disabled={busy || reason.trim() === ''}>
          {t('sanctions.give')}
        </Button>
      </form>
      {message && <p role="status">{message}</p>}

      <h2>{t('sanctions.history')}</h2>
      {sanctions.length === 0 ? (
        <EmptyState title={t('sanctions.none')} />
      ) : (
        <table aria-label={t('sanctions.history')}>
          <thead>
            <tr>
              <th scope="col">{t('sanctions.kind')}</th>
              <th scope="col">{t('sanctions.given')}</th>
              <th scope="col">{t('sanctions.ends')}</th>
              <th scope="col">{t('sanctions.reason')}</th>
              <th scope="col">{t('sanctions.state')}</th>
              <th scope="col">{t('sanctions.appeal')}</th>
              <th scope="col">{t('sanctions.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {sanctions.map((s) => (
              <tr key={s.sanction_id}>
                <td>{s.kind === SanctionKind.Warning ? t('sanctions.kinds.Warning') : t('sanctions.kindDays', { kind: t(`sanctions.kinds.${s.kind}`), count: s.days })}</td>
                <td>{fmt.date(s.created_at, DATE_TIME)}</td>
                <td>{until(s)}</td>
                <td>{s.reason}</td>
                <td>{s.lifted_at ? t('sanctions.lifted', { reason: s.lift_reason }) : t(`sanctions.status.${s.status}`)}</td>
                <td>{s.appeal.status === 'None' ? '' : t(`sanctions.appealStatus.${s.appeal.status}`)}</td>
                <td>
                  {s.active && (
                    <form
                      aria-label={t('sanctions.liftTitle')}
                      onSubmit={(e) => {
                        e.preventDefault();
                        if (liftReason.trim() !== '') void act(() => liftSanction(s.sanction_id, liftReason.trim()), t('sanctions.liftDone'));
                      }}
                    >
                      <TextField label={t('sanctions.liftReason')} value={liftReason} maxLength={SANCTION_REASON_MAX} onChange={(e) => setLiftReason(e.target.value)} />
                      <Button type="submit" size="sm" variant="secondary" disabled={busy || liftReason.trim() === ''}>
                        {t('sanctions.lift')}
                      </Button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>{t('users.stories')}</h2>
      {stories.length === 0 ? (
        <EmptyState title={t('users.noStories')} />
      ) : (
        <ul>
          {stories.map((s) => (
            <li key={s.story_id}>
              {t('users.storyLine', { name: s.story_name || s.story_id, status: t(`status.${s.status}`, { defaultValue: t('status.other', { code: s.status }) }) })}
            </li>
          ))}
        </ul>
      )}

      <h2>{t('users.reports')}</h2>
      {reports.length === 0 ? (
        <EmptyState title={t('users.noReports')} />
      ) : (
        <table aria-label={t('users.reports')}>
          <thead>
            <tr>
              <th scope="col">{t('reports.target')}</th>
              <th scope="col">{t('reports.kind')}</th>
              <th scope="col">{t('reports.count')}</th>
              <th scope="col">{t('reports.reasons')}</th>
              <th scope="col">{t('users.reportStatus')}</th>
            </tr>
          </thead>
          <tbody>
            {reports.map((c) => (
              <tr key={c.case_id}>
                <td>
                  <Link to={under(base, `reports/${c.case_id}`)}>{c.target_name || t('reports.untitled')}</Link>
                </td>
                <td>{t(`reports.kinds.${c.target_type}`, { defaultValue: c.target_type })}</td>
                <td>{c.count}</td>
                <td>
                  {c.reasons
                    .map((r) => t('reports.reasonCount', { reason: t(`reports.reasonNames.${r.reason}`, { defaultValue: r.reason }), count: r.count }))
                    .join(', ')}
                </td>
                <td>{t(`users.reportStatuses.${c.status}`, { defaultValue: c.status })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
