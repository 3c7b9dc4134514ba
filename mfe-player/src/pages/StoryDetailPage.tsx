import { lazy, Suspense, useEffect, useState, type JSX } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Coverage, StoryDetail } from '../api/types';
import { Avatar, Badge, Button, Spinner, Trans } from 'ui-kit';
import { Cover } from '../components/Cover';
import { NotFound } from '../components/NotFound';
import { PageLoadFrame } from '../components/shared/PageLoad';
import { ReportButton } from '../components/ReportDialog';
import { usePlayerPath } from '../components/paths';
import { StoryByline } from '../components/StoryCardView';
import { usePlayerT } from '../i18n';
import { errorText } from '../lib/errors';
import { pictureSrc } from '../lib/media';
import * as feedService from '../services/feed.service';
import { CreatorLink } from '../components/community/CreatorLink';
import { StorySocial } from '../components/community/StorySocial';
import { prerenderedData, useSessionStore } from 'shared-kit';

/** The player's own plays of the story, when there are any: a chunk of its own too. */
const StoryPlays = lazy(() => import('../components/StoryPlays').then((m) => ({ default: m.StoryPlays })));

/** The comments, below the story: their code comes in a chunk of its own, while the story above is shown. */
const CommentsSection = lazy(() =>
  import('../components/community/CommentsSection').then((m) => ({ default: m.CommentsSection })),
);

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; story: StoryDetail; coverage: Coverage | null };

/** A story before playing: cover, introduction, creator, cast and chapters, then Play or Continue. */
export function StoryDetailPage(): JSX.Element {
  const { t } = usePlayerT();
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  // The page the server sent with its first screen: the story it was made from, not asked for again.
  const [load, setLoad] = useState<Load>(() => {
    const pre = prerenderedData('story', id);
    return pre?.story ? { status: 'ready', story: pre.story as StoryDetail, coverage: (pre.coverage as Coverage | null) ?? null } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  const navigate = useNavigate();
  const feedPath = usePlayerPath();
  const playPath = usePlayerPath(`story/${id}/play`);
  const viewerUid = useSessionStore((s) => s.user?.uid ?? '');

  // Play is the next step from here: its screen's code comes while the story is read.
  useEffect(() => {
    void import('./PlayPage').catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!valid) return;
    // The first screen the server sent stands until the reader asks again.
    if (attempt === 0 && load.status === 'ready' && load.story.story_id === id) return;
    let live = true;
    setLoad({ status: 'loading' });
    Promise.all([feedService.storyDetail(id), feedService.coverage(id).catch(() => null)]).then(
      ([story, coverage]) => live && setLoad({ status: 'ready', story, coverage }),
      (error: unknown) => live && setLoad({ status: 'error', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [id, valid, attempt]);

  if (!valid) return <NotFound />;
  if (load.status !== 'ready') {
    return (
      <PageLoadFrame
        load={load}
        loadingText={t('story.loading')}
        unavailableText={t('story.unavailable')}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }

  const { story, coverage } = load;
  const resumable = coverage?.has_play === true;
  return (
    <div className="player-page player-detail">
      <Link to={feedPath} className="player-back">
        {t('story.backLink')}
      </Link>
      <Cover src={story.logo} name={story.story_name} className="player-detail__cover" priority />
      <h1 className="player-title">{story.story_name}</h1>
      <StoryByline story={story} />
      <CreatorLink creator={story.creator} />
      <p>
        <Badge tone="info">{t('common.aiContent')}</Badge>
      </p>
      <p className="player-detail__intro">{story.introduction}</p>
      <div className="player-detail__actions">
        <Button variant="primary" size="lg" block onClick={() => navigate(playPath)}>
          {resumable ? t('story.continue') : t('story.play')}
        </Button>
        {resumable ? (
          <Button size="lg" block onClick={() => navigate(`${playPath}?new=1`)}>
            {t('story.startOver')}
          </Button>
        ) : null}
        <ReportButton targetType="story" targetId={id} />
      </div>
      <StorySocial story={story} />
      {resumable ? (
        <Suspense fallback={<Spinner />}>
          <StoryPlays storyId={story.story_id} isBot={story.is_bot} />
        </Suspense>
      ) : null}
      {story.characters.length > 0 ? (
        <section aria-labelledby="player-cast-title">
          <h2 id="player-cast-title" className="player-subtitle">
            {t('story.characters')}
          </h2>
          <ul className="player-cast">
            {story.characters.map((c) => {
              return (
                <li key={c.character_id} className="player-cast__item">
                  <Avatar
                    className="player-portrait"
                    name={c.character_name}
                    src={pictureSrc(c.character_url)}
                    decorative
                  />
                  <span>{c.character_name}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {story.player.character_name ? (
        <p className="player-detail__you">
          <Trans
            t={t}
            i18nKey="story.youPlay"
            values={{ name: story.player.character_name }}
            components={{ strong: <strong /> }}
          />
          {story.player.settings ? `: ${story.player.settings}` : ''}
        </p>
      ) : null}
      <Suspense fallback={<Spinner />}>
        <CommentsSection storyId={story.story_id} isCreator={viewerUid !== '' && viewerUid === story.creator.uid} />
      </Suspense>
    </div>
  );
}
