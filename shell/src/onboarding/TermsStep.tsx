import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Checkbox, Trans } from 'ui-kit';
import { SHELL_NS, useShellT } from '../i18n';

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
  const { t } = useShellT();
  const [checked, setChecked] = useState(false);

  return (
    <section className="onboarding__step" aria-labelledby="onboarding-terms">
      <h2 id="onboarding-terms" className="onboarding__title">
        {t('onboarding.termsTitle')}
      </h2>
      <p>
        <Trans
          ns={SHELL_NS}
          i18nKey="onboarding.termsRead"
          components={{
            terms: <Link to={TERMS_PATH} target="_blank" rel="noopener" />,
            privacy: <Link to={PRIVACY_PATH} target="_blank" rel="noopener" />,
          }}
        />
      </p>
      <Checkbox
        className="onboarding__check"
        label={t('onboarding.agreeLabel')}
        checked={checked}
        onCheckedChange={setChecked}
      />
      {error ? (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="onboarding__actions">
        <Button variant="primary" disabled={!checked} loading={busy} onClick={onAgree}>
          {busy ? t('onboarding.saving') : t('onboarding.agree')}
        </Button>
      </div>
    </section>
  );
}
