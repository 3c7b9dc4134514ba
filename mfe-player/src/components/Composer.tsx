import { useId, type FormEvent, type JSX, type KeyboardEvent } from 'react';
import { Button, TextArea, countCharacters } from 'ui-kit';
import { usePlayerT } from '../i18n';

export interface ComposerProps {
  value: string;
  max: number;
  canSend: boolean;
  /** Why sending waits (a reply is being written), said beside the button. */
  waiting: string | null;
  error: string | null;
  onChange: (text: string) => void;
  onSend: (text: string) => void;
  /** The character goes on without a message: a button beside Send (enabled whenever sending is). */
  onKeepTalking?: () => void;
  /** The player is editing their latest message: said above the field, with a way out. */
  editing?: boolean;
  onCancelEdit?: () => void;
  /** A reply is being written: Stop ends it, its words so far kept. */
  onStop?: () => void;
}

/**
 * The player's input: the kit's text area with its counter (the message limit); Enter sends, Shift+Enter breaks the
 * line. Past the limit the counter turns red and the field says why Send is off; Send points to that reason.
 */
export function Composer({
  value,
  max,
  canSend,
  waiting,
  error,
  onChange,
  onSend,
  onKeepTalking,
  editing,
  onCancelEdit,
  onStop,
}: ComposerProps): JSX.Element {
  const { t } = usePlayerT();
  const id = useId();
  const length = countCharacters(value);
  const over = length > max;
  const disabled = !canSend || value.trim() === '' || over;
  const reason = over ? t('composer.tooLong', { over: length - max, max }) : null;

  function submit(event?: FormEvent): void {
    event?.preventDefault();
    if (!disabled) onSend(value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form className="player-composer" onSubmit={submit}>
      {editing ? (
        <div className="player-composer__editing" role="status">
          <span>{t('turns.editing')}</span>
          <Button type="button" variant="ghost" size="sm" onClick={onCancelEdit}>
            {t('turns.cancelEdit')}
          </Button>
        </div>
      ) : null}
      <TextArea
        id={`${id}-input`}
        label={t('composer.label')}
        hideLabel
        rows={2}
        limit={max}
        value={value}
        placeholder={t('composer.placeholder')}
        error={reason ?? error ?? undefined}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="player-composer__row">
        {waiting ? <span className="player-composer__wait">{waiting}</span> : null}
        {onStop ? (
          <Button type="button" variant="secondary" onClick={onStop}>
            {t('turns.stop')}
          </Button>
        ) : null}
        {onKeepTalking && !editing ? (
          <Button type="button" variant="secondary" disabled={!canSend} title={t('turns.keepTalkingLabel')} onClick={onKeepTalking}>
            {t('turns.keepTalking')}
          </Button>
        ) : null}
        <Button
          type="submit"
          variant="primary"
          disabled={disabled}
          aria-describedby={reason ? `${id}-input-error` : undefined}
        >
          {t('composer.send')}
        </Button>
      </div>
    </form>
  );
}
