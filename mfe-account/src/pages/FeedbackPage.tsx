import { useCallback, useEffect, useId, useState, type FormEvent, type JSX } from 'react';
import { ENV_VALUES, isApiError, shellToast as toast, type FeedbackItem } from 'shared-kit';
import { FEEDBACK_LIMITS } from 'shared-kit/areas';
import { Badge, Button, Card, Spinner, TextArea, messageForError, useFormat } from 'ui-kit';
import { PageHeader } from '../components/PageHeader';
import { useAccountT } from '../i18n';
import { APP_VERSION } from '../lib/version';
import { fetchMyFeedback, submitFeedback, uploadScreenshot, type FeedbackPage as Page } from '../services/weekly.service';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; page: Page };

/** What the team needs to reproduce a problem: the app's version and the device, added to each feedback. */
function deviceText(): string {
  return `${ENV_VALUES.device_platform}; ${window.innerWidth}x${window.innerHeight}; ${navigator.userAgent}`.slice(0, 300);
}

function HistoryItem({ item }: { item: FeedbackItem }): JSX.Element {
  const { t } = useAccountT();
  const { date } = useFormat();
  return (
    <li className="account-feedback__item" data-testid="feedback-item">
      <div className="account-feedback__head">
        <span className="ui-text-muted">{t('feedback.sentOn', { date: date(item.created_at) })}</span>
        <Badge tone={item.status === 'Answered' ? 'success' : 'info'}>{t(`feedback.status.${item.status}`)}</Badge>
      </div>
      <p className="account-feedback__text">{item.text}</p>
      {item.answers.map((a) => (
        <blockquote key={a.created_at} className="account-feedback__answer">
          <strong>{t('feedback.answer')}</strong>
          <p>{a.text}</p>
        </blockquote>
      ))}
    </li>
  );
}

/** `/account/feedback`: send the team a note (with an optional screenshot) and read one's feedback and the answers. */
export function FeedbackPage(): JSX.Element {
  const { t } = useAccountT();
  const fileId = useId();
  const [text, setText] = useState('');
  const [shot, setShot] = useState<{ id: string; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const reload = useCallback(() => {
    fetchMyFeedback().then(
      (page) => setLoad({ state: 'ready', page }),
      () => setLoad({ state: 'error' }),
    );
  }, []);
  useEffect(reload, [reload]);

  async function pick(file: File | undefined): Promise<void> {
    if (!file) return;
    setUploading(true);
    setError('');
    try {
      setShot({ id: await uploadScreenshot(file), name: file.name });
    } catch (err) {
      setError(isApiError(err) ? messageForError(err) : t('feedback.loadFailed'));
    } finally {
      setUploading(false);
    }
  }

  async function send(e: FormEvent): Promise<void> {
    e.preventDefault();
    if (!text.trim()) {
      setError(t('feedback.empty'));
      return;
    }
    setSending(true);
    setError('');
    try {
      await submitFeedback({ text, screenshot_id: shot?.id, app_version: `${APP_VERSION} (${ENV_VALUES.version_code})`, device: deviceText() });
      setText('');
      setShot(null);
      toast({ type: 'success', message: t('feedback.sent') });
      reload();
    } catch (err) {
      setError(isApiError(err) ? messageForError(err) : t('feedback.loadFailed'));
    } finally {
      setSending(false);
    }
  }

  async function more(): Promise<void> {
    if (load.state !== 'ready') return;
    const next = await fetchMyFeedback(load.page.next_offset);
    setLoad({ state: 'ready', page: { ...next, list: [...load.page.list, ...next.list] } });
  }

  return (
    <div className="account-page">
      <PageHeader title={t('feedback.title')} />
      <Card as="section" aria-labelledby="feedback-form-title">
        <h2 id="feedback-form-title" className="ui-visually-hidden">{t('feedback.title')}</h2>
        <p className="ui-text-muted">{t('feedback.intro')}</p>
        <form className="account-feedback__form" onSubmit={(e) => void send(e)} noValidate>
          <TextArea label={t('feedback.text')} value={text} onChange={(e) => setText(e.target.value)} limit={FEEDBACK_LIMITS.text} rows={5} error={error || undefined} />
          <div className="account-feedback__shot">
            <label htmlFor={fileId}>{t('feedback.screenshot')}</label>
            <span className="ui-text-muted">{t('feedback.screenshotHint')}</span>
            {shot ? (
              <span>
                {shot.name}{' '}
                <Button size="sm" onClick={() => setShot(null)}>
                  {t('feedback.removeScreenshot')}
                </Button>
              </span>
            ) : (
              <input id={fileId} type="file" accept="image/png,image/jpeg,image/webp" disabled={uploading} onChange={(e) => void pick(e.target.files?.[0])} />
            )}
            {uploading ? <Spinner label={t('feedback.uploading')} /> : null}
          </div>
          <Button type="submit" variant="primary" loading={sending} disabled={uploading}>
            {t('feedback.send')}
          </Button>
        </form>
      </Card>
      <Card as="section" aria-labelledby="feedback-history">
        <h2 id="feedback-history">{t('feedback.history')}</h2>
        {load.state === 'error' ? (
          <>
            <p role="alert">{t('feedback.loadFailed')}</p>
            <Button onClick={reload}>{t('common.tryAgain')}</Button>
          </>
        ) : load.state === 'loading' ? (
          <Spinner label={t('feedback.loading')} />
        ) : load.page.list.length === 0 ? (
          <p className="ui-text-muted">{t('feedback.none')}</p>
        ) : (
          <>
            <ul className="account-feedback__list">
              {load.page.list.map((item) => (
                <HistoryItem key={item.feedback_id} item={item} />
              ))}
            </ul>
            {load.page.has_more ? <Button onClick={() => void more()}>{t('feedback.more')}</Button> : null}
          </>
        )}
      </Card>
    </div>
  );
}
