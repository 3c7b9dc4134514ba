import { useState } from 'react';
import { UI_MESSAGES, isApiError, useSessionStore } from 'shared-kit';
import { AgeStep } from './AgeStep';
import { NicknameStep } from './NicknameStep';
import { confirmLogIn, saveNickname } from './onboardingApi';
import { TermsStep } from './TermsStep';

type Step = 'age' | 'terms' | 'nickname';
const STEPS: Step[] = ['age', 'terms', 'nickname'];

function messageOf(error: unknown): string {
  return isApiError(error) ? error.statusMessage : UI_MESSAGES.requestFailed;
}

/**
 * The first-sign-in steps (spec §1, §2 player-app screens): age, terms and privacy, then nickname. The first two are
 * recorded together by `log_in_confirm` when the terms are agreed to.
 */
export function Onboarding({
  onDone,
  onShellError,
}: {
  onDone: () => void;
  /** Returns true when the shell reacted to the error itself (region block, ban, session gone). */
  onShellError: (error: unknown) => boolean;
}) {
  const nickname = useSessionStore((s) => s.user?.user_nick ?? '');
  const [step, setStep] = useState<Step>('age');
  const [isAdult, setIsAdult] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<void>, then: () => void) {
    setBusy(true);
    setError(null);
    try {
      await action();
      then();
    } catch (e) {
      if (!onShellError(e)) setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="onboarding">
      <p className="onboarding__progress">
        Step {STEPS.indexOf(step) + 1} of {STEPS.length}
      </p>
      {step === 'age' ? (
        <AgeStep
          onAnswer={(adult) => {
            setIsAdult(adult);
            setStep('terms');
          }}
        />
      ) : null}
      {step === 'terms' ? (
        <TermsStep
          busy={busy}
          error={error}
          onAgree={() =>
            void run(
              () => confirmLogIn(isAdult),
              () => setStep('nickname'),
            )
          }
        />
      ) : null}
      {step === 'nickname' ? (
        <NicknameStep
          initial={nickname}
          busy={busy}
          error={error}
          onSave={(name) => void run(() => saveNickname(name), onDone)}
          onSkip={onDone}
        />
      ) : null}
    </div>
  );
}
