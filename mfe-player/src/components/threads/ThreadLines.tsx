import type { JSX } from 'react';
import { Avatar } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { pictureSrc } from '../../lib/media';
import type { ThreadView } from '../../services/thread.service';
import './threads.css';

/** A thread's turns: each line with its speaker's portrait and name (the player's on the other side). */
export function ThreadLines({ thread }: { thread: ThreadView }): JSX.Element {
  const { t } = usePlayerT();
  const sharer = thread.creator.nickname || t('thread.you');
  return (
    <ol className="thread-lines" data-testid="thread-lines">
      {thread.groups.map((g) => (
        <li key={g.group_id} className="thread-turn">
          <ul className="thread-lines">
            {g.lines.map((l) => {
              const name = l.role === 'player' ? l.name || sharer : l.role === 'narrator' ? l.name || t('thread.narrator') : l.name;
              return (
                <li key={l.seq} className={`thread-line thread-line--${l.role}`} data-testid="thread-line">
                  <Avatar name={name || '?'} src={pictureSrc(l.role === 'player' ? thread.creator.avatar : l.portrait)} size="md" decorative className="player-portrait" />
                  <div className="thread-line__bubble player-bubble">
                    <span className="thread-line__name">{name}</span>
                    <p className="thread-line__text">{l.content}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
