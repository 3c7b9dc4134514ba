import { useCallback, useEffect, useMemo, useState, type JSX } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, ErrorCode } from 'shared-kit';
import { Button, ListState, TextArea, TextField, useFormat } from 'ui-kit';
import { under, useBase } from '../base';
import { OperationFields, operationOf, UNCHANGED, type OperationChoice } from '../components/OperationFields';
import { StoryView } from '../components/StoryView';
import { reviewFields } from '../fields';
import { useOpsT } from '../i18n';
import { claimStory, decideStory, fetchQueue, type Claimed, type Decision } from '../services/ops.service';
import { PageHeader } from '../components/PageHeader';
import { Shortcuts } from '../components/Shortcuts';

type Load =
  | { state: 'loading' }
  | { state: 'taken' }
  | { state: 'gone' }
  | { state: 'error' }
  | { state: 'ready'; claimed: Claimed };

/** A story under review: claims it, shows its fields with the automated flags, and takes the decision. */
export function ReviewPage(): JSX.Element {
  const { t } = useOpsT();
  const { date } = useFormat();
  const { storyId = '' } = useParams();
  const navigate = useNavigate();
  const base = useBase();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const [operation, setOperation] = useState<OperationChoice>(UNCHANGED);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    setReasons({});
    setNote('');
    setOperation(UNCHANGED);
    setMessage(null);
    claimStory(storyId).then(
      (claimed) => live && setLoad({ state: 'ready', claimed }),
      (err: unknown) => {
        if (!live) return;
        const code = err instanceof ApiError ? err.code : null;
        setLoad({
          state:
            code === ErrorCode.BusinessError ? 'taken' : code === ErrorCode.RecordNotFound ? 'gone' : 'error',
        });
      },
    );
    return () => {
      live = false;
    };
  }, [storyId]);

  const fields = useMemo(
    () =>
      load.state === 'ready' && load.claimed.content
        ? reviewFields(load.claimed.content, load.claimed.review_result)
        : [],
    [load],
  );

  const next = useCallback(async () => {
    const queue = await fetchQueue().catch(() => ({ list: [] }));
    const other = queue.list.find((s) => s.story_id !== storyId && s.claimed_by === null);
    navigate(under(base, other ? `review/${other.story_id}` : ''));
  }, [base, navigate, storyId]);

  const decide = useCallback(
    async (decision: Decision) => {
      if (load.state !== 'ready' || busy) return;
      const given = Object.entries(reasons)
        .map(([field, reason]) => ({ field, reason: reason.trim() }))
        .filter((r) => r.reason !== '');
      if (decision !== 'Passed' && given.length === 0) {
        setMessage(t('review.needReason'));
        return;
      }
      setBusy(true);
      try {
        await decideStory(
          storyId,
          decision,
          decision === 'Passed' ? [] : given,
          note.trim(),
          operationOf(operation),
        );
        setMessage(t('review.decided'));
        await next();
      } catch {
        setMessage(t('common.error'));
      } finally {
        setBusy(false);
      }
    },
    [busy, load.state, next, note, operation, reasons, storyId, t],
  );

  useEffect(() => {
    function onKey(e: KeyboardEvent): void {
      const target = e.target as HTMLElement | null;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable))
        return;
      const key = e.key.toLowerCase();
      if (key === 'a') void decide('Passed');
      else if (key === 'r') void decide('Failed');
      else if (key === 'n') void next();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [decide, next]);

  const name = load.state === 'ready' ? (load.claimed.content?.story_name ?? storyId) : storyId;
  const back = <Link to={under(base)}>{t('review.back')}</Link>;
  return (
    <div>
      <PageHeader title={t('review.title', { name })} back={back} />
      {load.state === 'loading' && <ListState status="loading" empty={false} emptyTitle="" />}
      {load.state === 'taken' && <p role="alert">{t('review.claimFailed')}</p>}
      {load.state === 'gone' && <p role="alert">{t('review.notFound')}</p>}
      {load.state === 'error' && <p role="alert">{t('common.error')}</p>}
      {load.state === 'ready' && (
        <div className="ops-detail">
          <div className="ops-detail__main">
            <StoryView fields={fields} note="review.flagged">
              {(f, label) => (
                <TextField
                  label={t('review.reasonFor', { field: label })}
                  value={reasons[f.key] ?? ''}
                  maxLength={500}
                  onChange={(e) => setReasons((r) => ({ ...r, [f.key]: e.target.value }))}
                />
              )}
            </StoryView>
          </div>
          <section className="ops-decision" aria-labelledby="review-decision">
            <h2 id="review-decision">{t('frame.decision')}</h2>
            <p className="ops-muted">
              {t('review.claimed', { time: date(load.claimed.locked_until, { timeStyle: 'short' }) })}
            </p>
            <TextArea
              label={t('review.note')}
              value={note}
              maxLength={1000}
              onChange={(e) => setNote(e.target.value)}
            />
            <OperationFields value={operation} onChange={setOperation} />
            {message && <p role="status">{message}</p>}
            <Button variant="primary" onClick={() => void decide('Passed')} disabled={busy}>
              {t('review.approve')}
            </Button>
            <Button variant="danger" onClick={() => void decide('Failed')} disabled={busy}>
              {t('review.reject')}
            </Button>
            <Button variant="secondary" onClick={() => void decide('Unqualified')} disabled={busy}>
              {t('review.unqualified')}
            </Button>
            <Button variant="ghost" onClick={() => void next()} disabled={busy}>
              {t('review.next')}
            </Button>
            <Shortcuts next={t('frame.keys.next')} />
          </section>
        </div>
      )}
    </div>
  );
}
