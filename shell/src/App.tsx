import { Suspense, useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { setApiErrorHandler } from './http/client';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { reactToApiError, type ReactionContext } from './errors/reactions';
import { PlatformProvider } from './platform/PlatformContext';
import { AppSkeleton } from './remotes/AppSkeleton';
import { routes } from './router/routes';
import { endSession } from './session/service';
import { installShellGlobal } from './shell-global/install';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Ties the reactions and `window.__SHELL__` to a router: navigation and the current location come from it. */
export function connectRouter(router: AppRouter): () => void {
  const context = (): ReactionContext => ({
    navigate: (to, options) => void router.navigate(to, options),
    location: router.state.location,
    logout: endSession,
  });
  setApiErrorHandler((error) => reactToApiError(error, context()));
  installShellGlobal(context);
  return () => {
    setApiErrorHandler(null);
    delete window.__SHELL__;
  };
}

/** The shell: one data router (the leave guard's `useBlocker` needs one) for the shell pages and every remote. */
export function App({
  createRouter = createBrowserRouter,
}: {
  createRouter?: (r: typeof routes) => AppRouter;
}) {
  const [router] = useState(() => createRouter(routes));
  useEffect(() => {
    const disconnect = connectRouter(router);
    return () => disconnect();
  }, [router]);
  return (
    <AppErrorBoundary>
      <PlatformProvider>
        {/* The shell's copy in a language other than English arrives as its own chunk before the first paint. */}
        <Suspense fallback={<AppSkeleton />}>
          <RouterProvider router={router} />
        </Suspense>
      </PlatformProvider>
    </AppErrorBoundary>
  );
}
