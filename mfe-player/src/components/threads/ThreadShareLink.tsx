import { useState, type JSX } from 'react';
import { shellToast } from 'shared-kit';
import { Button, Modal, TextField, messageForError } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { shareThread } from '../../services/thread.service';
import { shareUrl } from '../community/ShareButton';

/** Share a thread: its link (`/s/<code>`, a page with Open Graph tags), in a dialog with a copy button. */
export function ThreadShareLink({ threadId }: { threadId: string }): JSX.Element {
  const { t } = usePlayerT();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<{ url: string; title: string } | null>(null);
  async function onShare(): Promise<void> {
    setBusy(true);
    try {
      const info = await shareThread(threadId);
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
      document.getElementById('player-thread-share-link')?.focus();
    }
  }
  return (
    <>
      <Button icon={<span aria-hidden="true">↗</span>} loading={busy} onClick={() => void onShare()} data-testid="thread-share-link-button">
        {t('social.share')}
      </Button>
      {link ? (
        <Modal
          open
          title={t('thread.shareTitle')}
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
            id="player-thread-share-link"
            label={t('social.shareLink')}
            value={link.url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            data-testid="thread-share-link"
          />
        </Modal>
      ) : null}
    </>
  );
}
