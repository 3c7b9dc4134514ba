import type { JSX } from 'react';
import { DialogueStatus, DialogueType, Emotion } from 'shared-kit';
import type { CastMember, Dialogue } from '../api/types';
import { pictureSrc } from '../lib/media';
import { isHidden } from '../stores/play/assemble';

export interface DialogueItemProps {
  dialogue: Dialogue;
  cast: Map<string, CastMember>;
  playerName: string;
  /** Shown on the newest failed reply only. */
  onRetry?: () => void;
  /** Shown on the player's own messages while nothing is being written. */
  onRewind?: () => void;
}

function Portrait({ member, name }: { member: CastMember | undefined; name: string }): JSX.Element {
  const src = pictureSrc(member?.character_url);
  if (src) return <img className="pl-portrait" src={src} alt="" />;
  return (
    <span className="pl-portrait pl-portrait--empty" aria-hidden="true">
      {name.charAt(0).toUpperCase() || '…'}
    </span>
  );
}

/** The failure of a reply, with the error and a way to ask again. */
function Failed({ dialogue, onRetry }: { dialogue: Dialogue; onRetry?: () => void }): JSX.Element {
  return (
    <div className="pl-failed" role="alert">
      <span>
        {dialogue.content ? 'The reply stopped before it was finished.' : 'The reply could not be written.'}
        {dialogue.error_code ? ` (error ${dialogue.error_code})` : ''}
      </span>
      {onRetry ? (
        <button type="button" className="pl-button pl-button--small" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}

/** One entry of the play: a character's bubble, the player's own, narration, or a chapter or ending marker. */
export function DialogueItem({ dialogue: d, cast, playerName, onRetry, onRewind }: DialogueItemProps): JSX.Element | null {
  if (isHidden(d)) {
    return (
      <li className="pl-notice" data-seq={d.seq}>
        {d.role === 'player' ? 'One of your messages was hidden: it goes against the content rules.' : 'A reply was hidden: it goes against the content rules.'}
      </li>
    );
  }
  switch (d.type) {
    case DialogueType.ChapterTarget:
      return d.content ? (
        <li className="pl-marker pl-marker--goal" data-seq={d.seq}>
          <span className="pl-marker__label">Objective</span> {d.content}
        </li>
      ) : null;
    case DialogueType.SwitchChapter:
      return (
        <li className="pl-marker" data-seq={d.seq}>
          {d.content || 'Next chapter'}
        </li>
      );
    case DialogueType.HappyEnding:
    case DialogueType.BadEnding:
      return (
        <li className={`pl-marker pl-marker--${d.type === DialogueType.HappyEnding ? 'happy' : 'bad'}`} data-seq={d.seq}>
          <span className="pl-marker__label">{d.type === DialogueType.HappyEnding ? 'Happy ending' : 'Bad ending'}</span> {d.content}
        </li>
      );
    case DialogueType.FixedOptions:
      // The options themselves are buttons above the input; the list keeps the prompt only.
      return null;
    case DialogueType.Input:
      return (
        <li className="pl-msg pl-msg--me" data-seq={d.seq}>
          <div className="pl-bubble pl-bubble--me">
            <span className="pl-visually-hidden">{playerName || 'You'}: </span>
            {d.content}
          </div>
          {onRewind ? (
            <button type="button" className="pl-link-button pl-rewind" onClick={onRewind} aria-label={`Rewind to before “${d.content.slice(0, 40)}”`}>
              Rewind
            </button>
          ) : null}
        </li>
      );
    default:
      break;
  }
  const narration = d.type === DialogueType.Narration || d.role === 'narrator';
  const failed = d.status === DialogueStatus.Fail;
  const writing = !d.done && !failed;
  if (narration) {
    return (
      <li className="pl-narration" data-seq={d.seq} aria-busy={writing}>
        <p className="pl-narration__text" data-testid="bubble-text">
          {d.content}
          {writing ? <span className="pl-caret" aria-hidden="true" /> : null}
        </p>
        {failed ? <Failed dialogue={d} onRetry={onRetry} /> : null}
      </li>
    );
  }
  const member = cast.get(d.character_id);
  const name = member?.character_name || d.character_name || (writing ? '' : 'Narrator');
  return (
    <li className="pl-msg" data-seq={d.seq} aria-busy={writing}>
      <Portrait member={member} name={name} />
      <div className="pl-msg__body">
        <span className="pl-msg__name">
          {name || 'Writing…'}
          {d.emotion && d.emotion !== Emotion.Neutral && !writing ? <span className="pl-msg__emotion"> · {d.emotion}</span> : null}
        </span>
        <div className="pl-bubble">
          <span data-testid="bubble-text">{d.content}</span>
          {writing ? <span className="pl-caret" aria-label="writing" /> : null}
        </div>
        {failed ? <Failed dialogue={d} onRetry={onRetry} /> : null}
      </div>
    </li>
  );
}
