import { useEffect, useId, useRef, useState } from 'react';
import { QrCode } from './QrCode';

/** Where the app's landing page lives: the player area of this same site. */
export function appLandingUrl(origin: string = window.location.origin): string {
  return `${origin}/play`;
}

/** "Get the app": a button that opens a QR code of the app landing page, for desktop visitors to scan. */
export function GetAppPopover() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const url = appLandingUrl();

  useEffect(() => {
    if (!open) return undefined;
    function onPointerDown(event: PointerEvent | MouseEvent) {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target))
        setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') setOpen(false);
    }
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="popover-anchor" ref={root}>
      <button
        type="button"
        className="button button--link"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        Get the app
      </button>
      {open ? (
        <div id={panelId} className="popover" role="group" aria-label="Get the app">
          <QrCode value={url} label={`QR code for ${url}`} />
          <p className="popover__text">Scan with your phone to play stories in the app.</p>
          <a className="popover__link" href={url}>
            {url}
          </a>
        </div>
      ) : null}
    </div>
  );
}
