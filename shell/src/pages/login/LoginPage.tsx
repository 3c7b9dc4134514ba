import { useMemo, useState } from 'react';
import { useSessionStore } from 'shared-kit';
import { uiMessage } from 'ui-kit';
import { useShellT } from '../../i18n';
import { Onboarding } from '../../onboarding';
import { banNotice, clearBanNotice } from '../../session/banNotice';
import { rememberedPath } from '../../session/returnPath';
import { revalidateSession } from '../../session/service';
import { useShellReaction } from '../../session/useShellReaction';
import { Page } from '../Page';
import { defaultCountry, isCountryCode } from './phone';
import { PhoneLoginForm } from './PhoneLoginForm';
import { typedBeforeTakeover } from './prerendered';
import { ProviderButtons } from './ProviderButtons';
import { useSignedInFlow } from './useSignedInFlow';

/**
 * `/login` (spec §2): phone and code, or a configured provider; then the first-sign-in steps when owed, then back to
 * the remembered path. A signed-in visitor goes straight back there.
 */
export function LoginPage() {
  const { t } = useShellT();
  const status = useSessionStore((s) => s.status);
  const react = useShellReaction();
  const { onboarding, finish } = useSignedInFlow();
  // The server's form, when the page came with one: what was typed in it is kept, and a visitor it was made for
  // (no session) sees the form at once rather than a session check they cannot be waiting for.
  const [typed] = useState(typedBeforeTakeover);
  const country = useMemo(
    () =>
      typed && isCountryCode(typed.country)
        ? typed.country
        : defaultCountry(
            typeof navigator === 'undefined' ? undefined : (navigator.languages ?? [navigator.language]),
          ),
    [typed],
  );
  const next = useMemo(() => rememberedPath(), []);
  // A login ban that just ended the session: said here, with its end date, until someone signs in.
  const [ban] = useState(banNotice);

  if (onboarding) {
    return (
      <Page title={t('login.welcomeTitle')} heading={t('login.welcomeHeading')}>
        <Onboarding onDone={finish} onShellError={react} />
      </Page>
    );
  }
  if (status !== 'guest' && !(status === 'unknown' && typed)) {
    return (
      <Page title={t('login.title')}>
        <p aria-busy="true">{t('login.checking')}</p>
      </Page>
    );
  }
  return (
    <Page title={t('login.title')}>
      <div className="login">
        {ban && (
          <p className="login__ban" role="alert">
            {ban}
          </p>
        )}
        <p className="page__lead">{t('login.lead')}</p>
        <PhoneLoginForm
          initialCountry={country}
          typed={typed}
          onShellError={react}
          onSignedIn={async () => {
            // The cookie is set; the session store fills from the login check, launch and detail (spec §4).
            const user = await revalidateSession();
            if (!user) throw new Error(uiMessage('loginFailed'));
            clearBanNotice();
          }}
        />
        <ProviderButtons next={next} />
      </div>
    </Page>
  );
}
