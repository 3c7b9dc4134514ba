import { useCallback, useEffect, useState, type JSX } from 'react';
import { type OpsFeedbackItem } from 'shared-kit';
import { FEEDBACK_LIMITS, type FeedbackStatus } from 'shared-kit/areas';
import { Badge, Button, Select, Spinner, TextArea, useFormat } from 'ui-kit';
import { PageHeader } from '../components/PageHeader';
import { useOpsT } from '../i18n';
import { answerFeedback, closeFeedback, fetchFeedback, type OpsFeedbackPage } from '../services/feedback.service';

type Filter = FeedbackStatus | 'all';
type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; page: OpsFeedbackPage };

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** One feedback: what was sent, the answers so far, and the operator's answer and close. */
function FeedbackCard({ item, onChanged }: { item: OpsFeedbackItem; onChanged: (next: OpsFeedbackItem) => void }): JSX.Element {
  const { t } = useOpsT();
  const { date } = useFormat();
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  async function act(run: () => Promise<OpsFeedbackItem>, done: string): Promise<void> {
    setBusy(true);
    setOutcome(null);
    try {
      const next = await run();
      setAnswer('');
      setOutcome({ kind: 'ok', text: done });
      onChanged(next);
    } catch (err) {
      setOutcome({ kind: 'error', text: t('feedback.failed', { message: errorText(err) }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="ops-feedback__item" data-testid="ops-feedback-item" aria-labelledby={`fb-${item.feedback_id}`}>
      <div className="ops-feedback__head">
        <span id={`fb-${item.feedback_id}`}>{t('feedback.from', { name: item.nickname || item.uid, date: date(item.created_at) })}</span>
        <Badge tone={item.status === 'Open' ? 'warning' : 'info'}>{t(`feedback.status.${item.status}`)}</Badge>
      </div>
      <p className="ops-feedback__text">{item.text}</p>
      <p className="ops-muted">{t('feedback.version', { version: item.app_version || '-', device: item.device || '-' })}</p>
      {item.screenshot_url ? (
        <a href={item.screenshot_url} target="_blank" rel="noreferrer">
          {t('feedback.screenshot')}
        </a>
      ) : null}
      {item.answers.length > 0 ? (
        <div>
          <strong>{t('feedback.answers')}</strong>
          {item.answers.map((a) => (
            <blockquote key={a.created_at} className="ops-feedback__answer">
              {a.text}
            </blockquote>
          ))}
        </div>
      ) : null}
      {item.status !== 'Closed' ? (
        <form
          className="ops-feedback__form"
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => answerFeedback(item.feedback_id, answer.trim()), t('feedback.answered'));
          }}
        >
          <TextArea label={t('feedback.answer')} value={answer} limit={FEEDBACK_LIMITS.answer} rows={3} onChange={(e) => setAnswer(e.target.value)} />
          <div className="ops-feedback__actions">
            <Button type="submit" variant="primary" disabled={busy || answer.trim() === ''}>
              {t('feedback.send')}
            </Button>
            <Button disabled={busy} onClick={() => void act(() => closeFeedback(item.feedback_id), t('feedback.closed'))}>
              {t('feedback.close')}
            </Button>
          </div>
        </form>
      ) : null}
      {outcome ? <p role={outcome.kind === 'error' ? 'alert' : 'status'}>{outcome.text}</p> : null}
    </li>
  );
}

/** `/ops/feedback`: people's feedback to the team, oldest first; operators answer (to the sender's inbox) and close. */
export function FeedbackPage(): JSX.Element {
  const { t } = useOpsT();
  const [filter, setFilter] = useState<Filter>('all');
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    fetchFeedback(filter === 'all' ? '' : filter).then(
      (page) => setLoad({ state: 'ready', page }),
      () => setLoad({ state: 'error' }),
    );
  }, [filter]);
  useEffect(reload, [reload]);

  async function more(): Promise<void> {
    if (load.state !== 'ready') return;
    const next = await fetchFeedback(filter === 'all' ? '' : filter, load.page.next_offset);
    setLoad({ state: 'ready', page: { ...next, list: [...load.page.list, ...next.list] } });
  }

  function changed(next: OpsFeedbackItem): void {
    if (load.state !== 'ready') return;
    setLoad({ state: 'ready', page: { ...load.page, list: load.page.list.map((i) => (i.feedback_id === next.feedback_id ? next : i)) } });
  }

  const filters: Filter[] = ['all', 'Open', 'Answered', 'Closed'];
  return (
    <div>
      <PageHeader title={t('feedback.title')} />
      <Select
        label={t('feedback.filter')}
        value={filter}
        options={filters.map((f) => ({ value: f, label: t(`feedback.filters.${f}`) }))}
        onValueChange={(v) => setFilter(v as Filter)}
      />
      {load.state === 'error' ? (
        <div>
          <p role="alert">{t('feedback.loadFailed')}</p>
          <Button onClick={reload}>{t('feedback.retry')}</Button>
        </div>
      ) : load.state === 'loading' ? (
        <Spinner label={t('feedback.loading')} />
      ) : load.page.list.length === 0 ? (
        <p>{t('feedback.empty')}</p>
      ) : (
        <>
          <ul className="ops-feedback">
            {load.page.list.map((item) => (
              <FeedbackCard key={item.feedback_id} item={item} onChanged={changed} />
            ))}
          </ul>
          {load.page.has_more ? <Button onClick={() => void more()}>{t('feedback.more')}</Button> : null}
        </>
      )}
    </div>
  );
}
