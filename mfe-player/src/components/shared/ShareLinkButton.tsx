import { useState, type JSX } from 'react';
import { shellToast, type ShareInfo } from 'shared-kit';
import { Button, Modal, TextField, messageForError } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { shareUrl } from '../community/ShareButton';

export interface ShareLinkButtonProps {
  /** What is shared, naming the field's id (`player-<kind>-share-link`) and test ids (`<kind>-share-link`...). */
  kind: 'collection' | 'thread';
  /** Asks the server for the link. */
  share: () => Promise<ShareInfo>;
  /** The dialog's title. */
  title: string;
}

/**
 * Share a collection or a thread: its link (`/s/<code>`, a page with Open Graph tags), in a dialog with a copy
 * button (the field is focused for copying by hand when the clipboard refuses).
 */
export function ShareLinkButton({ kind, share, title }: ShareLinkButtonProps): JSX.Element {
  const { t } = usePlayerT();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<{ url: string; title: string } | null>(null);
  const fieldId = `player-${kind}-share-link`;
  async function onShare(): Promise<void> {
    setBusy(true);
    try {
      const info = await share();
      setLink({ url: shareUrl(info), title: info.title });
    } catch (error) {
      shellToast({ type: 'error', message: messageForError(error) });
    } finally {
      setBusy(false);
    }
  }
  async function onCopy(url: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(url);
      shellToast({ type: 'success', message: t('social.linkCopied', { url }) });
    } catch {
      document.getElementById(fieldId)?.focus();
    }
  }
  return (
    <>
      <Button
        icon={<span aria-hidden="true">↗</span>}
        loading={busy}
        onClick={() => void onShare()}
        data-testid={`${kind}-share-link-button`}
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
              <Button variant="primary" onClick={() => void onCopy(link.url)}>
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
            data-testid={`${kind}-share-link`}
          />
        </Modal>
      ) : null}
    </>
  );
}
