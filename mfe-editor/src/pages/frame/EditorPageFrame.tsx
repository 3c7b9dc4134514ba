import type { JSX, ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Card, Spinner } from 'ui-kit';
import { useEditorT } from '../../i18n';

interface EditorPageFrameProps {
  /** The link above the heading, back to where the creator came from. */
  back: { to: string; label: string };
  /** The page's heading (its h1). */
  title: ReactNode;
  /** The save controls beside the heading. */
  actions: ReactNode;
  /** Notices above the form (a stale copy, a copy to restore, an appeal). */
  notices?: ReactNode;
  load: { status: 'idle' | 'loading' | 'ready' | 'error'; error: string | null };
  loadingLabel: string;
  /** What is said when the item did not load. */
  loadFailed: string;
  /** A "try again" button under the load error. */
  onRetry?: () => void;
  /** Changes when the content is replaced as a whole: the form remounts. */
  rev: number;
  bodyClassName?: string;
  /** The form, shown once the item is in. */
  children: ReactNode;
  /** What the page keeps mounted around the form (its validation dialog, its automatic save). */
  after?: ReactNode;
}

/** The frame of an editor page: back link, heading and save controls, notices, the load's states, then the form. */
export function EditorPageFrame(props: EditorPageFrameProps): JSX.Element {
  const { t } = useEditorT();
  const { load, onRetry } = props;
  return (
    <div className="editor-page">
      <header className="editor-page__head">
        <div>
          <Link to={props.back.to} className="editor-back">
            {props.back.label}
          </Link>
          <h1 className="ui-heading-1">{props.title}</h1>
        </div>
        {props.actions}
      </header>
      {props.notices}
      {load.status === 'loading' ? <Spinner label={props.loadingLabel} /> : null}
      {load.status === 'error' ? (
        <Card className="editor-notice" role="alert">
          <p>{props.loadFailed}</p>
          {onRetry ? (
            <div>
              <Button onClick={onRetry}>{t('common.tryAgain')}</Button>
            </div>
          ) : null}
        </Card>
      ) : null}
      {load.status === 'ready' ? (
        <div key={props.rev} className={props.bodyClassName ? `editor-body ${props.bodyClassName}` : 'editor-body'}>
          {props.children}
        </div>
      ) : null}
      {props.after}
    </div>
  );
}
