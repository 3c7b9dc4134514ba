import type { JSX } from 'react';
import { Link } from 'react-router';
import { Card } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import type { ThreadCards as Cards } from '../../services/thread.service';
import { Cover } from '../Cover';
import { usePlayerPath } from '../paths';
import './threads.css';

/** Threads as cards: the story's cover, the title, the first line, who shared it, turns and likes. */
export function ThreadCardList({ cards, testId }: { cards: Cards['list']; testId: string }): JSX.Element {
  const { t } = usePlayerT();
  const base = usePlayerPath('thread');
  return (
    <ul className="player-list" data-testid={testId}>
      {cards.map((c) => (
        <Card as="li" interactive className="player-card" key={c.thread_id}>
          <div className="player-card__main">
            <Cover src={c.logo} name={c.story_name} />
            <div className="player-card__body">
              <h3 className="player-card__title">
                <Link to={`${base}/${c.thread_id}`} className="player-card__link">
                  {c.title}
                </Link>
              </h3>
              <p className="player-card__intro">{c.first_line}</p>
              <p className="player-card__meta">
                {t('thread.cardMeta', {
                  by: t('thread.by', { name: c.creator.nickname || t('common.unknownCreator') }),
                  story: c.story_name,
                  turns: t('thread.turns', { count: c.groups_count }),
                  likes: t('thread.likes', { count: c.like_count }),
                })}
              </p>
            </div>
          </div>
        </Card>
      ))}
    </ul>
  );
}
