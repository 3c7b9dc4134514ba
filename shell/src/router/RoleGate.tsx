import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionStore } from 'shared-kit';
import { rememberRoute } from '../errors/reactions';
import { useShellT } from '../i18n';
import { PageSkeleton } from '../remotes/PageSkeleton';

/**
 * A route that needs a role: a visitor goes to log in (and comes back here afterwards), a signed-in user without
 * the role sees the no-access page. Only a user with the role renders the children, so the remote behind them is
 * not even loaded for anyone else.
 */
export function RoleGate({ role, children }: { role: string; children: ReactNode }) {
  const { t } = useShellT();
  const status = useSessionStore((s) => s.status);
  const allowed = useSessionStore((s) => s.user?.roles.includes(role) ?? false);
  const location = useLocation();
  if (status === 'unknown') {
    return <PageSkeleton label={t('checkingAccess')} />;
  }
  if (status === 'guest') {
    rememberRoute(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to="/login" replace />;
  }
  if (!allowed) return <Navigate to="/editor/no-access" replace />;
  return <>{children}</>;
}
