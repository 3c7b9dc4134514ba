import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Button, EmptyState, PrerenderedPage, showsPrerenderedPage } from 'ui-kit';
import { shellT, useShellT } from '../i18n';
import { PageSkeleton } from './PageSkeleton';
import type { RemoteComponent } from './remoteComponent';

interface Props {
  remote: RemoteComponent;
}

interface State {
  error: Error | null;
  attempt: number;
}

/** The area's failure message, in the current language. */
export function remoteUnavailableMessage(): string {
  return shellT('remote.unavailable');
}

/** While a remote's files arrive: the page's skeleton, announced as loading. */
function RemoteLoading({ name }: { name: string }) {
  const { t } = useShellT();
  // A page that came with its first screen keeps showing it, where it is, until the remote takes over.
  if (showsPrerenderedPage()) return <PrerenderedPage />;
  return <PageSkeleton label={t('remote.loading')} loading={name} />;
}

/**
 * When a remote is down or throws: the message, as the page's heading (the remote's own page and its heading never
 * came), and a Retry that fetches it again.
 */
function RemoteUnavailable({ name, onRetry }: { name: string; onRetry: () => void }) {
  const { t } = useShellT();
  if (showsPrerenderedPage()) {
    // The server's first screen stays (its heading is the page's); a notice says what does not work, with Retry.
    return (
      <>
        <div className="remote-notice" role="alert" data-remote-fallback={name}>
          <p>{t('remote.readOnly')}</p>
          <Button size="sm" onClick={onRetry}>
            {t('remote.retry')}
          </Button>
        </div>
        <PrerenderedPage />
      </>
    );
  }
  return (
    <section className="remote-fallback" role="alert" data-remote-fallback={name}>
      <EmptyState
        titleAs="h1"
        title={t('remote.unavailable')}
        action={
          <Button variant="primary" onClick={onRetry}>
            {t('remote.retry')}
          </Button>
        }
      />
    </section>
  );
}

/**
 * Loads one remote behind its own error boundary: when a remote is down or throws, only its area shows the
 * fallback, and the header, other areas and navigation keep working.
 */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`remote ${this.props.remote.remoteName} failed`, error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    // A different mount point (route change between remotes) starts from a clean slate.
    if (previous.remote !== this.props.remote && this.state.error) this.setState({ error: null });
  }

  private retry = () => {
    this.props.remote.reload();
    this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
  };

  override render(): ReactNode {
    const { remote: Remote } = this.props;
    if (this.state.error) {
      return <RemoteUnavailable name={Remote.remoteName} onRetry={this.retry} />;
    }
    return (
      <Suspense fallback={<RemoteLoading name={Remote.remoteName} />}>
        <Remote key={this.state.attempt} />
      </Suspense>
    );
  }
}
