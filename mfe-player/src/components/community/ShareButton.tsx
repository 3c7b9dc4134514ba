import type { JSX } from 'react';
import { usePlayerT } from '../../i18n';
import * as community from '../../services/community.service';
import { ShareLinkButton } from '../shared/ShareLinkButton';

/**
 * Share: asks the api for the story's link (the same link each time; a bot's as share type Bot), or with `playId` the
 * link to that play's ending, then the phone's share sheet, or a dialog with the link and a copy button.
 */
export function ShareButton({ storyId, playId, bot = false }: { storyId: string; playId?: string; bot?: boolean }): JSX.Element {
  const { t } = usePlayerT();
  return (
    <ShareLinkButton
      share={() => community.shareStory(storyId, { playId, bot })}
      title={bot && !playId ? t('bot.shareTitle') : t('social.shareTitle')}
      fieldId="player-share-link"
      native
    />
  );
}
