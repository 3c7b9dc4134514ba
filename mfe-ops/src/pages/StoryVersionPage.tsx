import { useCallback, useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ApiError,
  AppealStatus,
  ErrorCode,
  SANCTION_REASON_MAX,
  type OpsStoryVersion,
  type StoryContent,
} from 'shared-kit';
import { Button, Card, ListState, TextField, useFormat } from 'ui-kit';
import { under, useBase } from '../base';
import { StoryView } from '../components/StoryView';
import { DATE_TIME, reviewFields, withReasons } from '../fields';
import { useOpsT } from '../i18n';
import { decideStoryAppeal, fetchAppeals, fetchStoryVersion } from '../services/sanction.service';
import { PageHeader } from '../components/PageHeader';
import { Shortcuts } from '../components/Shortcuts';

type Load =
  | { state: 'loading' }
  | { state: 'gone' }
  | { state: 'denied' }
  | { state: 'error' }
  | { state: 'ready'; view: OpsStoryVersion };

/**
 * A story version as it was judged, read only (nothing is claimed, so it opens after the decision): the story as
 * players get it with the operator's reason at each rejected field, who rejected it and when, the creator's appeal and
 * whether the creator edited since. A waiting appeal is approved or rejected here, by button or key (A, R; N opens the
 * next story appeal).
 */
