import type { JSX, ReactNode } from 'react';
import { Link } from 'react-router';
import { useSessionStore } from 'shared-kit';
import { Button } from 'ui-kit';
import type { EndingInfo, PlayInfo } from '../api/types';
import { usePlayerT } from '../i18n';
import { ShareButton } from './community/ShareButton';
import { usePlayerPath } from './paths';

/** The end of a play: which ending, its text, a way to play again and, signed in, to share this ending. */
export function EndingPanel({
  info,
  ending,
  busy,
  onPlayAgain,
  children,
}: {
  info: PlayInfo;
  ending: EndingInfo | null;
  busy: boolean;
  onPlayAgain: () => void;
  /** A branching story's endings found and map (components/graph). */
  children?: ReactNode;
}): JSX.Element {
  const { t } = usePlayerT();
  const type = ending?.ending_type ?? info.ending?.type ?? 'HappyEnding';
  const text = ending?.content ?? info.ending?.content ?? '';
  const happy = type === 'HappyEnding';
  const signedIn = useSessionStore((s) => s.status === 'user');
  return (
    <section
      className={`player-ending ${happy ? 'player-ending--happy' : 'player-ending--bad'}`}
      aria-labelledby="player-ending-title"
    >
      <h2 id="player-ending-title">{happy ? t('dialogue.happyEnding') : t('dialogue.badEnding')}</h2>
      {text ? <p className="player-ending__text">{text}</p> : null}
      {ending ? (
        <p className="player-ending__meta">
          {t('ending.summary', {
            turns: t('ending.turns', { count: ending.turns }),
            chapter: t('ending.chapterOf', { index: ending.chapter_index + 1, count: ending.chapters_count }),
          })}
        </p>
      ) : null}
      {children}
      <div className="player-ending__actions">
        <Button variant="primary" onClick={onPlayAgain} loading={busy}>
          {t('ending.playAgain')}
        </Button>
        <Link to={usePlayerPath()} className="ui-button ui-button--secondary ui-button--md">
          {t('ending.moreStories')}
        </Link>
        {signedIn ? <ShareButton storyId={info.story_id} playId={info.play_id} /> : null}
      </div>
    </section>
  );
}
