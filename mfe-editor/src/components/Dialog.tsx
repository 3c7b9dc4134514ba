import { useId, useRef, type JSX, type ReactNode } from 'react';
import { useModalFocus } from 'shared-kit';

export interface DialogProps {
  title: string;
  children?: ReactNode;
  /** Buttons, first one focused when the dialog opens. */
  actions: Array<{ label: string; onClick: () => void; primary?: boolean }>;
  onClose: () => void;
}

/** A modal dialog: focus moves in when it opens, stays inside, Escape closes, focus goes back when it closes. */
export function Dialog({ title, children, actions, onClose }: DialogProps): JSX.Element {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);

  const onKeyDown = useModalFocus(panel, { onEscape: onClose });

  return (
    <div className="ed-backdrop">
      <div
        ref={panel}
        className="ed-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {children ? (
          <div id={bodyId} className="ed-dialog__body">
            {children}
          </div>
        ) : null}
        <div className="ed-dialog__actions">
          {actions.map((a) => (
            <button
              key={a.label}
              type="button"
              className={a.primary ? 'ed-button ed-button--primary' : 'ed-button'}
              onClick={a.onClick}
            >
              {a.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
