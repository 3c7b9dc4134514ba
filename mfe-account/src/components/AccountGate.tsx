import { useEffect, type JSX, type ReactNode } from 'react';
import { useSessionStore } from 'shared-kit';
import { goToLogin } from 'shared-kit';
import { Button, Card, Spinner } from 'ui-kit';
import { useAccountT } from '../i18n';
import { selectLoadError, selectStatus } from '../stores/profile/selectors';
import { useProfileStore } from '../stores/profile/store';

/** What a visitor sees instead of an account page: why, and a way to log in that comes back here. */
export function LoginPrompt(): JSX.Element {
  const { t } = useAccountT();
  return (
    <Card as="section" className="account-center" aria-labelledby="account-login-title">
      <h1 id="account-login-title">{t('common.account')}</h1>
      <p>{t('gate.loginText')}</p>
      <Button variant="primary" onClick={goToLogin}>
        {t('gate.logIn')}
      </Button>
    </Card>
  );
}

/**
 * Renders its page once the signed-in user's profile is loaded; a visitor gets the log-in prompt. Follows the
 * shared session: logging out from the shell's header turns the page into the prompt at once.
 */
export function AccountGate({ children }: { children: ReactNode }): JSX.Element {
  const status = useProfileStore(selectStatus);
  const loadError = useProfileStore(selectLoadError);
  const load = useProfileStore((s) => s.load);
  const markSignedOut = useProfileStore((s) => s.markSignedOut);
  const session = useSessionStore((s) => s.status);
  const { t } = useAccountT();

  useEffect(() => {
    if (status === 'idle') void load();
  }, [status, load]);

  useEffect(() => {
    if (session === 'guest' && status === 'ready') markSignedOut();
    if (session === 'user' && status === 'signed-out') void load();
    // Only a change of the session should act here; status changes are this gate's own doing.
  }, [session]);

  if (status === 'signed-out') return <LoginPrompt />;
  if (status === 'error') {
    return (
      <Card as="section" className="account-center" aria-labelledby="account-error-title">
        <h1 id="account-error-title">{t('common.account')}</h1>
        <p role="alert">{loadError ?? t('gate.unavailable')}</p>
        <Button onClick={() => void load()}>{t('common.tryAgain')}</Button>
      </Card>
    );
  }
  if (status !== 'ready') {
    return <Spinner label={t('gate.loading')} />;
  }
  return <>{children}</>;
}
