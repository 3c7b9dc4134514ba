import { useEffect, useRef, useState, type JSX } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorCode, TopicType, prerenderedData, useSessionStore, type TopicDetail } from 'shared-kit';
import { Badge, Button, EmptyState, Spinner } from 'ui-kit';
import { StoryCardView } from '../components/StoryCardView';
import { NotFound } from '../components/NotFound';
import { usePlayerPath } from '../components/paths';
import { usePlayerT } from '../i18n';
import { errorCode, errorText } from '../lib/errors';
import * as homeService from '../services/home.service';

type Load = { status: 'loading' } | { status: 'error'; message: string; gone: boolean } | { status: 'ready'; detail: TopicDetail };

/** A topic of the home: its title, description and the cards of its live stories. */
export function TopicPage(): JSX.Element {
  const { t } = usePlayerT();
  const { id = '' } = useParams();
  const valid = /^\d{1,40}$/.test(id);
  const uid = useSessionStore((s) => s.user?.uid ?? null);
  // The page the server sent with its first screen: the topic it was made from, not asked for again.
  const [load, setLoad] = useState<Load>(() => {
    const detail = prerenderedData('topic', id)?.detail as TopicDetail | undefined;
    return detail ? { status: 'ready', detail } : { status: 'loading' };
  });
  const fromServer = useRef(load.status === 'ready');
  const [attempt, setAttempt] = useState(0);
  const feedPath = usePlayerPath();

  useEffect(() => {
    if (!valid) return undefined;
    if (fromServer.current) {
      fromServer.current = false;
      return undefined;
    }
    let live = true;
    setLoad({ status: 'loading' });
    homeService.topicDetail(id).then(
      (detail) => live && setLoad({ status: 'ready', detail }),
      (error: unknown) => live && setLoad({ status: 'error', message: errorText(error), gone: errorCode(error) === ErrorCode.TopicDeleted }),
    );
    return () => {
      live = false;
    };
    // Read again for another account: a topic in Testing is only for its whitelist.
  }, [id, valid, attempt, uid]);

  if (!valid) return <NotFound />;
  if (load.status === 'loading') {
    return (
      <div className="player-page">
        <p className="player-status" role="status">
          <Spinner size="sm" decorative /> {t('topic.loading')}
        </p>
      </div>
    );
  }
  if (load.status === 'error') {
    return (
      <div className="player-page player-center">
        <h1>{t('topic.unavailable')}</h1>
        <p role="alert">{load.message}</p>
        {load.gone ? null : <Button onClick={() => setAttempt((n) => n + 1)}>{t('common.tryAgain')}</Button>}
        <Link to={feedPath} className="player-link">
          {t('common.backToStories')}
        </Link>
      </div>
    );
  }
  const { topic, stories } = load.detail;
  return (
    <div className="player-page">
      <Link to={feedPath} className="player-back">
        {t('story.backLink')}
      </Link>
      <h1 className="player-title">{topic.title}</h1>
      {topic.type === TopicType.Top ? (
        <p>
          <Badge tone="info">{t('home.top')}</Badge>
        </p>
      ) : null}
      {topic.description ? <p className="player-detail__intro">{topic.description}</p> : null}
      <section aria-labelledby="player-topic-stories">
        <h2 id="player-topic-stories" className="player-subtitle">
          {t('topic.stories', { count: stories.length })}
        </h2>
        {stories.length === 0 ? (
          <EmptyState title={t('topic.empty')} />
        ) : (
          <ul className="player-list">
            {stories.map((s) => (
              <StoryCardView key={s.story_id} story={s} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
