import { useState } from 'react';
import { LIMITS } from 'shared-kit';

/** Spec §8: "underage only youth mode". */
export const YOUTH_MODE_ONLY = `Users under ${LIMITS.minimumAge} can only use youth mode`;

/** Step 1: 18 or older (spec §1 age gate). Answering "under 18" explains youth mode before going on. */
export function AgeStep({ onAnswer }: { onAnswer: (isAdult: boolean) => void }) {
  const [minor, setMinor] = useState(false);

  if (minor) {
    return (
      <section className="onboarding__step" aria-labelledby="onboarding-youth">
        <h2 id="onboarding-youth" className="onboarding__title">
          Youth mode
        </h2>
        <p>{YOUTH_MODE_ONLY}.</p>
        <p>
          In youth mode you can read and play stories, but creating stories or characters and commenting are
          turned off. Youth mode stays on for this account.
        </p>
        <div className="onboarding__actions">
          <button type="button" className="button button--primary" onClick={() => onAnswer(false)}>
            Continue in youth mode
          </button>
          <button type="button" className="button" onClick={() => setMinor(false)}>
            Back
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="onboarding__step" aria-labelledby="onboarding-age">
      <h2 id="onboarding-age" className="onboarding__title">
        Confirm your age
      </h2>
      <p>You must be {LIMITS.minimumAge} or older to create and chat with characters.</p>
      <div className="onboarding__actions">
        <button type="button" className="button button--primary" onClick={() => onAnswer(true)}>
          I am {LIMITS.minimumAge} or older
        </button>
        <button type="button" className="button" onClick={() => setMinor(true)}>
          I am under {LIMITS.minimumAge}
        </button>
      </div>
    </section>
  );
}