export function StoryVersionPage(): JSX.Element {
  const { t } = useOpsT();
  const fmt = useFormat();
  const base = useBase();
  const navigate = useNavigate();
  const { storyId = '', versionId = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonBox = useRef<HTMLInputElement>(null);

  const reload = useCallback(() => {
    let live = true;
    setLoad({ state: 'loading' });
    fetchStoryVersion(storyId, versionId).then(
      (view) => live && setLoad({ state: 'ready', view }),
      (err: unknown) => {
        if (!live) return;
        const code = err instanceof ApiError ? err.code : null;
        if (code === ErrorCode.NoAccess) setLoad({ state: 'denied' });
        else
          setLoad({
            state:
              code === ErrorCode.RecordNotFound || code === ErrorCode.ClientParamError ? 'gone' : 'error',
          });
      },
    );
    return () => {
      live = false;
    };
  }, [storyId, versionId]);

  useEffect(() => {
    setReason('');
    setMessage(null);
    return reload();
  }, [reload]);

  const view = load.state === 'ready' ? load.view : null;
  const content = view ? (view.content as StoryContent | null) : null;
  const fields = useMemo(() => {
    if (!view || !content) return [];
    const all = reviewFields(content, view.review_result);
    return view.decision ? withReasons(all, view.decision.reasons) : all;
  }, [view, content]);
  const waiting = view?.appeal?.status === AppealStatus.Pending ? view.appeal : null;

  const next = useCallback(async () => {
    const queue = await fetchAppeals().catch(() => ({ list: [] }));
    const other = queue.list.find((a) => a.kind === 'Story' && 'appeal_id' in a && a.story_id !== storyId);
    navigate(
      under(base, other && 'version_id' in other ? `story/${other.story_id}/${other.version_id}` : 'appeals'),
    );
  }, [base, navigate, storyId]);

  const decide = useCallback(
    async (decision: 'Approved' | 'Rejected') => {
      if (!waiting || busy) return;
      const given = reason.trim();
      if (given === '') {
        setMessage(t('storyView.needReason'));
        reasonBox.current?.focus();
        return;
      }
      setBusy(true);
      setMessage(null);
      try {
        await decideStoryAppeal(waiting.appeal_id, decision, given);
        setMessage(t(decision === 'Approved' ? 'appeals.storyApprovedDone' : 'appeals.storyRejectedDone'));
        setReason('');
        const fresh = await fetchStoryVersion(storyId, versionId).catch(() => null);
        if (fresh) setLoad({ state: 'ready', view: fresh });
      } catch {
        setMessage(t('sanctions.failed'));
      } finally {
        setBusy(false);
      }
    },
    [busy, reason, storyId, t, versionId, waiting],
  );

  useEffect(() => {
    function onKey(e: KeyboardEvent): void {
      const target = e.target as HTMLElement | null;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable))
        return;
      const key = e.key.toLowerCase();
      if (key === 'a') void decide('Approved');
      else if (key === 'r') void decide('Rejected');
      else if (key === 'n') void next();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [decide, next]);

  const name = content?.story_name || view?.appeal?.story_name || storyId;
  const status = (code: number) =>
    ['6', '20', '25', '26'].includes(String(code)) ? t(`status.${code}`) : t('status.other', { code });
  return (
    <div>
      <PageHeader
        title={t('storyView.title', { name })}
        back={<Link to={under(base, 'appeals')}>{t('storyView.back')}</Link>}
      />
      {load.state === 'loading' && <ListState status="loading" empty={false} emptyTitle="" />}
      {load.state === 'gone' && <p role="alert">{t('storyView.notFound')}</p>}
      {load.state === 'denied' && <p role="alert">{t('storyView.denied')}</p>}
      {load.state === 'error' && (
        <ListState
          status="error"
          empty={false}
          emptyTitle=""
          errorText={t('storyView.error')}
          onRetry={reload}
        />
      )}
      {view && (
        <div className="ops-detail">
          <div className="ops-detail__main">
            <Card>
              <h2>{t('storyView.decisionTitle')}</h2>
              <p>
                {t('storyView.creator')}{' '}
                <Link to={under(base, `users/${view.uid}`)}>{view.user?.nickname || view.uid}</Link>
              </p>
              <p>
                {t('storyView.versionStatus', {
                  status: status(view.status),
                  date: fmt.date(view.created_at, DATE_TIME),
                })}
              </p>
              {view.decision ? (
                <>
                  <p>
                    {t('storyView.decidedBy', {
                      status: status(view.decision.status),
                      name: view.decision.operator_nickname || view.decision.operator_uid,
                      date: fmt.date(view.decision.at, DATE_TIME),
                    })}
                  </p>
                  {view.decision.reason && (
                    <p>{t('storyView.logReason', { reason: view.decision.reason })}</p>
                  )}
                </>
              ) : (
                <p>{t('storyView.noDecision')}</p>
              )}
              <p role="note">
                {view.story.deleted
                  ? t('storyView.deleted')
                  : view.edited_since
                    ? t('storyView.editedSince')
                    : t('storyView.notEdited')}
              </p>
            </Card>
            <h2>{t('storyView.asPlayers')}</h2>
            {fields.length === 0 ? (
              <p>{t('storyView.empty')}</p>
            ) : (
              <StoryView fields={fields} note="storyView.rejectedFor" level={3} />
            )}
          </div>
          <section className="ops-decision" aria-labelledby="story-appeal">
            <h2 id="story-appeal">{t('storyView.appealTitle')}</h2>
            {view.appeal ? (
              <>
                <p>
                  {t('storyView.appealLine', {
                    status: t(`storyView.appealStatus.${view.appeal.status}`),
                    date: fmt.date(view.appeal.at, DATE_TIME),
                  })}
                </p>
                <blockquote>{view.appeal.text}</blockquote>
                {view.appeal.decided_at && view.appeal.reason && (
                  <p>
                    {t('storyView.appealDecided', {
                      date: fmt.date(view.appeal.decided_at, DATE_TIME),
                      reason: view.appeal.reason,
                    })}
                  </p>
                )}
              </>
            ) : (
              <p>{t('storyView.noAppeal')}</p>
            )}
            {message && <p role="status">{message}</p>}
            {waiting && (
              <>
                <TextField
                  ref={reasonBox}
                  label={t('appeals.reason')}
                  value={reason}
                  maxLength={SANCTION_REASON_MAX}
                  onChange={(e) => setReason(e.target.value)}
                />
                <Button variant="primary" disabled={busy} onClick={() => void decide('Approved')}>
                  {t('appeals.storyApprove')}
                </Button>
                <Button variant="danger" disabled={busy} onClick={() => void decide('Rejected')}>
                  {t('appeals.reject')}
                </Button>
                <Button variant="ghost" disabled={busy} onClick={() => void next()}>
                  {t('storyView.next')}
                </Button>
                <Shortcuts next={t('storyView.next')} />
              </>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
