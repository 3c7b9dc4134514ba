import { useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Spinner, formatDate, formatRelativeTime } from 'ui-kit';
import type { PlayEntry } from '../api/types';
import { usePlayerT } from '../i18n';
import { errorText } from '../lib/errors';
import * as playService from '../services/play.service';
import { usePlayerPath } from './paths';
import './plays.css';

const PAGE = 10;
/** When a play was started: the date and time, in the reader's language. */
const STARTED_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; plays: PlayEntry[]; hasMore: boolean; more: 'idle' | 'loading' | 'error' };

/** "Chapter 2 of 3", "Ended" or, for a bot (one open chapter), how many messages. */
function where(p: PlayEntry, isBot: boolean, t: ReturnType<typeof usePlayerT>['t']): string {
  if (p.ending) return t('plays.ended');
  if (isBot) return t('plays.chatTurns', { count: p.turns });
  return t('plays.chapter', { index: p.chapter_index + 1, count: p.chapters_count });
}

/**
 * The player's own plays of a story (`story/play_list`), newest first: when each was started and last played, how
 * far it got and the last line said, with a link that opens that very play (`/story/:id/play/:playId`).
 */
export function StoryPlays({ storyId, isBot = false }: { storyId: string; isBot?: boolean }): JSX.Element | null {
  const { t } = usePlayerT();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const playBase = usePlayerPath(`story/${storyId}/play`);

  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    playService.playList(storyId, 0, PAGE).then(
      (page) => live && setLoad({ status: 'ready', plays: page.plays, hasMore: page.has_more, more: 'idle' }),
      (error: unknown) => live && setLoad({ status: 'error', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [storyId, attempt]);

  async function more(): Promise<void> {
    if (load.status !== 'ready' || load.more === 'loading') return;
    const shown = load.plays;
    setLoad({ ...load, more: 'loading' });
    try {
      const page = await playService.playList(storyId, shown.length, PAGE);
      const known = new Set(shown.map((p) => p.play_id));
      setLoad({ status: 'ready', plays: [...shown, ...page.plays.filter((p) => !known.has(p.play_id))], hasMore: page.has_more, more: 'idle' });
    } catch {
      setLoad({ status: 'ready', plays: shown, hasMore: true, more: 'error' });
    }
  }

  return (
    <section className="player-plays" aria-labelledby="player-plays-title">
      <h2 id="player-plays-title" className="player-subtitle">
        {t('plays.title')}
      </h2>
      {load.status === 'loading' ? (
        <p className="player-status" role="status">
          <Spinner size="sm" decorative /> {t('plays.loading')}
        </p>
      ) : load.status === 'error' ? (
        <div role="alert">
          <p>
            {t('plays.loadError')} {load.message}
          </p>
          <Button size="sm" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : load.plays.length === 0 ? (
        <p className="player-card__meta">{t('plays.empty')}</p>
      ) : (
        <>
          <ul className="player-plays__list">
            {load.plays.map((p, i) => {
              const started = p.created_at ? formatDate(p.created_at, STARTED_FORMAT) : '';
              const played = p.last_played_at ? formatRelativeTime(Date.parse(p.last_played_at)) : '';
              const line = p.last_line;
              // The narrator is named in the UI's language (the api names it in English).
              const who = line ? (line.role === 'player' ? t('feed.you') : line.role === 'narrator' ? t('feed.narrator') : line.character_name || t('feed.narrator')) : '';
              return (
                <li key={p.play_id} className="player-plays__item" data-play-id={p.play_id}>
                  <div className="player-plays__body">
                    <p className="player-plays__head">
                      <span>{started ? t('plays.startedAt', { when: started }) : null}</span>
                      {i === 0 ? <Badge tone="info">{t('plays.current')}</Badge> : null}
                    </p>
                    <p className="player-card__meta">
                      {played ? t('plays.meta', { where: where(p, isBot, t), played: t('plays.playedAgo', { when: played }) }) : where(p, isBot, t)}
                    </p>
                    <p className="player-card__meta player-plays__line">
                      {line ? t('feed.lastLine', { who, text: line.content.trim() || t('feed.hiddenLine') }) : t('plays.noLine')}
                    </p>
                  </div>
                  <Link
                    className="ui-button ui-button--sm"
                    to={`${playBase}/${p.play_id}`}
                    aria-label={t('plays.openPlay', { when: started || played })}
                  >
                    {t('plays.open')}
                  </Link>
                </li>
              );
            })}
          </ul>
          {load.hasMore ? (
            <div className="player-more">
              {load.more === 'error' ? <p role="alert">{t('plays.loadError')}</p> : null}
              <Button size="sm" onClick={() => void more()} loading={load.more === 'loading'}>
                {t('common.loadMore')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
