import { useId, type FormEvent, type JSX, type KeyboardEvent } from 'react';

export interface ComposerProps {
  value: string;
  max: number;
  canSend: boolean;
  /** Why sending waits (a reply is being written), said beside the button. */
  waiting: string | null;
  error: string | null;
  onChange: (text: string) => void;
  onSend: (text: string) => void;
}

/**
 * The player's input: a labelled text box with a character counter; Enter sends, Shift+Enter breaks the line. Past
 * the limit the counter turns red and a line under it says why Send is off.
 */
export function Composer({ value, max, canSend, waiting, error, onChange, onSend }: ComposerProps): JSX.Element {
  const id = useId();
  const length = [...value].length;
  const over = length > max;
  const disabled = !canSend || value.trim() === '' || over;
  // Why Send is off when it is the message itself (a reply being written says so in `waiting`).
  const reason = over ? `Too long to send: ${length - max} over the ${max}-character limit. Shorten your message.` : null;
  const described = [`${id}-count`, reason ? `${id}-reason` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');

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
    <form className="pl-composer" onSubmit={submit}>
      <label htmlFor={`${id}-input`} className="pl-visually-hidden">
        Your message
      </label>
      <textarea
        id={`${id}-input`}
        className="pl-composer__input"
        rows={2}
        value={value}
        placeholder="Say or do something…"
        aria-describedby={described}
        aria-invalid={over || undefined}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="pl-composer__row">
        <span id={`${id}-count`} className={over ? 'pl-count pl-count--over' : 'pl-count'}>
          {length}/{max}
        </span>
        {waiting ? <span className="pl-composer__wait">{waiting}</span> : null}
        <button type="submit" className="pl-button pl-button--primary" disabled={disabled} aria-describedby={reason ? `${id}-reason` : undefined}>
          Send
        </button>
      </div>
      {reason ? (
        <p id={`${id}-reason`} className="pl-composer__reason" role="status">
          {reason}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="pl-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
