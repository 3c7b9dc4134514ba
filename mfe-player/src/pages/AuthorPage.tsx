import { useEffect, useRef, useState, type JSX } from 'react';
import { Link, useParams } from 'react-router';
import { prerenderedData, shellToast, useSessionStore, type AuthorDetail } from 'shared-kit';
import { Avatar, Button, ConfirmDialog, formatCount, messageForCode } from 'ui-kit';
import { MiniStoryCard } from '../components/community/MiniStoryCard';
import { AuthorCollections } from '../components/collections/AuthorCollections';
import { AuthorThreads } from '../components/threads/AuthorThreads';
import { NotFound } from '../components/NotFound';
import { useSignedInAction } from '../components/shared/useSignedInAction';
import { PageLoadFrame } from '../components/shared/PageLoad';
import { usePlayerPath } from '../components/paths';
import '../components/community/community.css';
import { usePlayerT } from '../i18n';
import { errorCode, errorText } from '../lib/errors';
import { pictureSrc } from '../lib/media';
import * as community from '../services/community.service';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; author: AuthorDetail };

export const USER_ID = /^\d{1,64}$/;

/** A creator's public page: who they are, their counts, follow and block, and their published stories. */
export function AuthorPage(): JSX.Element {
  const { t } = usePlayerT();
  const { uid = '' } = useParams();
  const valid = USER_ID.test(uid);
  const signedIn = useSessionStore((s) => s.status === 'user');
  // The page the server sent with its first screen: the creator it was made from, not asked for again.
  const [load, setLoad] = useState<Load>(() => {
    const author = prerenderedData('user', uid)?.author as AuthorDetail | undefined;
    return author ? { status: 'ready', author } : { status: 'loading' };
  });
  const fromServer = useRef(load.status === 'ready');
  const [attempt, setAttempt] = useState(0);
  const { busy, setBusy, act } = useSignedInAction(signedIn);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const feedPath = usePlayerPath();
  const followersPath = usePlayerPath(`user/${uid}/followers`);
  const followingPath = usePlayerPath(`user/${uid}/following`);

  useEffect(() => {
    if (!valid) return;
    if (fromServer.current) {
      fromServer.current = false;
      return;
    }
    let live = true;
    setLoad((l) => (l.status === 'ready' && l.author.uid === uid ? l : { status: 'loading' }));
    community.authorDetail(uid).then(
      (author) => live && setLoad({ status: 'ready', author }),
      (error: unknown) => live && setLoad({ status: 'error', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [uid, valid, attempt, signedIn]);

  if (!valid) return <NotFound />;
  if (load.status !== 'ready') return <PageLoadFrame load={load} loadingText={t('author.loading')} unavailableText={t('author.unavailable')} onRetry={() => setAttempt((n) => n + 1)} />;

  const { author } = load;
  const name = author.nickname || t('common.unknownCreator');

  const onFollow = () =>
    act(async () => {
      const result = await community.follow(author.uid, !author.following);
      setLoad({ status: 'ready', author: { ...author, following: result.following, follower_count: result.follower_count } });
    });

  async function onBlock(): Promise<void> {
    setBusy(true);
    try {
      const blocked = await community.setBlocked(author.uid, !author.blocked);
      shellToast({ type: 'success', message: t(blocked ? 'author.blockedToast' : 'author.unblockedToast', { name }) });
      setConfirmBlock(false);
      setAttempt((n) => n + 1);
    } catch (error) {
      const code = errorCode(error);
      shellToast({ type: 'error', message: code === null ? errorText(error) : messageForCode(code, errorText(error)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="player-page player-author">
      <Link to={feedPath} className="player-back">
        {t('story.backLink')}
      </Link>
      <div className="player-author__head">
        <Avatar name={name} src={pictureSrc(author.avatar)} size="lg" decorative />
        <div>
          <h1 className="player-title">{name}</h1>
          {author.username ? <p className="player-author__id">{t('author.userId', { id: author.username })}</p> : null}
        </div>
      </div>
      <ul className="player-author__stats" aria-label={t('author.stats')}>
        <li>
          <Link to={followersPath} className="player-author__stat">
            <span>{t('author.followers')}</span>
            <strong data-testid="follower-count">{formatCount(author.follower_count)}</strong>
          </Link>
        </li>
        <li>
          <Link to={followingPath} className="player-author__stat">
            <span>{t('author.following')}</span>
            <strong>{formatCount(author.following_count)}</strong>
          </Link>
        </li>
        <li className="player-author__stat">
          <span>{t('author.likes')}</span>
          <strong>{formatCount(author.likes_received)}</strong>
        </li>
      </ul>
      {author.is_self ? (
        <p className="player-author__id">{t('author.you')}</p>
      ) : (
        <div className="player-author__actions">
          {author.blocked ? null : (
            <Button
              variant={author.following ? 'secondary' : 'primary'}
              aria-pressed={author.following}
              loading={busy && !confirmBlock}
              onClick={() => void onFollow()}
            >
              {author.following ? t('author.unfollow') : t('author.follow')}
            </Button>
          )}
          {signedIn ? (
            <Button variant={author.blocked ? 'secondary' : 'ghost'} onClick={() => setConfirmBlock(true)}>
              {author.blocked ? t('author.unblock') : t('author.block')}
            </Button>
          ) : null}
        </div>
      )}
      {author.blocked ? <p role="note">{t('author.blockedNote')}</p> : null}
      <section aria-labelledby="player-author-stories">
        <h2 id="player-author-stories" className="player-subtitle">
          {t('author.stories')}
        </h2>
        {author.stories.length === 0 ? (
          <p className="player-status">{t('author.noStories')}</p>
        ) : (
          <ul className="player-list">
            {author.stories.map((s) => (
              <MiniStoryCard key={s.story_id} story={s} />
            ))}
          </ul>
        )}
      </section>
      {author.blocked ? null : <AuthorCollections uid={author.uid} />}
      {author.blocked ? null : <AuthorThreads uid={author.uid} />}
      {confirmBlock ? (
        <ConfirmDialog
          title={t(author.blocked ? 'author.unblockTitle' : 'author.blockTitle', { name })}
          confirmLabel={author.blocked ? t('author.unblock') : t('author.block')}
          danger={!author.blocked}
          busy={busy}
          onCancel={() => setConfirmBlock(false)}
          onConfirm={() => void onBlock()}
        >
          {author.blocked ? t('author.unblockText') : t('author.blockText')}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
