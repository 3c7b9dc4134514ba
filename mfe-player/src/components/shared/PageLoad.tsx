import { useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { Button, Spinner } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { errorText } from '../../lib/errors';
import { usePlayerPath } from '../paths';

/** A page's one read: loading, its error's words, or what it read. */
export type PageLoad<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/**
 * Reads a page's content when `valid` (again on `retry`, and when any of `keys` changes: the address, signing in),
 * leaving the answer of a read that a newer one replaced. `set` replaces what is shown (after a like...).
 */
export function usePageLoad<T>(
  valid: boolean,
  read: () => Promise<T>,
  keys: readonly unknown[],
): { load: PageLoad<T>; set: (data: T) => void; retry: () => void } {
  const [load, setLoad] = useState<PageLoad<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!valid) return;
    let live = true;
    setLoad({ status: 'loading' });
    read().then(
      (data) => live && setLoad({ status: 'ready', data }),
      (error: unknown) => live && setLoad({ status: 'error', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
    // `read` is a new function every render; what it reads is named by `keys`.
  }, [valid, attempt, ...keys]);
  return { load, set: (data) => setLoad({ status: 'ready', data }), retry: () => setAttempt((n) => n + 1) };
}

export interface PageLoadFrameProps {
  /** The page's read while it is not ready. */
  load: { status: 'loading' } | { status: 'error'; message: string };
  /** "Loading the …" beside the spinner. */
  loadingText: string;
  /** The error screen's heading. */
  unavailableText: string;
  onRetry: () => void;
}

/** The frame of a page still loading (a spinner and its words) or that could not load (why, Try again, back to stories). */
export function PageLoadFrame({
  load,
  loadingText,
  unavailableText,
  onRetry,
}: PageLoadFrameProps): JSX.Element {
  const { t } = usePlayerT();
  const feedPath = usePlayerPath();
  if (load.status === 'loading') {
    return (
      <div className="player-page">
        <p className="player-status" role="status">
          <Spinner size="sm" decorative /> {loadingText}
        </p>
      </div>
    );
  }
  return (
    <div className="player-page player-center">
      <h1>{unavailableText}</h1>
      <p role="alert">{load.message}</p>
      <Button onClick={onRetry}>{t('common.tryAgain')}</Button>
      <Link to={feedPath} className="player-link">
        {t('author.backToStories')}
      </Link>
    </div>
  );
}
