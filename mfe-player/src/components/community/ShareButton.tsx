import { useState, type JSX } from 'react';
import { shellToast, type ShareInfo } from 'shared-kit';
import { Button, Modal, TextField, messageForError } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import * as community from '../../services/community.service';

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
 * Share: asks the api for the story's link (the same link each time; a bot's as share type Bot), or with `playId` the
 * link to that play's ending, then the phone's share sheet, or a dialog with the link and a copy button.
 */
export function ShareButton({ storyId, playId, bot = false }: { storyId: string; playId?: string; bot?: boolean }): JSX.Element {
  const { t } = usePlayerT();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<{ url: string; title: string } | null>(null);

  async function onShare(): Promise<void> {
    setBusy(true);
    let info: ShareInfo;
    try {
      info = await community.shareStory(storyId, { playId, bot });
    } catch (error) {
      shellToast({ type: 'error', message: messageForError(error) });
      return;
    } finally {
      setBusy(false);
    }
    const url = shareUrl(info);
    const share = nativeShare();
    if (share) {
      try {
        await share({ title: info.title, text: info.description, url });
        return;
      } catch (error) {
        // Cancelled by the person: nothing to do. Any other failure falls back to the dialog.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setLink({ url, title: info.title });
  }

  async function onCopy(url: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(url);
      shellToast({ type: 'success', message: t('social.linkCopied', { url }) });
    } catch {
      // Copying was refused: the link stays selected in its field for the person to copy.
      document.getElementById('player-share-link')?.focus();
    }
  }

  return (
    <>
      <Button icon={<span aria-hidden="true">↗</span>} loading={busy} onClick={() => void onShare()}>
        {t('social.share')}
      </Button>
      {link ? (
        <Modal
          open
          title={bot && !playId ? t('bot.shareTitle') : t('social.shareTitle')}
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
          <TextField id="player-share-link" label={t('social.shareLink')} value={link.url} readOnly onFocus={(e) => e.currentTarget.select()} />
        </Modal>
      ) : null}
    </>
  );
}
