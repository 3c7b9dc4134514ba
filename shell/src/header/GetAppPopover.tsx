import { useEffect, useId, useRef, useState } from 'react';
import { useQrCodeModule } from './useQrCodeModule';

const QR_SIZE = 160;

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
  const qr = useQrCodeModule(open);

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
        onPointerEnter={qr.preload}
        onFocus={qr.preload}
        onClick={() => setOpen((v) => !v)}
      >
        Get the app
      </button>
      {open ? (
        <div id={panelId} className="popover" role="group" aria-label="Get the app">
          {qr.module ? (
            <qr.module.QrCode value={url} size={QR_SIZE} label={`QR code for ${url}`} />
          ) : (
            <div
              className="qr-code qr-code--placeholder"
              role="img"
              aria-busy={!qr.failed}
              aria-label={qr.failed ? 'The QR code could not be loaded' : 'Loading the QR code'}
              style={{ width: QR_SIZE, height: QR_SIZE }}
            >
              {qr.failed ? 'QR code unavailable: use the link below.' : null}
            </div>
          )}
          <p className="popover__text">Scan with your phone to play stories in the app.</p>
          <a className="popover__link" href={url}>
            {url}
          </a>
        </div>
      ) : null}
    </div>
  );
}
