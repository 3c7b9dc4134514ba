import { lazy, Suspense, useCallback, useEffect, useState, type JSX } from 'react';
import { useParams } from 'react-router';
import { shellToast as toast, type WeeklyReport } from 'shared-kit';
import { Badge, Button, Card, Spinner } from 'ui-kit';
import { PageHeader } from '../components/PageHeader';
import { ShellLink } from '../components/ShellLink';
import { useAccountT } from '../i18n';
import { fetchWeeklyReport, shareWeeklyReport, type WeekPair } from '../services/weekly.service';

const WeeklyChart = lazy(() => import('../components/WeeklyChart'));

const FIGURES = ['viewCount', 'playerCount', 'msgCount', 'likeCount', 'fanCount', 'storyCount', 'botCount'] as const;

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; data: WeekPair };

function Figures({ report, previous }: { report: WeeklyReport; previous: WeeklyReport | null }): JSX.Element {
  const { t } = useAccountT();
  return (
    <table className="account-weekly__table">
      <caption className="ui-visually-hidden">{t('weekly.chartLabel')}</caption>
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">{t('weekly.thisWeek')}</th>
          <th scope="col">{t('weekly.weekBefore')}</th>
        </tr>
      </thead>
      <tbody>
        {FIGURES.map((f) => (
          <tr key={f}>
            <th scope="row">{t(`weekly.figures.${f}`)}</th>
            <td data-testid={`weekly-${f}`}>{report[f]}</td>
            <td>{previous ? previous[f] : 0}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `/account/weekly/:week?`: the creator's week charted against the week before, its popular piece, and a share link. */
export function WeeklyReportPage(): JSX.Element {
  const { t } = useAccountT();
  const { week } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [sharing, setSharing] = useState(false);

  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    fetchWeeklyReport(week).then(
      (data) => setLoad({ state: 'ready', data }),
      () => setLoad({ state: 'error' }),
    );
  }, [week]);
  useEffect(reload, [reload]);

  async function share(report: WeeklyReport): Promise<void> {
    setSharing(true);
    try {
      const info = await shareWeeklyReport(report.week);
      const url = `${window.location.origin}${info.path}`;
      await navigator.clipboard?.writeText(url).catch(() => undefined);
      toast({ type: 'success', message: t('weekly.shared', { url }) });
    } catch {
      toast({ type: 'error', message: t('weekly.shareFailed') });
    } finally {
      setSharing(false);
    }
  }

  if (load.state === 'error') {
    return (
      <div className="account-page">
        <PageHeader title={t('weekly.title')} />
        <Card as="section">
          <p role="alert">{t('weekly.loadFailed')}</p>
          <Button onClick={reload}>{t('common.tryAgain')}</Button>
        </Card>
      </div>
    );
  }
  if (load.state === 'loading') {
    return (
      <div className="account-page">
        <PageHeader title={t('weekly.title')} />
        <Spinner label={t('weekly.loading')} />
      </div>
    );
  }
  const { report, previous } = load.data;
  if (!report) {
    return (
      <div className="account-page">
        <PageHeader title={t('weekly.title')} />
        <Card as="section" className="account-center">
          <h2>{t('weekly.emptyTitle')}</h2>
          <p className="ui-text-muted">{t('weekly.emptyText')}</p>
        </Card>
      </div>
    );
  }
  const piece = report.popularPiece;
  return (
    <div className="account-page">
      <PageHeader title={t('weekly.title')} />
      <Card as="section" aria-labelledby="weekly-range">
        <h2 id="weekly-range">{t('weekly.range', { start: report.startdate, end: report.enddate })}</h2>
        <Suspense fallback={<Spinner label={t('weekly.loading')} />}>
          <WeeklyChart
            label={t('weekly.chartLabel')}
            labels={FIGURES.map((f) => t(`weekly.figures.${f}`))}
            thisWeek={{ label: t('weekly.thisWeek'), values: FIGURES.map((f) => report[f]) }}
            weekBefore={{ label: t('weekly.weekBefore'), values: FIGURES.map((f) => previous?.[f] ?? 0) }}
          />
        </Suspense>
        {previous ? null : <p className="ui-text-muted">{t('weekly.noWeekBefore')}</p>}
        <Figures report={report} previous={previous} />
        <Button variant="primary" loading={sharing} onClick={() => void share(report)}>
          {t('weekly.share')}
        </Button>
      </Card>
      <Card as="section" aria-labelledby="weekly-popular">
        <h2 id="weekly-popular">{t('weekly.popular')}</h2>
        {piece ? (
          <div className="account-weekly__piece" data-testid="weekly-popular">
            <Badge tone="info">{piece.is_bot ? t('weekly.bot') : t('weekly.story')}</Badge>
            <strong>{piece.story_name}</strong>
            <span className="ui-text-muted">{t('weekly.popularLine', { views: piece.views, likes: piece.likes, msgs: piece.msgs })}</span>
            <ShellLink to={`/play/story/${piece.story_id}`}>{t('weekly.open')}</ShellLink>
          </div>
        ) : (
          <p className="ui-text-muted">{t('weekly.noPopular')}</p>
        )}
      </Card>
    </div>
  );
}
