import type { JSX } from 'react';
import { ErrorCode, goToLogin, shellToast, useSessionStore } from 'shared-kit';
import { Button, formatCount, messageForCode } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { useStoryStatsStore } from '../../stores/story-stats/store';

/** The open story's like: shown at once, put back with a message if the api refuses; visitors are asked to log in. */
export function LikeButton(): JSX.Element {
  const { t } = usePlayerT();
  const liked = useStoryStatsStore((s) => s.liked);
  const count = useStoryStatsStore((s) => s.likeCount);
  const signedIn = useSessionStore((s) => s.status === 'user');

  async function onClick(): Promise<void> {
    if (!signedIn) {
      goToLogin();
      return;
    }
    const refused = await useStoryStatsStore.getState().toggleLike();
    if (!refused) return;
    if (refused.code === ErrorCode.NeedLogin) goToLogin();
    else shellToast({ type: 'error', message: refused.code === null ? refused.message : messageForCode(refused.code, refused.message) });
  }

  return (
    <span className="player-social__like">
      <Button
        variant={liked ? 'primary' : 'secondary'}
        aria-pressed={liked}
        icon={<span aria-hidden="true">{liked ? '♥' : '♡'}</span>}
        onClick={() => void onClick()}
      >
        {t('social.like')}
      </Button>
      <span className="player-social__count" data-testid="like-count">
        {t('social.likeCount', { count, formatted: formatCount(count) })}
      </span>
    </span>
  );
}
