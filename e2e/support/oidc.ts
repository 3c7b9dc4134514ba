import {
  startOidcProvider,
  type RunningOidcProvider,
  type TestAccount,
} from '../../api/test/support/oidcProvider';
import { E2E_PORTS } from './ports';

/** The one account on the loopback "Google" the browser tests sign in with. */
export const GOOGLE_TEST_ACCOUNT: TestAccount = {
  id: 'e2e-google-ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
};

/**
 * A real OpenID provider on loopback standing in for Google, with the shell's origin as the registered redirect
 * (the shell proxies `/api` to the api). Returns the provider and the api settings that turn Google sign-in on.
 */
export async function startTestGoogle(): Promise<{
  provider: RunningOidcProvider;
  env: Record<string, string>;
}> {
  const provider = await startOidcProvider({
    redirectUris: [`http://localhost:${E2E_PORTS.shell}/api/passport/oauth/google/callback`],
    accounts: [GOOGLE_TEST_ACCOUNT],
    clientId: 'e2e-google-client',
  });
  return {
    provider,
    env: {
      GOOGLE_ISSUER: provider.issuer,
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
    },
  };
}
