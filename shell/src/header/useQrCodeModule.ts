import { useCallback, useEffect, useState } from 'react';
import type { QrCode } from './QrCode';

interface QrCodeModule {
  QrCode: typeof QrCode;
}

// The QR encoder (the `qrcode` package) is fetched on demand: most visitors never open the popover, and it must not
// delay the header's first paint. One download per page; a failed one is forgotten so the next opening retries.
let pending: Promise<QrCodeModule> | null = null;
let loaded: QrCodeModule | null = null;

function loadQrCodeModule(): Promise<QrCodeModule> {
  pending ??= import('./QrCode').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

export interface QrCodeModuleState {
  /** The QR component's module once downloaded. */
  module: QrCodeModule | null;
  /** The last download failed (offline, deployment changed); opening again retries. */
  failed: boolean;
  /** Starts the download ahead of opening, e.g. when the pointer reaches the button. */
  preload: () => void;
}

/** Loads the QR component while `wanted` is true (the popover is open). */
export function useQrCodeModule(wanted: boolean): QrCodeModuleState {
  const [module, setModule] = useState<QrCodeModule | null>(loaded);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!wanted || module) return undefined;
    let live = true;
    setFailed(false);
    loadQrCodeModule().then(
      (m) => {
        if (live) setModule(m);
      },
      (error: unknown) => {
        console.error('the QR code could not be loaded', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, module]);

  const preload = useCallback(() => {
    loadQrCodeModule().catch(() => undefined);
  }, []);

  return { module, failed, preload };
}

/** For tests: forget the downloaded module. */
export function resetQrCodeModule(): void {
  pending = null;
  loaded = null;
}
