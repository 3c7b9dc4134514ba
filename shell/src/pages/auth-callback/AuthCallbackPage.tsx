import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, uiMessage } from 'ui-kit';
import { useShellT } from '../../i18n';
import { Onboarding } from '../../onboarding';
import { rememberPath } from '../../session/returnPath';
import { revalidateSession } from '../../session/service';
import { useShellReaction } from '../../session/useShellReaction';
import { useSignedInFlow } from '../login/useSignedInFlow';
import { Page } from '../Page';
import { callbackFailure } from './callbackError';

type Outcome = { state: 'working' } | { state: 'failed'; message: string } | { state: 'signedIn' };

/**
 * Where a provider sign-in comes back (`/auth/callback?next=` or `?error=`). On success the session is revalidated
 * (login check, launch, detail) and the first-sign-in steps or the remembered path follow; on failure the spec's
 * message and a way back to the login page.
 */
export function AuthCallbackPage() {
  const { t } = useShellT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const react = useShellReaction();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const { onboarding, finish } = useSignedInFlow(outcome.state === 'signedIn');
  const error = params.get('error');
  const next = params.get('next');
  const reacted = useRef(false);

  useEffect(() => {
    let cancelled = false;
    if (next) rememberPath(next);
    if (error) {
      const failure = callbackFailure(error);
      if (failure.kind === 'reaction') {
        // Once: StrictMode runs this effect twice and the reaction toasts and navigates.
        if (!reacted.current) react(failure.error);
        reacted.current = true;
      } else {
        setOutcome({ state: 'failed', message: failure.message });
      }
      return undefined;
    }
    void revalidateSession().then((user) => {
      if (cancelled) return;
      // Without a session the provider said yes but the cookie did not stick (blocked cookies, another browser).
      setOutcome(user ? { state: 'signedIn' } : { state: 'failed', message: uiMessage('loginFailed') });
    });
    return () => {
      cancelled = true;
    };
    // The query is read once: the page replaces itself when done.
  }, []);

  if (outcome.state === 'failed') {
    return (
      <Page title={t('login.failedTitle')} heading={outcome.message}>
        <p>{t('login.failedText')}</p>
        <Button variant="primary" onClick={() => void navigate('/login', { replace: true })}>
          {t('login.backToLogin')}
        </Button>
      </Page>
    );
  }
  if (onboarding) {
    return (
      <Page title={t('login.welcomeTitle')} heading={t('login.welcomeHeading')}>
        <Onboarding onDone={finish} onShellError={react} />
      </Page>
    );
  }
  return (
    <Page title={t('login.signingIn')}>
      <p aria-busy="true">{t('login.finishing')}</p>
    </Page>
  );
}
