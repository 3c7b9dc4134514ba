import { useId, useState } from 'react';
import { Link } from 'react-router';

export const TERMS_PATH = '/editor/protocol/terms';
export const PRIVACY_PATH = '/editor/protocol/privacy';

/** Step 2: agree to the terms and privacy policy. Links open in a new tab so the steps are not lost. */
export function TermsStep({
  busy,
  error,
  onAgree,
}: {
  busy: boolean;
  error: string | null;
  onAgree: () => void;
}) {
  const [checked, setChecked] = useState(false);
  const boxId = useId();

  return (
    <section className="onboarding__step" aria-labelledby="onboarding-terms">
      <h2 id="onboarding-terms" className="onboarding__title">
        Terms and privacy
      </h2>
      <p>
        Please read the{' '}
        <Link to={TERMS_PATH} target="_blank" rel="noopener">
          Terms of Service
        </Link>{' '}
        and the{' '}
        <Link to={PRIVACY_PATH} target="_blank" rel="noopener">
          Privacy Policy
        </Link>
        .
      </p>
      <div className="onboarding__check">
        <input id={boxId} type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
        <label htmlFor={boxId}>I agree to the Terms of Service and the Privacy Policy</label>
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="onboarding__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!checked || busy}
          onClick={onAgree}
        >
          {busy ? 'Saving…' : 'Agree and continue'}
        </button>
      </div>
    </section>
  );
}
