import { useState, type JSX } from 'react';
import { shellToast, type ShareInfo } from 'shared-kit';
import { Button, Modal, TextField, messageForError } from 'ui-kit';
import { usePlayerT } from '../../i18n';

/** The landing page's full address (`/s/<code>` on this site). */
export function shareUrl(info: Pick<ShareInfo, 'path'>): string {
  return new URL(info.path, window.location.origin).href;
}

/** Whether the browser offers its own share sheet (phones, mostly). */
function nativeShare(): ((data: ShareData) => Promise<void>) | null {
  const nav = navigator as Navigator & { share?: (data: ShareData) => Promise<void> };
  return typeof nav.share === 'function' && window.matchMedia?.('(pointer: coarse)').matches ? nav.share.bind(nav) : null;
}

/**
 * Copies `url` and says so in a toast; when the browser refuses, the field `fieldId` (which holds the link) takes the
 * focus, its text selected, for the person to copy by hand.
 */
export async function copyLink(url: string, fieldId: string, copied: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    shellToast({ type: 'success', message: copied });
  } catch {
    document.getElementById(fieldId)?.focus();
  }
}

export interface ShareLinkButtonProps {
  /** Asks the server for the link. */
  share: () => Promise<ShareInfo>;
  /** The dialog's title. */
  title: string;
  /** The link field's id. */
  fieldId: string;
  /** The button's and the field's test ids (`<testId>-button`, `<testId>`), when a test needs them. */
  testId?: string;
  /** Offer the phone's share sheet first (the dialog when there is none, or it fails). */
  native?: boolean;
}

/**
 * Share: asks the server for the link (`/s/<code>`, a page with Open Graph tags), then (with `native`) the phone's
 * share sheet, or a dialog with the link and a copy button.
 */
export function ShareLinkButton({ share, title, fieldId, testId, native = false }: ShareLinkButtonProps): JSX.Element {
  const { t } = usePlayerT();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<{ url: string; title: string } | null>(null);
  async function onShare(): Promise<void> {
    setBusy(true);
    let info: ShareInfo;
    try {
      info = await share();
    } catch (error) {
      shellToast({ type: 'error', message: messageForError(error) });
      return;
    } finally {
      setBusy(false);
    }
    const url = shareUrl(info);
    const sheet = native ? nativeShare() : null;
    if (sheet) {
      try {
        await sheet({ title: info.title, text: info.description, url });
        return;
      } catch (error) {
        // Cancelled by the person: nothing to do. Any other failure falls back to the dialog.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setLink({ url, title: info.title });
  }
  return (
    <>
      <Button
        icon={<span aria-hidden="true">↗</span>}
        loading={busy}
        onClick={() => void onShare()}
        data-testid={testId ? `${testId}-button` : undefined}
      >
        {t('social.share')}
      </Button>
      {link ? (
        <Modal
          open
          title={title}
          description={link.title}
          onClose={() => setLink(null)}
          actions={
            <>
              <Button onClick={() => setLink(null)}>{t('social.close')}</Button>
              <Button variant="primary" onClick={() => void copyLink(link.url, fieldId, t('social.linkCopied', { url: link.url }))}>
                {t('social.copyLink')}
              </Button>
            </>
          }
        >
          <TextField
            id={fieldId}
            label={t('social.shareLink')}
            value={link.url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            data-testid={testId}
          />
        </Modal>
      ) : null}
    </>
  );
}
