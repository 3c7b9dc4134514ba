import { useEffect, useRef, useState, type JSX } from 'react';
import { Button } from 'ui-kit';
import { usePlayerT } from '../i18n';

/**
 * The offline house ad: our own animation (CSS and SVG, no network) for as long as the reward's minimum watch
 * time, then a button to claim it. Closing early gives no reward. A modal dialog: focus moves in and Escape closes.
 */
export function HouseAd({ watchMs, onDone, onClose }: { watchMs: number; onDone: () => void; onClose: () => void }): JSX.Element {
  const { t } = usePlayerT();
  const [left, setLeft] = useState(Math.ceil(watchMs / 1000));
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, Math.ceil((watchMs - (Date.now() - started)) / 1000));
      setLeft(remaining);
      if (remaining === 0) window.clearInterval(timer);
    }, 250);
    dialog.current?.focus();
    return () => window.clearInterval(timer);
  }, [watchMs]);

  return (
    <div className="player-ad-backdrop">
      <div
        ref={dialog}
        className="player-ad"
        role="dialog"
        aria-modal="true"
        aria-labelledby="player-ad-title"
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <p className="player-ad__tag">{t('ads.title')}</p>
        <svg className="player-ad__art" viewBox="0 0 200 120" aria-hidden="true">
          <circle className="player-ad__orb player-ad__orb--a" cx="60" cy="60" r="28" />
          <circle className="player-ad__orb player-ad__orb--b" cx="140" cy="60" r="20" />
          <path className="player-ad__wave" d="M0 95 Q50 75 100 95 T200 95" />
        </svg>
        <h2 id="player-ad-title">{t('ads.houseTitle')}</h2>
        <p>{t('ads.houseText')}</p>
        <p role="status" aria-live="polite" data-testid="ad-countdown">
          {left > 0 ? t('ads.secondsLeft', { count: left }) : null}
        </p>
        <div className="player-ad__actions">
          {left === 0 ? (
            <Button variant="primary" onClick={onDone}>
              {t('ads.claim')}
            </Button>
          ) : null}
          <Button variant="ghost" onClick={onClose}>
            {left === 0 ? t('ads.close') : t('ads.closeEarly')}
          </Button>
        </div>
      </div>
    </div>
  );
}
