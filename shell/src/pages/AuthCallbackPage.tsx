import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { StorageKey, storage } from 'shared-kit';
import { checkLogin } from '../session/service';
import { Page } from './Page';

/**
 * A remembered path is only followed when it stays on this site: a path starting with one slash, not `//` (another
 * host) and not the login pages again.
 */
export function safeReturnPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/editor';
  if (value.startsWith('/login') || value.startsWith('/auth/')) return '/editor';
  return value;
}

/** Where a sign-in provider sends the browser back: refresh the session, then return to the remembered page. */
export function AuthCallbackPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    const target = safeReturnPath(storage.get(StorageKey.LoginRedirect));
    void checkLogin().finally(() => {
      if (cancelled) return;
      storage.remove(StorageKey.LoginRedirect);
      navigate(target, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return (
    <Page title="Signing in">
      <p aria-busy="true">Finishing sign-in…</p>
    </Page>
  );
}
