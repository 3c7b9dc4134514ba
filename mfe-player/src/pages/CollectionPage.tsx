import { useEffect, useState, type JSX } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorCode, goToLogin, shellToast, useSessionStore } from 'shared-kit';
import { Avatar, Button, Card, Spinner, messageForError, useDocumentTitle } from 'ui-kit';
import { Cover } from '../components/Cover';
import { NotFound } from '../components/NotFound';
import { ReportButton } from '../components/ReportDialog';
import { CollectionShareButton } from '../components/collections/CollectionShareButton';
import '../components/collections/collections.css';
import { usePlayerPath } from '../components/paths';
import { usePlayerT } from '../i18n';
import { errorCode, errorText } from '../lib/errors';
import { pictureSrc } from '../lib/media';
import { getCollection, likeCollection, type CollectionView } from '../services/collection.service';

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; collection: CollectionView };

const COLLECTION_ID = /^\d{1,64}$/;

/** A collection's page (`/play/collection/:id`): its name and description, the creator, its creations as cards, like, share, report. */
export function CollectionPage(): JSX.Element {
  const { t } = usePlayerT();
  const { id = '' } = useParams();
  const valid = COLLECTION_ID.test(id);
  const signedIn = useSessionStore((s) => s.status === 'user');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const feedPath = usePlayerPath();
  const storyBase = usePlayerPath('story');
  const authorBase = usePlayerPath('user');
  useDocumentTitle(load.status === 'ready' ? load.collection.name : t('collection.kind'));
  useEffect(() => {
    if (!valid) return;
    let live = true;
    setLoad({ status: 'loading' });
    getCollection(id).then(
      (collection) => live && setLoad({ status: 'ready', collection }),
      (error: unknown) => live && setLoad({ status: 'error', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [id, valid, attempt, signedIn]);

  if (!valid) return <NotFound />;
  if (load.status === 'loading') {
    return (
      <div className="player-page">
        <p className="player-status" role="status">
          <Spinner size="sm" decorative /> {t('collection.loading')}
        </p>
      </div>
    );
  }
  if (load.status === 'error') {
    return (
      <div className="player-page player-center">
        <h1>{t('collection.unavailable')}</h1>
        <p role="alert">{load.message}</p>
        <Button onClick={() => setAttempt((n) => n + 1)}>{t('common.tryAgain')}</Button>
        <Link to={feedPath} className="player-link">
          {t('author.backToStories')}
        </Link>
      </div>
    );
  }
  const c = load.collection;
  const creatorName = c.creator.nickname || t('common.unknownCreator');

  async function onLike(): Promise<void> {
    if (!signedIn) {
      goToLogin();
      return;
    }
    setBusy(true);
    try {
      const r = await likeCollection(c.collection_id, !c.liked);
      setLoad({ status: 'ready', collection: { ...c, liked: r.liked, like_count: r.like_count } });
    } catch (error) {
      if (errorCode(error) === ErrorCode.NeedLogin) goToLogin();
      else shellToast({ type: 'error', message: messageForError(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="player-page player-collection" data-testid="collection-page">
      <Link to={feedPath} className="player-back">
        {t('story.backLink')}
      </Link>
      <header className="collection-head">
        <p className="collection-head__kind">{t('collection.kind')}</p>
        <h1 className="player-title">{c.name}</h1>
        <p>{c.description}</p>
        <Link
          to={`${authorBase}/${c.creator.uid}`}
          className="collection-head__by player-link"
          data-testid="collection-creator"
        >
          <Avatar name={creatorName} src={pictureSrc(c.creator.avatar)} size="sm" decorative />
          {t('collection.by', { name: creatorName })}
        </Link>
        <div className="collection-actions">
          <Button
            variant={c.liked ? 'secondary' : 'primary'}
            aria-pressed={c.liked}
            loading={busy}
            onClick={() => void onLike()}
            data-testid="collection-like"
          >
            {c.liked ? t('collection.liked') : t('collection.like')}
          </Button>
          <span className="player-card__meta" data-testid="collection-like-count">
            {t('collection.likes', { count: c.like_count })}
          </span>
          {signedIn ? <CollectionShareButton collectionId={c.collection_id} /> : null}
          {signedIn && !c.is_owner ? (
            <ReportButton targetType="collection" targetId={c.collection_id} label={t('collection.report')} />
          ) : null}
        </div>
      </header>
      <section aria-labelledby="player-collection-creations">
        <h2 id="player-collection-creations" className="player-subtitle">
          {t('collection.creations', { count: c.creations.length })}
        </h2>
        {c.creations.length === 0 ? (
          <p className="player-status">{t('collection.empty')}</p>
        ) : (
          <ul className="player-list" data-testid="collection-creations">
            {c.creations.map((s) => (
              <Card as="li" interactive className="player-card" key={s.story_id}>
                <div className="player-card__main">
                  <Cover src={s.logo} name={s.story_name} />
                  <div className="player-card__body">
                    <h3 className="player-card__title">
                      <Link to={`${storyBase}/${s.story_id}`} className="player-card__link">
                        {s.story_name}
                      </Link>
                    </h3>
                    <p className="player-card__intro">{s.introduction}</p>
                    <p className="player-card__meta">
                      {s.is_bot ? t('collection.bot') : t('collection.story')}
                    </p>
                  </div>
                </div>
              </Card>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
