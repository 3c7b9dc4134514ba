import { Page } from './Page';

/** The sign-in entry. The sign-in methods (phone code, third-party accounts) come from the server's configuration. */
export function LoginPage() {
  return (
    <Page title="Log in">
      <p>
        Sign-in methods load from the server. Log in with your phone number and a verification code, or with a
        linked account where available.
      </p>
    </Page>
  );
}
