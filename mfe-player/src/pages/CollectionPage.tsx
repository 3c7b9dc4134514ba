import type { JSX } from 'react';
import { Link, useParams } from 'react-router';
import { useSessionStore } from 'shared-kit';
import { Avatar, Button, Card, useDocumentTitle } from 'ui-kit';
import { Cover } from '../components/Cover';
import { NotFound } from '../components/NotFound';
import { ReportButton } from '../components/ReportDialog';
import '../components/collections/collections.css';
import { usePlayerPath } from '../components/paths';
import { useSignedInAction } from '../components/shared/useSignedInAction';
import { PageLoadFrame, usePageLoad } from '../components/shared/PageLoad';
import { ShareLinkButton } from '../components/shared/ShareLinkButton';
import { usePlayerT } from '../i18n';
import { pictureSrc } from '../lib/media';
import { getCollection, likeCollection, shareCollection, type CollectionView } from '../services/collection.service';

const COLLECTION_ID = /^\d{1,64}$/;

/** A collection's page (`/play/collection/:id`): its name and description, the creator, its creations as cards, like, share, report. */
export function CollectionPage(): JSX.Element {
  const { t } = usePlayerT();
  const { id = '' } = useParams();
  const valid = COLLECTION_ID.test(id);
  const signedIn = useSessionStore((s) => s.status === 'user');
  const { load, set, retry } = usePageLoad<CollectionView>(valid, () => getCollection(id), [id, signedIn]);
  const { busy, act } = useSignedInAction(signedIn);
  const feedPath = usePlayerPath();
  const storyBase = usePlayerPath('story');
  const authorBase = usePlayerPath('user');
  useDocumentTitle(load.status === 'ready' ? load.data.name : t('collection.kind'));

  if (!valid) return <NotFound />;
  if (load.status !== 'ready') return <PageLoadFrame load={load} loadingText={t('collection.loading')} unavailableText={t('collection.unavailable')} onRetry={retry} />;
  const c = load.data;
  const creatorName = c.creator.nickname || t('common.unknownCreator');

  const onLike = () =>
    act(async () => {
      const r = await likeCollection(c.collection_id, !c.liked);
      set({ ...c, liked: r.liked, like_count: r.like_count });
    });

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
          {signedIn ? <ShareLinkButton share={() => shareCollection(c.collection_id)} title={t('collection.shareTitle')} fieldId="player-collection-share-link" testId="collection-share-link" /> : null}
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
