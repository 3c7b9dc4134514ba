import { useState, type FormEvent } from 'react';
import { LIMITS } from 'shared-kit';
import { Button, TextField } from 'ui-kit';
import { shellT, useShellT } from '../i18n';

// eslint-disable-next-line no-control-regex -- a display name is one line of visible text
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Spec §5 nickname: 2-30 characters, counted as the user sees them; no line breaks or control characters. */
export function nicknameError(raw: string): string | null {
  const text = raw.trim();
  const length = [...text].length;
  if (length < LIMITS.nicknameMin || length > LIMITS.nicknameMax || CONTROL_CHARACTERS.test(text)) {
    return shellT('onboarding.nicknameRule', { min: LIMITS.nicknameMin, max: LIMITS.nicknameMax });
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
  const { t } = useShellT();
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
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
        {t('onboarding.nicknameTitle')}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('onboarding.nickname')}
          value={value}
          limit={LIMITS.nicknameMax}
          maxLength={LIMITS.nicknameMax * 2}
          autoComplete="nickname"
          error={shown ?? undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setTouched(true);
          }}
        />
        <div className="onboarding__actions">
          <Button type="submit" variant="primary" loading={busy}>
            {busy ? t('onboarding.saving') : t('onboarding.save')}
          </Button>
          {initial.trim() ? (
            <Button disabled={busy} onClick={onSkip}>
              {t('onboarding.skip')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
