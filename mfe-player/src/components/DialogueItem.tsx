import type { ComponentPropsWithRef, JSX } from 'react';
import { DialogueStatus, DialogueType, Emotion } from 'shared-kit';
import type { CastMember, Dialogue } from '../api/types';
import { Avatar, Button } from 'ui-kit';
import { usePlayerT } from '../i18n';
import { pictureSrc } from '../lib/media';
import { isHidden } from '../stores/play/assemble';
import { isMarkableReply, ReplyActions } from './replies/ReplyActions';
import { PinButton } from './memory/PinButton';
import { ReplayLine } from './sound/ReplayLine';
import { ReplyVersions } from './ReplyVersions';

export interface DialogueItemProps {
  dialogue: Dialogue;
  cast: Map<string, CastMember>;
  playerName: string;
  /** Shown on the newest failed reply only. */
  onRetry?: () => void;
  /** Shown on the player's own messages while nothing is being written. */
  onRewind?: () => void;
  /** The latest turn's finished reply, while nothing is being written: Regenerate and its versions. */
  onRegenerate?: () => void;
  onShowVersion?: (index: number) => void;
  /** The player's latest message, while nothing is being written: Edit. */
  onEdit?: () => void;
  /** Given to the row's element as it is: the log's place for it, its measuring ref, focus tracking. */
  row?: LogRowProps;
}

/** What the log gives each row's element. */
export type LogRowProps = ComponentPropsWithRef<'li'> & { 'data-index'?: number };

function Portrait({ member, name }: { member: CastMember | undefined; name: string }): JSX.Element {
  return (
    <Avatar className="player-portrait" name={name || '…'} src={pictureSrc(member?.character_url)} decorative />
  );
}

/** The failure of a reply, with the error and a way to ask again. */
function Failed({ dialogue, onRetry }: { dialogue: Dialogue; onRetry?: () => void }): JSX.Element {
  const { t } = usePlayerT();
  return (
    <div className="player-failed" role="alert">
      <span>
        {dialogue.content ? t('dialogue.stopped') : t('dialogue.failed')}
        {dialogue.error_code ? t('dialogue.errorCode', { code: dialogue.error_code }) : ''}
      </span>
      {onRetry ? (
        <Button size="sm" onClick={onRetry}>
          {t('dialogue.retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** One entry of the play: a character's bubble, the player's own, narration, or a chapter or ending marker. */
export function DialogueItem({
  dialogue: d,
  cast,
  playerName,
  onRetry,
  onRewind,
  onRegenerate,
  onShowVersion,
  onEdit,
  row,
}: DialogueItemProps): JSX.Element | null {
  const { t } = usePlayerT();
  if (isHidden(d)) {
    return (
      <li className="player-notice" data-seq={d.seq} {...row}>
        {d.role === 'player' ? t('dialogue.hiddenMine') : t('dialogue.hiddenReply')}
      </li>
    );
  }
  switch (d.type) {
    case DialogueType.ChapterTarget:
      return d.content ? (
        <li className="player-marker player-marker--goal" data-seq={d.seq} {...row}>
          <span className="player-marker__label">{t('dialogue.objective')}</span> {d.content}
        </li>
      ) : null;
    case DialogueType.SwitchChapter:
      return (
        <li className="player-marker" data-seq={d.seq} {...row}>
          {d.content || t('dialogue.nextChapter')}
        </li>
      );
    case DialogueType.HappyEnding:
    case DialogueType.BadEnding:
      return (
        <li
          className={`player-marker player-marker--${d.type === DialogueType.HappyEnding ? 'happy' : 'bad'}`}
          data-seq={d.seq} {...row}
        >
          <span className="player-marker__label">
            {d.type === DialogueType.HappyEnding ? t('dialogue.happyEnding') : t('dialogue.badEnding')}
          </span>{' '}
          {d.content}
        </li>
      );
    case DialogueType.FixedOptions:
      // The options themselves are buttons above the input; the list keeps the prompt only.
      return null;
    case DialogueType.Input:
      return (
        <li className="player-msg player-msg--me" data-seq={d.seq} {...row}>
          <div className="player-bubble player-bubble--me">
            <span className="ui-visually-hidden">{playerName || t('dialogue.you')}: </span>
            {d.content}
          </div>
          {d.spoken ? (
            <span className="player-spoken" data-testid="spoken-mark">
              {t('call.spokenMark')}
            </span>
          ) : null}
          <PinButton dialogue={d} />
          {onRewind ? (
            <Button
              variant="ghost"
              size="sm"
              className="player-rewind"
              onClick={onRewind}
              aria-label={t('dialogue.rewindBefore', { text: d.content.slice(0, 40) })}
            >
              {t('play.rewind')}
            </Button>
          ) : null}
          {onEdit ? (
            <Button variant="ghost" size="sm" className="player-rewind" onClick={onEdit}>
              {t('turns.edit')}
            </Button>
          ) : null}
        </li>
      );
    default:
      break;
  }
  const narration = d.type === DialogueType.Narration || d.role === 'narrator';
  const failed = d.status === DialogueStatus.Fail;
  const writing = !d.done && !failed;
  const replay = d.done && !failed && d.content.trim() !== '' ? <ReplayLine dialogueId={d.dialogue_id} /> : null;
  const versions = failed ? null : <ReplyVersions dialogue={d} onRegenerate={onRegenerate} onShow={onShowVersion} />;
  if (narration) {
    return (
      <li className="player-narration" data-seq={d.seq} {...row} aria-busy={writing}>
        <p className="player-narration__text" data-testid="bubble-text">
          {d.content}
          {writing ? <span className="player-caret" aria-hidden="true" /> : null}
        </p>
        {replay}
        {versions}
        {failed ? <Failed dialogue={d} onRetry={onRetry} /> : <PinButton dialogue={d} />}
        {isMarkableReply(d) ? <ReplyActions dialogue={d} /> : null}
      </li>
    );
  }
  const member = cast.get(d.character_id);
  const name = member?.character_name || d.character_name || (writing ? '' : t('dialogue.narrator'));
  return (
    <li className="player-msg" data-seq={d.seq} {...row} aria-busy={writing}>
      <Portrait member={member} name={name} />
      <div className="player-msg__body">
        <span className="player-msg__name">
          {name || t('dialogue.writingName')}
          {d.emotion && d.emotion !== Emotion.Neutral && !writing ? (
            <span className="player-msg__emotion">
              {t('dialogue.withEmotion', { emotion: t(`dialogue.emotion.${d.emotion}`) })}
            </span>
          ) : null}
        </span>
        <div className="player-bubble">
          <span data-testid="bubble-text">{d.content}</span>
          {writing ? <span className="player-caret" role="img" aria-label={t('dialogue.writing')} /> : null}
        </div>
        {replay}
        {versions}
        {failed ? <Failed dialogue={d} onRetry={onRetry} /> : <PinButton dialogue={d} />}
        {isMarkableReply(d) ? <ReplyActions dialogue={d} /> : null}
      </div>
    </li>
  );
}
