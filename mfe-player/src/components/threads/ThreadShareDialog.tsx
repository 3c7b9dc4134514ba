import { useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { ErrorCode, shellToast } from 'shared-kit';
import { THREAD_LIMITS } from 'shared-kit/areas';
import { Button, Modal, Spinner, TextField, messageForError } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { errorCode } from '../../lib/errors';
import { postThread, threadGroups, type ThreadGroupsView, type ThreadView } from '../../services/thread.service';
import { usePlayerPath } from '../paths';
import { TurnPicker } from './TurnPicker';
import './threads.css';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: ThreadGroupsView };

/**
 * "Share a thread": the play's turns with checkboxes (a turn that cannot be shared is shown disabled with the reason),
 * a title, and Post; once posted, a link to the thread.
 */
export function ThreadShareDialog({ playId, onClose }: { playId: string; onClose: () => void }): JSX.Element {
  const { t } = usePlayerT();
  const base = usePlayerPath('thread');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [title, setTitle] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [posted, setPosted] = useState<ThreadView | null>(null);

  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    threadGroups(playId).then(
      (data) => live && setLoad({ status: 'ready', data }),
      (e: unknown) => live && setLoad({ status: 'error', message: messageForError(e) }),
    );
    return () => {
      live = false;
    };
  }, [playId, attempt]);

  const limit = load.status === 'ready' ? load.data.group_limit : 0;

  async function onPost(): Promise<void> {
    if (load.status !== 'ready') return;
    if (title.trim() === '') return setError(t('thread.needTitle'));
    if (chosen.length === 0) return setError(t('thread.needGroup'));
    if (chosen.length > limit) return setError(t('thread.tooMany', { limit }));
    setError('');
    setBusy(true);
    try {
      const thread = await postThread({ play_id: playId, title: title.trim(), group_ids: chosen });
      setPosted(thread);
      shellToast({ type: 'success', message: t('thread.posted') });
    } catch (e) {
      setError(errorCode(e) === ErrorCode.TooManyToday ? t('thread.dailyLimit') : messageForError(e));
      if (errorCode(e) === ErrorCode.DialogueReviewNotPassed) setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  function body(): JSX.Element {
    if (load.status === 'loading') {
      return (
        <p className="player-status" role="status">
          <Spinner size="sm" decorative /> {t('thread.loadingGroups')}
        </p>
      );
    }
    if (load.status === 'error') {
      return (
        <div className="player-status">
          <p role="alert">{load.message}</p>
          <Button onClick={() => setAttempt((n) => n + 1)}>{t('common.tryAgain')}</Button>
        </div>
      );
    }
    if (!load.data.thread_share) return <p role="alert">{t('thread.off')}</p>;
    if (load.data.groups.length === 0) return <p className="player-status">{t('thread.noGroups')}</p>;
    return (
      <>
        <TextField label={t('thread.title')} value={title} limit={THREAD_LIMITS.title} onChange={(e) => setTitle(e.target.value)} data-testid="thread-title" />
        <TurnPicker
          groups={load.data.groups}
          chosen={chosen}
          onChange={setChosen}
          legend={
            <>
              {t('thread.groups')} <span className="player-card__meta">{t('thread.chosen', { count: chosen.length, limit })}</span>
            </>
          }
        />
        {error ? (
          <p role="alert" className="ui-field__error" data-testid="thread-error">
            {error}
          </p>
        ) : null}
      </>
    );
  }

  const canPost = load.status === 'ready' && load.data.thread_share && load.data.groups.length > 0 && !posted;
  return (
    <Modal
      open
      size="lg"
      title={t('thread.dialogTitle')}
      description={t('thread.dialogDescription')}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <Button onClick={onClose}>{t('thread.cancel')}</Button>
          {posted ? (
            <Link className="ui-button ui-button--primary ui-button--md" to={`${base}/${posted.thread_id}`} data-testid="thread-open">
              {t('thread.open')}
            </Link>
          ) : canPost ? (
            <Button variant="primary" loading={busy} onClick={() => void onPost()} data-testid="thread-post">
              {t('thread.post')}
            </Button>
          ) : null}
        </>
      }
    >
      {posted ? <p role="status">{t('thread.posted')}</p> : body()}
    </Modal>
  );
}
