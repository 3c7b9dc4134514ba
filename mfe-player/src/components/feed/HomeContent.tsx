import { useCallback, useEffect, useRef, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { TopicType, prerenderedData, useSessionStore, type HomeContent as Home, type HomeTopic } from 'shared-kit';
import { Badge, Button } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { errorText } from '../../lib/errors';
import * as homeService from '../../services/home.service';
import { usePlayerPath } from '../paths';
import { BannerCarousel } from './BannerCarousel';

function TopicChip({ topic }: { topic: HomeTopic }): JSX.Element {
  const { t } = usePlayerT();
  return (
    <li>
      <Link className="player-topic" to={usePlayerPath(`topic/${topic.topic_id}`)}>
        {topic.type === TopicType.Top ? <Badge tone="info">{t('home.top')}</Badge> : null}
        <span className="player-topic__title">{topic.title}</span>
        <span className="player-topic__count">{t('home.storyCount', { count: topic.story_count })}</span>
      </Link>
    </li>
  );
}

/**
 * The banners and topics of the home, as the api gives them to this viewer (what is in Testing only to whitelisted
 * accounts): read again whenever another account signs in or out. Nothing to show takes no room.
 */
export function HomeContent(): JSX.Element | null {
  const { t } = usePlayerT();
  const uid = useSessionStore((s) => s.user?.uid ?? null);
  const known = useSessionStore((s) => s.status !== 'unknown');
  // On a feed the server sent with its first screen: what that screen was made from, for this viewer; not asked for again.
  const [initial] = useState(() => prerenderedData('feed'));
  const [home, setHome] = useState<{ uid: string | null; content: Home } | null>(() =>
    initial ? { uid, content: (initial.home as Home | null) ?? { banners: [], topics: [] } } : null,
  );
  const fromServer = useRef(initial !== undefined);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    let live = true;
    setError(null);
    homeService.homeContent().then(
      (content) => {
        if (live) setHome({ uid, content });
      },
      (err: unknown) => {
        if (live) setError(errorText(err));
      },
    );
    return () => {
      live = false;
    };
  }, [uid]);

  // Asked for once the session is known, so a whitelisted account's Testing items are not missed.
  useEffect(() => {
    if (!known) return undefined;
    // The server's answer stands for this viewer while the account is the one it was made for.
    if (fromServer.current && home?.uid === uid) {
      fromServer.current = false;
      return undefined;
    }
    fromServer.current = false;
    return load();
    // `home` is read for the first answer only.
  }, [known, load]);

  if (error) {
    return (
      <div className="player-row" role="alert">
        <span>{t('home.loadError', { error })}</span>
        <Button size="sm" onClick={load}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }
  // Another account's banners are not shown while this one's load (the server's answer stands until the session is known).
  if (!home || (home.uid !== uid && !fromServer.current)) return null;
  const { banners, topics } = home.content;
  if (banners.length === 0 && topics.length === 0) return null;
  return (
    <>
      <BannerCarousel banners={banners} />
      {topics.length > 0 ? (
        <section className="player-topics" aria-labelledby="player-topics-title">
          <h2 id="player-topics-title" className="player-subtitle">
            {t('home.topics')}
          </h2>
          <ul className="player-topics__list">
            {topics.map((topic) => (
              <TopicChip key={topic.topic_id} topic={topic} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
