import { useId, useState, type FormEvent, type JSX } from 'react';
import { ErrorCode, isApiError, type Certification } from 'shared-kit';
import { Button, TextField } from 'ui-kit';
import { useAccountT } from '../../i18n';
import { errorText } from '../../lib/errors';
import { changePasscode, setPasscode, unlockWithPasscode } from '../../services/identity.service';

const DIGITS = /^\d{4}$/;

/** A four-digit passcode field: masked, numeric keypad on phones. */
function PasscodeField(props: { label: string; value: string; error?: string; onChange: (v: string) => void; autoFocus?: boolean }): JSX.Element {
  return (
    <TextField
      label={props.label}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
      value={props.value}
      error={props.error}
      autoFocus={props.autoFocus}
      onChange={(e) => props.onChange(e.target.value.replace(/\D/g, ''))}
    />
  );
}

/** What the server's refusal means for the person at the keypad. */
function passcodeError(t: ReturnType<typeof useAccountT>['t'], error: unknown): string {
  if (isApiError(error) && error.code === ErrorCode.TooManyToday) return t('passcode.tooMany');
  if (isApiError(error) && error.code === ErrorCode.InvalidParam) {
    const left = (error.data as { attempts_left?: number } | undefined)?.attempts_left;
    return typeof left === 'number' ? t('passcode.wrongLeft', { count: left }) : t('passcode.wrong');
  }
  return errorText(error);
}

type Mode = 'set' | 'unlock' | 'change';

/**
 * The parental passcode while youth mode is on: set one (then turning youth mode off needs it), turn youth mode off
 * with it, or change it (the current one, then the new one).
 */
export function PasscodePanel({ cert, onChanged }: { cert: Certification; onChanged: (cert: Certification, unlocked: boolean) => void }): JSX.Element {
  const { t } = useAccountT();
  const titleId = useId();
  const [mode, setMode] = useState<Mode>(cert.passcode_set ? 'unlock' : 'set');
  const [code, setCode] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [nextError, setNextError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  async function submit(e: FormEvent): Promise<void> {
    e.preventDefault();
    setError(undefined);
    setNextError(undefined);
    setDone(null);
    const bad = !DIGITS.test(code);
    const badNext = mode === 'change' && !DIGITS.test(next);
    if (bad) setError(t('passcode.fourDigits'));
    if (badNext) setNextError(t('passcode.fourDigits'));
    if (bad || badNext) return;
    setBusy(true);
    try {
      const run = mode === 'set' ? setPasscode(code) : mode === 'unlock' ? unlockWithPasscode(code) : changePasscode(code, next);
      const cert = await run;
      setCode('');
      setNext('');
      setDone(mode === 'set' ? t('passcode.setDone') : mode === 'change' ? t('passcode.changeDone') : null);
      if (mode === 'change') setMode('unlock');
      onChanged(cert, mode === 'unlock');
    } catch (err) {
      setError(passcodeError(t, err));
    } finally {
      setBusy(false);
    }
  }

  const titles: Record<Mode, string> = { set: t('passcode.setTitle'), unlock: t('passcode.unlockTitle'), change: t('passcode.changeTitle') };
  const texts: Record<Mode, string> = { set: t('passcode.setText'), unlock: t('passcode.unlockText'), change: t('passcode.changeText') };
  const submits: Record<Mode, string> = { set: t('passcode.set'), unlock: t('passcode.unlock'), change: t('passcode.change') };
  return (
    <form className="account-form" aria-labelledby={titleId} onSubmit={(e) => void submit(e)} noValidate data-testid={`passcode-${mode}`}>
      <h2 id={titleId}>{titles[mode]}</h2>
      <p>{texts[mode]}</p>
      <PasscodeField label={mode === 'change' ? t('passcode.current') : t('passcode.label')} value={code} error={error} onChange={setCode} />
      {mode === 'change' ? <PasscodeField label={t('passcode.new')} value={next} error={nextError} onChange={setNext} /> : null}
      {done ? <p role="status">{done}</p> : null}
      <div className="account-row">
        <Button type="submit" variant="primary" disabled={busy}>
          {submits[mode]}
        </Button>
        {cert.passcode_set ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setMode(mode === 'change' ? 'unlock' : 'change');
              setError(undefined);
              setNextError(undefined);
              setDone(null);
            }}
          >
            {mode === 'change' ? t('passcode.backToUnlock') : t('passcode.changeLink')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
