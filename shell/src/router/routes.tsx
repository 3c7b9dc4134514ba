import { Navigate, type RouteObject } from 'react-router';
import { UserRole } from 'shared-kit';
import { RouteErrorFallback } from '../errors/AppErrorBoundary';
import { loadLegalCopy } from '../i18n';
import { HomePage } from '../pages/HomePage';
import { MobilePage } from '../pages/MobilePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { AccountRemote, BrainstormRemote, EditorRemote, OpsRemote, PlayerRemote } from '../remotes/mounts';
import { RemoteBoundary } from '../remotes/RemoteBoundary';
import { Layout } from './Layout';
import { CreateGate } from './CreateGate';
import { RoleGate } from './RoleGate';
import { LOADING, lazyPage } from './lazyPage';

/** The legal pages' code and their texts in the current language, fetched together. */
async function legalPage() {
  const [page] = await Promise.all([import('../pages/LegalPage'), loadLegalCopy()]);
  return page;
}

/**
 * The route table (spec §2). The shell's own `/editor/...` pages are more specific than the editor remote's
 * `/editor/*` catch-all, so they win; `/editor/story-ai/*` likewise beats `/editor/*` for the brainstorm remote.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorFallback asMain />,
    children: [
      {
        // Errors inside a page keep the header: this boundary sits inside the layout.
        errorElement: <RouteErrorFallback />,
        children: [
          { path: '/', element: <Navigate to="/editor" replace /> },
          { path: '/editor', element: <HomePage /> },
          {
            path: '/editor/no-access',
            ...lazyPage(async () => (await import('../pages/NoAccessPage')).NoAccessPage),
          },
          {
            path: '/editor/restricted-access',
            ...lazyPage(async () => (await import('../pages/RestrictedAccessPage')).RestrictedAccessPage),
          },
          {
            path: '/editor/forbidden-create',
            ...lazyPage(async () => (await import('../pages/ForbiddenCreatePage')).ForbiddenCreatePage),
          },
          { path: '/editor/mobile', element: <MobilePage /> },
          {
            path: '/editor/protocol/terms',
            ...lazyPage(async () => (await legalPage()).TermsPage),
          },
          {
            path: '/editor/protocol/privacy',
            ...lazyPage(async () => (await legalPage()).PrivacyPage),
          },
          {
            path: '/login',
            // Loaded on demand: the phone-number rules (libphonenumber-js) stay off every other page's critical path.
            lazy: async () => ({ Component: (await import('../pages/login')).LoginPage }),
            hydrateFallbackElement: LOADING,
          },
          {
            path: '/auth/callback',
            ...lazyPage(async () => (await import('../pages/auth-callback')).AuthCallbackPage),
          },
          {
            path: '/editor/story-ai/*',
            element: (
              <CreateGate>
                <RemoteBoundary key="mfe_brainstorm" remote={BrainstormRemote} />
              </CreateGate>
            ),
          },
          {
            path: '/editor/*',
            element: (
              <CreateGate>
                <RemoteBoundary key="mfe_editor" remote={EditorRemote} />
              </CreateGate>
            ),
          },
          { path: '/play/*', element: <RemoteBoundary key="mfe_player" remote={PlayerRemote} /> },
          { path: '/account/*', element: <RemoteBoundary key="mfe_account" remote={AccountRemote} /> },
          {
            path: '/ops/*',
            element: (
              <RoleGate role={UserRole.Operator}>
                <RemoteBoundary key="mfe_ops" remote={OpsRemote} />
              </RoleGate>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
