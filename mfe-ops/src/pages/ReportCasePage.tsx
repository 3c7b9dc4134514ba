import { useEffect, useState, type JSX } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, ErrorCode, SANCTION_DAYS, SanctionKind, type ReportCaseDetail } from 'shared-kit';
import { Button, Card, ListState, Select, TextArea, useFormat } from 'ui-kit';
import { DATE_TIME } from '../fields';
import { under, useBase } from '../base';
import { useOpsT } from '../i18n';
import { fetchReportCase, resolveReport, type Resolution } from '../services/moderation.service';
import { PageHeader } from '../components/PageHeader';

type Load =
  | { state: 'loading' }
  | { state: 'gone' }
  | { state: 'error' }
  | { state: 'ready'; detail: ReportCaseDetail };

const REMOVABLE = new Set(['story', 'comment', 'template', 'collection', 'thread']);

/** One report item: the content as players see it, every report, and the operator's resolution. */
export function ReportCasePage(): JSX.Element {
  const { t } = useOpsT();
  const { date } = useFormat();
  const { caseId = '' } = useParams();
  const base = useBase();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [action, setAction] = useState<Resolution['action']>('NoAction');
  const [kind, setKind] = useState<SanctionKind>(SanctionKind.Warning);
  const [days, setDays] = useState('0');
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchReportCase(caseId).then(
      (detail) => live && setLoad({ state: 'ready', detail }),
      (err: unknown) =>
        live &&
        setLoad({
          state: err instanceof ApiError && err.code === ErrorCode.RecordNotFound ? 'gone' : 'error',
        }),
    );
    return () => {
      live = false;
    };
  }, [caseId]);

  async function resolve(): Promise<void> {
    setBusy(true);
    setMessage(null);
    try {
      await resolveReport(caseId, {
        action,
        note: note.trim(),
        ...(action === 'Sanction' ? { sanction: { kind, days: Number(days) } } : {}),
      });
      setMessage(t('reports.resolved'));
      navigate(under(base, 'reports'));
    } catch (err) {
      const code = err instanceof ApiError ? err.code : null;
      setMessage(
        t(
          code === ErrorCode.DuplicateOperation || code === ErrorCode.ConcurrentOperation
            ? 'reports.already'
            : 'reports.failed',
        ),
      );
    } finally {
      setBusy(false);
    }
  }

  const detail = load.state === 'ready' ? load.detail : null;
  const name = detail ? detail.case.target_name || detail.target.title || t('reports.untitled') : caseId;
  const allowedDays = SANCTION_DAYS[kind] as readonly number[];
  return (
    <div>
      <PageHeader
        title={t('reports.itemTitle', { name })}
        back={<Link to={under(base, 'reports')}>{t('reports.back')}</Link>}
      />
      {load.state === 'loading' && <ListState status="loading" empty={false} emptyTitle="" />}
      {load.state === 'gone' && <p role="alert">{t('reports.notFound')}</p>}
      {load.state === 'error' && <p role="alert">{t('common.error')}</p>}
      {detail && (
        <div className="ops-detail">
          <div className="ops-detail__main">
            <section aria-labelledby="report-target">
              <h2 id="report-target">{t('reports.asPlayers')}</h2>
              <Card>
                {!detail.target.exists && <p role="note">{t('reports.gone')}</p>}
                {detail.target.title && <h3>{detail.target.title}</h3>}
                {detail.target.author && <p>{t('reports.by', { name: detail.target.author.nickname })}</p>}
                {detail.target.text && <p>{detail.target.text}</p>}
                {detail.target.parts.map((part, i) => (
                  <div key={i}>
                    <h4>{part.label}</h4>
                    <p>{part.text}</p>
                  </div>
                ))}
                {detail.target.link && (
                  <p>
                    <a href={detail.target.link} target="_blank" rel="noreferrer">
                      {t('reports.view')}
                    </a>
                  </p>
                )}
              </Card>
            </section>
            <section aria-labelledby="report-list">
              <h2 id="report-list">{t('reports.list')}</h2>
              <ul className="ops-report-list">
                {detail.reports.map((r) => (
                  <li key={r.report_id}>
                    <p>
                      {t('reports.reportLine', {
                        reason: t(`reports.reasonNames.${r.reason}`, { defaultValue: r.reason }),
                        parts: r.content.join(', '),
                      })}
                    </p>
                    <p>{r.details || t('reports.noDetails')}</p>
                    <p className="ops-muted">{date(r.created_at, DATE_TIME)}</p>
                  </li>
                ))}
              </ul>
            </section>
          </div>
          {detail.case.status === 'Open' ? (
            <section className="ops-decision" aria-labelledby="report-resolve">
              <h2 id="report-resolve">{t('reports.resolveTitle')}</h2>
              <Select
                label={t('reports.action')}
                value={action}
                onValueChange={(v) => setAction(v as Resolution['action'])}
                options={(['NoAction', 'Remove', 'Sanction'] as const)
                  .filter((a) => a !== 'Remove' || REMOVABLE.has(detail.case.target_type))
                  .filter((a) => a !== 'Sanction' || detail.case.owner_uid !== '')
                  .map((a) => ({ value: a, label: t(`reports.actions.${a}`) }))}
              />
              {action === 'Sanction' && (
                <>
                  <Select
                    label={t('reports.sanctionKind')}
                    value={kind}
                    onValueChange={(v) => {
                      const k = v as SanctionKind;
                      setKind(k);
                      setDays(String(SANCTION_DAYS[k][0]));
                    }}
                    options={Object.values(SanctionKind).map((k) => ({
                      value: k,
                      label: t(`reports.sanctions.${k}`),
                    }))}
                  />
                  {kind !== SanctionKind.Warning && (
                    <Select
                      label={t('reports.days')}
                      value={days}
                      onValueChange={setDays}
                      options={allowedDays.map((d) => ({ value: String(d), label: String(d) }))}
                    />
                  )}
                </>
              )}
              <TextArea
                label={t('reports.note')}
                value={note}
                maxLength={1000}
                onChange={(e) => setNote(e.target.value)}
              />
              <Button variant="primary" onClick={() => void resolve()} disabled={busy}>
                {t('reports.resolve')}
              </Button>
              {message && <p role="status">{message}</p>}
            </section>
          ) : (
            message && <p role="status">{message}</p>
          )}
        </div>
      )}
    </div>
  );
}
