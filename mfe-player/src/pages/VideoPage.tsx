import { useEffect, useState, type JSX } from 'react';
import { Link, useParams } from 'react-router';
import type { ShareInfo } from 'shared-kit';
import { useDocumentTitle } from 'ui-kit';
import { NotFound } from '../components/NotFound';
import { PageLoadFrame } from '../components/shared/PageLoad';
import '../components/video/video.css';
import { usePlayerPath } from '../components/paths';
import { usePlayerT } from '../i18n';
import { errorText } from '../lib/errors';
import { shareInfo } from '../services/video.service';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; info: ShareInfo };

const CODE = /^[A-Za-z0-9]{6,16}$/;

/** A play shared as a video (`/play/video/:code`): the video, its title and first lines, and the way into the story. */
export function VideoPage(): JSX.Element {
  const { t } = usePlayerT();
  const { code = '' } = useParams();
  const valid = CODE.test(code);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const storyBase = usePlayerPath('story');
  useDocumentTitle(load.status === 'ready' ? load.info.title : t('video.pageTitle'));
  useEffect(() => {
    if (!valid) return;
    let live = true;
    setLoad({ status: 'loading' });
    shareInfo(code).then(
      (info) => live && setLoad(info.video ? { status: 'ready', info } : { status: 'error', message: t('video.notVideo') }),
      (error: unknown) => live && setLoad({ status: 'error', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [code, valid, attempt, t]);

  if (!valid) return <NotFound />;
  if (load.status !== 'ready') {
    return (
      <PageLoadFrame
        load={load}
        loadingText={t('video.pageLoading')}
        unavailableText={t('video.unavailable')}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  const { info } = load;
  const v = info.video!;
  return (
    <div className="player-page player-video-page">
      <h1 className="player-video-page__title">{info.title}</h1>
      <video
        className="player-video-page__video"
        data-testid="shared-video"
        controls
        playsInline
        preload="metadata"
        width={v.width}
        height={v.height}
        poster={info.cover || undefined}
        src={v.path}
        aria-label={t('video.player', { title: info.title })}
      />
      {info.description ? <p className="player-video-page__text">{info.description}</p> : null}
      <p className="player-video-page__meta">{t('video.length', { seconds: Math.round(v.duration_ms / 1000) })}</p>
      <Link to={`${storyBase}/${info.story_id}`} className="ui-button ui-button--primary ui-button--md">
        {t('video.playStory')}
      </Link>
    </div>
  );
}
