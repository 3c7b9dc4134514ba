import { useId, useLayoutEffect, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import type { CountryCode } from 'libphonenumber-js';
import { PRERENDERED_ATTRIBUTE } from 'shared-kit';
import { Button, uiMessage } from 'ui-kit';
import { useShellT } from '../../i18n';
import { CountryPicker } from './CountryPicker';
import { loginWithCode, sendCode, type LoginResult } from './loginApi';
import { loginProblem, type LoginProblem } from './messages';
import { toE164 } from './phone';
import type { TypedBeforeTakeover } from './prerendered';
import { useCountdown } from './useCountdown';

export const CODE_LENGTH = 6;

interface SentTo {
  phone: string;
  country: CountryCode;
}

/**
 * Phone sign-in: the number with its country, "Send code", then the 6-digit code with a resend countdown. Errors the
 * shell reacts to (region block, ban) go to `onShellError`; the spec's phone and code messages show in place.
 */
export function PhoneLoginForm({
  initialCountry,
  typed = null,
  onSignedIn,
  onShellError,
}: {
  initialCountry: CountryCode;
  /** What was typed in the server's form before this one replaced it (see prerendered.ts). */
  typed?: TypedBeforeTakeover | null;
  onSignedIn: (result: LoginResult) => void | Promise<void>;
  /** Returns true when the shell handled the error (so no message is shown here). */
  onShellError: (error: unknown) => boolean;
}) {
  const { t } = useShellT();
  const [country, setCountry] = useState<CountryCode>(initialCountry);
  const [phone, setPhone] = useState(() => typed?.phone.slice(0, 32) ?? '');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<SentTo | null>(null);
  const [busy, setBusy] = useState<'send' | 'login' | null>(null);
  const [problem, setProblem] = useState<LoginProblem | null>(null);
  const { secondsLeft, start } = useCountdown();
  const phoneId = useId();
  const codeId = useId();
  const phoneErrorId = useId();
  const codeErrorId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // The visitor was in a field of the server's form: they stay in the same field, caret where it was.
  useLayoutEffect(() => {
    if (!typed?.focus || !formRef.current) return;
    const selector = { phone: 'input[type="tel"]', search: '.country-picker__search', country: '.country-picker__select' }[typed.focus];
    const field = formRef.current.querySelector<HTMLInputElement | HTMLSelectElement>(selector);
    // Not when the visitor has since gone elsewhere (the focus is neither lost nor still in the server's screen).
    const active = document.activeElement;
    if (!field || (active && active !== document.body && !active.closest(`[${PRERENDERED_ATTRIBUTE}]`))) return;
    field.focus({ preventScroll: true });
    if (typed.selection && field instanceof HTMLInputElement) {
      try {
        field.setSelectionRange(...typed.selection);
      } catch {
        // A field type without a caret: the focus is enough.
      }
    }
    // Once, as the page takes over (`typed` never changes).
  }, [typed]);

  function fail(error: unknown) {
    if (onShellError(error)) return;
    const p = loginProblem(error);
    setProblem(p);
    if (p.retryAfter) start(p.retryAfter);
  }

  function changeNumber(next: { phone?: string; country?: CountryCode }) {
    if (next.phone !== undefined) setPhone(next.phone);
    if (next.country !== undefined) setCountry(next.country);
    if (problem?.field === 'phone') setProblem(null);
    if (sentTo) {
      // A code belongs to the number it was sent to; another number starts over.
      setSentTo(null);
      setCode('');
      start(0);
    }
  }

  async function send() {
    if (busy || secondsLeft > 0) return;
    const e164 = toE164(phone, country);
    if (!e164) {
      setProblem({ message: uiMessage('invalidPhone'), field: 'phone' });
      return;
    }
    setBusy('send');
    setProblem(null);
    try {
      const sent = await sendCode(e164, country);
      setSentTo({ phone: e164, country });
      setCode('');
      start(sent.retry_after_s);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  async function logIn() {
    if (busy || !sentTo) return;
    if (code.length !== CODE_LENGTH) {
      setProblem({ message: t('login.enterCode', { length: CODE_LENGTH }), field: 'code' });
      return;
    }
    setBusy('login');
    setProblem(null);
    try {
      const result = await loginWithCode(sentTo.phone, sentTo.country, code);
      await onSignedIn(result);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void (sentTo ? logIn() : send());
  }

  function onCodePaste(event: ClipboardEvent<HTMLInputElement>) {
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (digits.length === CODE_LENGTH) {
      event.preventDefault();
      setCode(digits);
      if (problem?.field === 'code') setProblem(null);
    }
  }

  const sendLabel =
    secondsLeft > 0
      ? t('login.resendIn', { seconds: secondsLeft })
      : sentTo
        ? t('login.resendCode')
        : t('login.sendCode');
  const phoneError = problem?.field === 'phone' ? problem.message : null;
  const codeError = problem?.field === 'code' ? problem.message : null;
  const formError = problem?.field === 'form' ? problem.message : null;

  return (
    <form ref={formRef} className="login-form" onSubmit={onSubmit} noValidate aria-label={t('login.formLabel')}>
      <CountryPicker
        initialQuery={typed?.query}
        value={country}
        onChange={(c) => changeNumber({ country: c })}
        disabled={busy !== null}
      />
      <label className="ui-field__label" htmlFor={phoneId}>
        {t('login.phone')}
      </label>
      <div className="login-form__row">
        <input
          id={phoneId}
          className="ui-input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={32}
          value={phone}
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={phoneError ? phoneErrorId : undefined}
          onChange={(e) => changeNumber({ phone: e.target.value })}
        />
        <Button
          className="login-form__send"
          onClick={() => void send()}
          disabled={busy !== null || secondsLeft > 0}
        >
          {busy === 'send' ? t('login.sending') : sendLabel}
        </Button>
      </div>
      {phoneError ? (
        <p id={phoneErrorId} className="ui-field__error" role="alert">
          {phoneError}
        </p>
      ) : null}

      {sentTo ? (
        <>
          <p className="ui-field__hint" role="status">
            {t('login.codeSent', { phone: sentTo.phone })}
          </p>
          <label className="ui-field__label" htmlFor={codeId}>
            {t('login.code')}
          </label>
          <input
            id={codeId}
            className="ui-input login-form__code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={CODE_LENGTH}
            value={code}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? codeErrorId : undefined}
            onPaste={onCodePaste}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH));
              if (problem?.field === 'code') setProblem(null);
            }}
          />
          {codeError ? (
            <p id={codeErrorId} className="ui-field__error" role="alert">
              {codeError}
            </p>
          ) : null}
          <Button
            type="submit"
            variant="primary"
            size="lg"
            className="login-form__submit"
            disabled={busy !== null || code.length !== CODE_LENGTH}
          >
            {busy === 'login' ? t('login.loggingIn') : t('login.logIn')}
          </Button>
        </>
      ) : null}
      {formError ? (
        <p className="ui-field__error" role="alert">
          {formError}
        </p>
      ) : null}
    </form>
  );
}
