import { useCallback, useEffect, useState, type FormEvent, type JSX } from 'react';
import { Link, useParams } from 'react-router';
import {
  SANCTION_DAYS,
  SANCTION_REASON_MAX,
  SanctionKind,
  type OpsUserDetail,
  type ReportCase,
  type Sanction,
} from 'shared-kit';
import { Button, DataTable, ListState, Select, TextArea, TextField, useFormat, type Column } from 'ui-kit';
import { under, useBase } from '../base';
import { DATE_TIME, reasonCounts } from '../fields';
import { useOpsT } from '../i18n';
import { fetchUser, giveSanction, liftSanction } from '../services/sanction.service';
import { IdentityFacts } from '../components/IdentityFacts';
import { PageHeader } from '../components/PageHeader';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; detail: OpsUserDetail };

const KINDS = [SanctionKind.Warning, SanctionKind.CreationBan, SanctionKind.LoginBan] as const;

/** One account: its standing, sanction history, stories and reports, with the sanction panel beside them. */
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
    void act(
      () => giveSanction(uid, kind, kind === SanctionKind.Warning ? 0 : days, reason.trim()),
      t('sanctions.givenDone'),
    );
  }

  const until = (s: Sanction) => (s.ends_at ? fmt.date(s.ends_at, DATE_TIME) : t('sanctions.noEnd'));
  const back = <Link to={under(base, 'users')}>{t('users.back')}</Link>;

  if (load.state !== 'ready') {
    return (
      <div>
        <PageHeader title={t('users.title')} back={back} />
        <ListState
          status={load.state}
          empty={false}
          emptyTitle=""
          errorText={t('users.notFound')}
          onRetry={reload}
        />
      </div>
    );
  }
  const { user, sanctions, stories, reports } = load.detail;

  const history: Array<Column<Sanction>> = [
    {
      key: 'kind',
      header: t('sanctions.kind'),
      cell: (s) =>
        s.kind === SanctionKind.Warning
          ? t('sanctions.kinds.Warning')
          : t('sanctions.kindDays', { kind: t(`sanctions.kinds.${s.kind}`), count: s.days }),
    },
    {
      key: 'given',
      header: t('sanctions.given'),
      nowrap: true,
      cell: (s) => fmt.date(s.created_at, DATE_TIME),
    },
    { key: 'ends', header: t('sanctions.ends'), nowrap: true, cell: until },
    { key: 'reason', header: t('sanctions.reason'), cell: (s) => s.reason },
    {
      key: 'state',
      header: t('sanctions.state'),
      cell: (s) =>
        s.lifted_at ? t('sanctions.lifted', { reason: s.lift_reason }) : t(`sanctions.status.${s.status}`),
    },
    {
      key: 'appeal',
      header: t('sanctions.appeal'),
      cell: (s) => (s.appeal.status === 'None' ? '' : t(`sanctions.appealStatus.${s.appeal.status}`)),
    },
    {
      key: 'actions',
      header: t('sanctions.actions'),
      cell: (s) =>
        s.active && (
          <form
            className="ops-lift"
            aria-label={t('sanctions.liftTitle')}
            onSubmit={(e) => {
              e.preventDefault();
              if (liftReason.trim() !== '')
                void act(() => liftSanction(s.sanction_id, liftReason.trim()), t('sanctions.liftDone'));
            }}
          >
            <TextField
              label={t('sanctions.liftReason')}
              value={liftReason}
              maxLength={SANCTION_REASON_MAX}
              onChange={(e) => setLiftReason(e.target.value)}
            />
            <Button type="submit" size="sm" variant="secondary" disabled={busy || liftReason.trim() === ''}>
              {t('sanctions.lift')}
            </Button>
          </form>
        ),
    },
  ];
  const reportColumns: Array<Column<ReportCase>> = [
    {
      key: 'target',
      header: t('reports.target'),
      rowHeader: true,
      cell: (c) => (
        <Link to={under(base, `reports/${c.case_id}`)}>{c.target_name || t('reports.untitled')}</Link>
      ),
    },
    {
      key: 'kind',
      header: t('reports.kind'),
      cell: (c) => t(`reports.kinds.${c.target_type}`, { defaultValue: c.target_type }),
    },
    { key: 'count', header: t('reports.count'), numeric: true, cell: (c) => c.count },
    {
      key: 'reasons',
      header: t('reports.reasons'),
      cell: (c) => reasonCounts(t, c.reasons),
    },
    {
      key: 'status',
      header: t('users.reportStatus'),
      cell: (c) => t(`users.reportStatuses.${c.status}`, { defaultValue: c.status }),
    },
  ];

  return (
    <div>
      <PageHeader title={t('users.userTitle', { name: user.nickname })} back={back} />
      <div className="ops-detail">
        <div className="ops-detail__main">
          <dl className="ops-facts">
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

          <IdentityFacts uid={user.uid} />

          <h2>{t('sanctions.history')}</h2>
          <DataTable
            label={t('sanctions.history')}
            columns={history}
            rows={sanctions}
            rowKey={(s) => s.sanction_id}
            status="ready"
            emptyTitle={t('sanctions.none')}
          />

          <h2>{t('users.stories')}</h2>
          <ListState status="ready" empty={stories.length === 0} emptyTitle={t('users.noStories')}>
            <ul>
              {stories.map((s) => (
                <li key={s.story_id}>
                  {t('users.storyLine', {
                    name: s.story_name || s.story_id,
                    status: t(`status.${s.status}`, { defaultValue: t('status.other', { code: s.status }) }),
                  })}
                </li>
              ))}
            </ul>
          </ListState>

          <h2>{t('users.reports')}</h2>
          <DataTable
            label={t('users.reports')}
            columns={reportColumns}
            rows={reports}
            rowKey={(c) => c.case_id}
            status="ready"
            emptyTitle={t('users.noReports')}
          />
        </div>

        <form className="ops-decision" onSubmit={submit} aria-label={t('sanctions.giveTitle')}>
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
              options={dayOptions.map((d) => ({
                value: String(d),
                label: t('sanctions.dayCount', { count: d }),
              }))}
            />
          )}
          <TextArea
            label={t('sanctions.reason')}
            value={reason}
            limit={SANCTION_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
          />
          <Button type="submit" variant="danger" disabled={busy || reason.trim() === ''}>
            {t('sanctions.give')}
          </Button>
          {message && <p role="status">{message}</p>}
        </form>
      </div>
    </div>
  );
}
