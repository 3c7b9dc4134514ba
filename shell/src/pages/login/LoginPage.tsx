import { useMemo } from 'react';
import { UI_MESSAGES, useSessionStore } from 'shared-kit';
import { Onboarding } from '../../onboarding';
import { rememberedPath } from '../../session/returnPath';
import { revalidateSession } from '../../session/service';
import { useShellReaction } from '../../session/useShellReaction';
import { Page } from '../Page';
import { defaultCountry } from './phone';
import { PhoneLoginForm } from './PhoneLoginForm';
import { ProviderButtons } from './ProviderButtons';
import { useSignedInFlow } from './useSignedInFlow';

/**
 * `/login` (spec §2): phone and code, or a configured provider; then the first-sign-in steps when owed, then back to
 * the remembered path. A signed-in visitor goes straight back there.
 */
export function LoginPage() {
  const status = useSessionStore((s) => s.status);
  const react = useShellReaction();
  const { onboarding, finish } = useSignedInFlow();
  const country = useMemo(
    () =>
      defaultCountry(
        typeof navigator === 'undefined' ? undefined : (navigator.languages ?? [navigator.language]),
      ),
    [],
  );
  const next = useMemo(() => rememberedPath(), []);

  if (onboarding) {
    return (
      <Page title="Welcome" heading="Welcome to Storyverse">
        <Onboarding onDone={finish} onShellError={react} />
      </Page>
    );
  }
  if (status !== 'guest') {
    return (
      <Page title="Log in">
        <p aria-busy="true">Checking your session…</p>
      </Page>
    );
  }
  return (
    <Page title="Log in">
      <div className="login">
        <p className="page__lead">Log in with your phone number. We will text you a 6-digit code.</p>
        <PhoneLoginForm
          initialCountry={country}
          onShellError={react}
          onSignedIn={async () => {
            // The cookie is set; the session store fills from the login check, launch and detail (spec §4).
            const user = await revalidateSession();
            if (!user) throw new Error(UI_MESSAGES.loginFailed);
          }}
        />
        <ProviderButtons next={next} />
      </div>
    </Page>
  );
}
