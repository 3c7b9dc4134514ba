import { useState } from 'react';
import { LIMITS } from 'shared-kit';
import { Button } from 'ui-kit';
import { shellT, useShellT } from '../i18n';

/** Spec §8: "underage only youth mode", in the current language. */
export function youthModeOnly(): string {
  return shellT('onboarding.youthOnly', { age: LIMITS.minimumAge });
}

/** Step 1: 18 or older (spec §1 age gate). Answering "under 18" explains youth mode before going on. */
export function AgeStep({ onAnswer }: { onAnswer: (isAdult: boolean) => void }) {
  const { t } = useShellT();
  const [minor, setMinor] = useState(false);
  const age = LIMITS.minimumAge;

  if (minor) {
    return (
      <section className="onboarding__step" aria-labelledby="onboarding-youth">
        <h2 id="onboarding-youth" className="onboarding__title">
          {t('onboarding.youthTitle')}
        </h2>
        <p>{t('onboarding.youthOnly', { age })}.</p>
        <p>{t('onboarding.youthText')}</p>
        <div className="onboarding__actions">
          <Button variant="primary" onClick={() => onAnswer(false)}>
            {t('onboarding.youthContinue')}
          </Button>
          <Button onClick={() => setMinor(false)}>{t('onboarding.back')}</Button>
        </div>
      </section>
    );
  }

  return (
    <section className="onboarding__step" aria-labelledby="onboarding-age">
      <h2 id="onboarding-age" className="onboarding__title">
        {t('onboarding.ageTitle')}
      </h2>
      <p>{t('onboarding.ageText', { age })}</p>
      <div className="onboarding__actions">
        <Button variant="primary" onClick={() => onAnswer(true)}>
          {t('onboarding.adult', { age })}
        </Button>
        <Button onClick={() => setMinor(true)}>{t('onboarding.minor', { age })}</Button>
      </div>
    </section>
  );
}
