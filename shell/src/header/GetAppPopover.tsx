import { useEffect, useId, useRef, useState } from 'react';
import { Button } from 'ui-kit';
import { useShellT } from '../i18n';
import { useQrCodeModule } from './useQrCodeModule';

const QR_SIZE = 160;

/** Where the app's landing page lives: the player area of this same site. */
export function appLandingUrl(origin: string = window.location.origin): string {
  return `${origin}/play`;
}

/** "Get the app": a button that opens a QR code of the app landing page, for desktop visitors to scan. */
export function GetAppPopover() {
  const { t } = useShellT();
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
      <Button
        variant="ghost"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={qr.preload}
        onFocus={qr.preload}
        onClick={() => setOpen((v) => !v)}
      >
        {t('header.getApp')}
      </Button>
      {open ? (
        <div id={panelId} className="ui-popover get-app" role="group" aria-label={t('header.getApp')}>
          {qr.module ? (
            <qr.module.QrCode value={url} size={QR_SIZE} label={t('header.qrFor', { url })} />
          ) : (
            <div
              className="qr-code qr-code--placeholder"
              role="img"
              aria-busy={!qr.failed}
              aria-label={qr.failed ? t('header.qrFailed') : t('header.qrLoading')}
              style={{ width: QR_SIZE, height: QR_SIZE }}
            >
              {qr.failed ? t('header.qrUnavailable') : null}
            </div>
          )}
          <p className="get-app__text">{t('header.scanText')}</p>
          <a className="get-app__link" href={url}>
            {url}
          </a>
        </div>
      ) : null}
    </div>
  );
}
