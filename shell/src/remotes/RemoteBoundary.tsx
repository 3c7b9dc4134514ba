import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteComponent } from './remoteComponent';

interface Props {
  remote: RemoteComponent;
}

interface State {
  error: Error | null;
  attempt: number;
}

export const REMOTE_UNAVAILABLE = 'This part of the product is temporarily unavailable';

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
      return (
        <section className="remote-fallback" role="alert" data-remote-fallback={Remote.remoteName}>
          <p className="remote-fallback__message">{REMOTE_UNAVAILABLE}</p>
          <button type="button" className="button button--primary" onClick={this.retry}>
            Retry
          </button>
        </section>
      );
    }
    return (
      <Suspense
        fallback={
          <div className="remote-loading" aria-busy="true">
            Loading…
          </div>
        }
      >
        <Remote key={this.state.attempt} />
      </Suspense>
    );
  }
}
