import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from 'shared-kit';

// eslint-disable-next-line no-control-regex -- a display name is one line of visible text
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Spec §5 nickname: 2-30 characters, counted as the user sees them; no line breaks or control characters. */
export function nicknameError(raw: string): string | null {
  const text = raw.trim();
  const length = [...text].length;
  if (length < LIMITS.nicknameMin || length > LIMITS.nicknameMax || CONTROL_CHARACTERS.test(text)) {
    return `Nickname must be ${LIMITS.nicknameMin}-${LIMITS.nicknameMax} characters`;
  }
  return null;
}

/** Step 3: the nickname, prefilled; Skip keeps the current one when there is one. */
export function NicknameStep({
  initial,
  busy,
  error,
  onSave,
  onSkip,
}: {
  initial: string;
  busy: boolean;
  error: string | null;
  onSave: (nickname: string) => void;
  onSkip: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const local = touched ? nicknameError(value) : null;
  const shown = local ?? error;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (nicknameError(value)) return;
    if (value.trim() === initial.trim()) onSkip();
    else onSave(value.trim());
  }

  return (
    <section className="onboarding__step" aria-labelledby="onboarding-nickname">
      <h2 id="onboarding-nickname" className="onboarding__title">
        Choose a nickname
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <label className="field__label" htmlFor={inputId}>
          Nickname
        </label>
        <input
          id={inputId}
          className="input"
          value={value}
          maxLength={LIMITS.nicknameMax * 2}
          autoComplete="nickname"
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setTouched(true);
          }}
        />
        <p className="field__hint">
          {[...value.trim()].length}/{LIMITS.nicknameMax}
        </p>
        {shown ? (
          <p id={errorId} className="field__error" role="alert">
            {shown}
          </p>
        ) : null}
        <div className="onboarding__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          {initial.trim() ? (
            <button type="button" className="button" disabled={busy} onClick={onSkip}>
              Skip
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
