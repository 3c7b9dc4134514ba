import { useState, type JSX } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { shellToast, useSessionStore } from 'shared-kit';
import { THREAD_ID } from 'shared-kit/areas';
import { Avatar, Button, Card, ConfirmDialog, messageForError, useDocumentTitle } from 'ui-kit';
import { Cover } from '../components/Cover';
import { NotFound } from '../components/NotFound';
import { ReportButton } from '../components/ReportDialog';
import { CommentsSection } from '../components/community/CommentsSection';
import { ThreadLines } from '../components/threads/ThreadLines';
import { useSignedInAction } from '../components/shared/useSignedInAction';
import { PageLoadFrame, usePageLoad } from '../components/shared/PageLoad';
import { ShareLinkButton } from '../components/shared/ShareLinkButton';
import '../components/threads/threads.css';
import '../components/collections/collections.css';
import { usePlayerPath } from '../components/paths';
import { usePlayerT } from '../i18n';
import { pictureSrc } from '../lib/media';
import { deleteThread, getThread, likeThread, shareThread, type ThreadView } from '../services/thread.service';

/** A thread's page (`/play/thread/:id`): its title, who shared it, the lines with portraits, the story's card, like, share, report, comments. */
export function ThreadPage(): JSX.Element {
  const { t } = usePlayerT();
  const { id = '' } = useParams();
  const valid = THREAD_ID.test(id);
  const signedIn = useSessionStore((s) => s.status === 'user');
  const { load, set, retry } = usePageLoad<ThreadView>(valid, () => getThread(id), [id, signedIn]);
  const { busy, setBusy, act } = useSignedInAction(signedIn);
  const [confirm, setConfirm] = useState(false);
  const feedPath = usePlayerPath();
  const storyBase = usePlayerPath('story');
  const authorBase = usePlayerPath('user');
  const navigate = useNavigate();
  useDocumentTitle(load.status === 'ready' ? load.data.title : t('thread.kind'));

  if (!valid) return <NotFound />;
  if (load.status !== 'ready') return <PageLoadFrame load={load} loadingText={t('thread.loading')} unavailableText={t('thread.unavailable')} onRetry={retry} />;
  const th = load.data;
  const sharer = th.creator.nickname || t('common.unknownCreator');

  const onLike = () =>
    act(async () => {
      const r = await likeThread(th.thread_id, !th.liked);
      set({ ...th, liked: r.liked, like_count: r.like_count });
    });
  async function onDelete(): Promise<void> {
    setBusy(true);
    try {
      await deleteThread(th.thread_id);
      shellToast({ type: 'success', message: t('thread.deleted') });
      void navigate(`${authorBase}/${th.uid}`);
    } catch (error) {
      shellToast({ type: 'error', message: messageForError(error) });
      setBusy(false);
      setConfirm(false);
    }
  }

  return (
    <div className="player-page player-thread" data-testid="thread-page">
      <Link to={feedPath} className="player-back">
        {t('story.backLink')}
      </Link>
      <header className="collection-head">
        <p className="collection-head__kind">{t('thread.kind')}</p>
        <h1 className="player-title">{th.title}</h1>
        <Link to={`${authorBase}/${th.uid}`} className="collection-head__by player-link" data-testid="thread-sharer">
          <Avatar name={sharer} src={pictureSrc(th.creator.avatar)} size="sm" decorative />
          {t('thread.by', { name: sharer })}
        </Link>
        <div className="collection-actions">
          <Button variant={th.liked ? 'secondary' : 'primary'} aria-pressed={th.liked} loading={busy} onClick={() => void onLike()} data-testid="thread-like">
            {th.liked ? t('thread.liked') : t('thread.like')}
          </Button>
          <span className="player-card__meta" data-testid="thread-like-count">
            {t('thread.likes', { count: th.like_count })}
          </span>
          {signedIn ? <ShareLinkButton share={() => shareThread(th.thread_id)} title={t('thread.shareTitle')} fieldId="player-thread-share-link" testId="thread-share-link" /> : null}
          {signedIn && !th.is_owner ? <ReportButton targetType="thread" targetId={th.thread_id} label={t('thread.report')} /> : null}
          {th.is_owner ? (
            <Button variant="ghost" onClick={() => setConfirm(true)}>
              {t('thread.delete')}
            </Button>
          ) : null}
        </div>
      </header>
      <ThreadLines thread={th} />
      <section className="thread-story" aria-labelledby="player-thread-story">
        <h2 id="player-thread-story" className="player-subtitle">
          {t('thread.from')}
        </h2>
        {th.story ? (
          <ul className="player-list">
            <Card as="li" interactive className="player-card" data-testid="thread-story">
              <div className="player-card__main">
                <Cover src={th.story.logo} name={th.story.story_name} />
                <div className="player-card__body">
                  <h3 className="player-card__title">
                    <Link to={`${storyBase}/${th.story.story_id}`} className="player-card__link">
                      {th.story.story_name}
                    </Link>
                  </h3>
                  <p className="player-card__intro">{th.story.introduction}</p>
                  <p className="player-card__meta">{t('common.byCreator', { name: th.story.creator.nickname || t('common.unknownCreator') })}</p>
                </div>
              </div>
            </Card>
          </ul>
        ) : (
          <p className="player-status">{t('thread.storyGone')}</p>
        )}
      </section>
      <CommentsSection storyId={th.thread_id} isCreator={th.is_owner} />
      {confirm ? (
        <ConfirmDialog title={t('thread.deleteConfirm')} danger busy={busy} confirmLabel={t('thread.delete')} onConfirm={() => void onDelete()} onCancel={() => setConfirm(false)} />
      ) : null}
    </div>
  );
}
