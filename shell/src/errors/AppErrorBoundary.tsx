import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { ErrorFallback } from './ErrorFallback';

/** The router's error element: errors thrown while rendering a route or in a loader land here. */
export function RouteErrorFallback({ asMain = false }: { asMain?: boolean }) {
  const error = useRouteError();
  return <ErrorFallback error={error} asMain={asMain} />;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** Outermost boundary, for anything that fails outside the router (its own setup, providers). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('the app failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    // Outside every other boundary: the shell's copy in another language may still be on its way.
    return (
      <Suspense fallback={null}>
        <ErrorFallback error={this.state.error} asMain />
      </Suspense>
    );
  }
}
