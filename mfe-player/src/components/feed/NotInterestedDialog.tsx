import { useState, type JSX } from 'react';
import { HoldReason, shellToast } from 'shared-kit';
import { Button, Modal, messageForError } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { holdStory } from '../../services/hold.service';
import { useFeedStore } from '../../stores/feed/store';

const REASONS = [HoldReason.NotInterested, HoldReason.PoorContentQuality, HoldReason.Clickbait] as const;

/** The feed card's "Not interested": the hold reasons; the chosen one takes the story out of this player's feed. */
export function NotInterestedDialog({ storyId, storyName, onClose }: { storyId: string; storyName: string; onClose: () => void }): JSX.Element {
  const { t } = usePlayerT();
  const [busy, setBusy] = useState<HoldReason | null>(null);
  async function choose(reason: HoldReason): Promise<void> {
    setBusy(reason);
    try {
      await holdStory(storyId, reason);
      useFeedStore.setState((s) => ({ forYou: { ...s.forYou, items: s.forYou.items.filter((x) => x.story_id !== storyId) } }));
      shellToast({ type: 'success', message: t('hold.done', { name: storyName }) });
      onClose();
    } catch (error) {
      shellToast({ type: 'error', message: messageForError(error) });
      setBusy(null);
    }
  }
  return (
    <Modal open size="sm" title={t('hold.title')} description={t('hold.description', { name: storyName })} onClose={onClose} busy={busy !== null} actions={<Button onClick={onClose}>{t('hold.cancel')}</Button>}>
      <ul className="player-hold" data-testid="hold-reasons">
        {REASONS.map((r) => (
          <li key={r}>
            <Button className="player-hold__reason" loading={busy === r} disabled={busy !== null && busy !== r} onClick={() => void choose(r)}>
              {t(`hold.reasons.${r}`)}
            </Button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
