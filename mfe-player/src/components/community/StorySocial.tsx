import { useEffect, type JSX, type ReactNode } from 'react';
import './community.css';
import type { StoryDetail } from '../../api/types';
import { usePlayerT } from '../../i18n';
import { useCommentsStore } from '../../stores/comments/store';
import { useStoryStatsStore } from '../../stores/story-stats/store';
import { LikeButton } from './LikeButton';
import { ShareButton } from './ShareButton';
import { useStoryLive } from './useStoryLive';

/**
 * The story page's social bar: like with its count, the comment count (a link to the comments), share, and a slot
 * for further actions (reporting). Opens the page's live counts.
 */
export function StorySocial({ story, children }: { story: StoryDetail; children?: ReactNode }): JSX.Element {
  const { t } = usePlayerT();
  const comments = useCommentsStore((s) => (s.storyId === story.story_id && s.status !== 'idle' ? s.commentCount : (story.comment_count ?? 0)));

  useEffect(() => {
    useStoryStatsStore.getState().init(story.story_id, story.liked ?? false, story.like_count ?? 0);
  }, [story.story_id, story.liked, story.like_count]);
  useStoryLive(story.story_id);

  return (
    <div className="player-social" role="group" aria-label={t('social.storyActions')}>
      <LikeButton />
      <a href="#comments" className="player-social__count player-link">
        {t('social.commentCount', { count: comments })}
      </a>
      <ShareButton storyId={story.story_id} bot={story.is_bot} />
      {/* Further story actions (reporting) go here. */}
      {children}
    </div>
  );
}
