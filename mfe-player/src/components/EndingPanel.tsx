import type { JSX } from 'react';
import { Link } from 'react-router';
import type { EndingInfo, PlayInfo } from '../api/types';
import { usePlayerPath } from './paths';

/** The end of a play: which ending, its text, and a way to play again. */
export function EndingPanel({ info, ending, busy, onPlayAgain }: { info: PlayInfo; ending: EndingInfo | null; busy: boolean; onPlayAgain: () => void }): JSX.Element {
  const type = ending?.ending_type ?? info.ending?.type ?? 'HappyEnding';
  const text = ending?.content ?? info.ending?.content ?? '';
  const happy = type === 'HappyEnding';
  return (
    <section className={`pl-ending ${happy ? 'pl-ending--happy' : 'pl-ending--bad'}`} aria-labelledby="pl-ending-title">
      <h2 id="pl-ending-title">{happy ? 'Happy ending' : 'Bad ending'}</h2>
      {text ? <p className="pl-ending__text">{text}</p> : null}
      {ending ? (
        <p className="pl-ending__meta">
          {ending.turns === 1 ? '1 turn' : `${ending.turns} turns`} · chapter {ending.chapter_index + 1} of {ending.chapters_count}
        </p>
      ) : null}
      <div className="pl-ending__actions">
        <button type="button" className="pl-button pl-button--primary" onClick={onPlayAgain} disabled={busy}>
          Play again
        </button>
        <Link to={usePlayerPath()} className="pl-button">
          More stories
        </Link>
      </div>
    </section>
  );
}
