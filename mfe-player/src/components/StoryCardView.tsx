import type { JSX, ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from 'ui-kit';
import type { StoryCard } from '../api/types';
import { usePlayerT } from '../i18n';
import { useCardCounts } from '../stores/live-counts/store';
import { Cover } from './Cover';
import { usePlayerPath } from './paths';

/** "by Name · 3 chapters" under a story's name; "by Name · Character chat" under a bot's. */
export function StoryByline({
  story,
}: {
  story: Pick<StoryCard, 'creator' | 'chapters_count'> & { is_bot?: boolean };
}): JSX.Element {
  const { t } = usePlayerT();
  return (
    <p className="player-card__meta">
      {t('common.byline', {
        by: t('common.byCreator', { name: story.creator.nickname || t('common.unknownCreator') }),
        chapters: story.is_bot ? t('bot.characterChat') : t('common.chapters', { count: story.chapters_count }),
      })}
    </p>
  );
}

/** "3 likes · 1 comment", following the counts pushed while the card is on screen; nothing for a card without counts. */
export function CardCounts({ story }: { story: Pick<StoryCard, 'story_id' | 'like_count' | 'comment_count'> }): JSX.Element | null {
  const { t } = usePlayerT();
  const counts = useCardCounts(story);
  if (counts.like_count === undefined && counts.comment_count === undefined) return null;
  return (
    <p className="player-card__meta">
      {t('social.counts', {
        likes: t('social.likeCount', { count: counts.like_count ?? 0 }),
        comments: t('social.commentCount', { count: counts.comment_count ?? 0 }),
      })}
    </p>
  );
}

/** One story in a list: cover, name, introduction, creator and chapters; the whole card opens the story (a link on the name stretched over the card, so its accessible name is the story's name). */
export function StoryCardView({
  story,
  extra,
  actions,
}: {
  story: StoryCard;
  extra?: ReactNode;
  actions?: ReactNode;
}): JSX.Element {
  const to = usePlayerPath(`story/${story.story_id}`);
  return (
    <Card as="li" interactive className="player-card">
      <div className="player-card__main">
        <Cover src={story.logo} name={story.story_name} />
        <div className="player-card__body">
          <h3 className="player-card__title">
            {/* The link is named by the story's name; its area stretches over the whole card. */}
            <Link to={to} className="player-card__link">
              {story.story_name}
            </Link>
          </h3>
          <p className="player-card__intro">{story.introduction}</p>
          <StoryByline story={story} />
          <CardCounts story={story} />
          {extra}
        </div>
      </div>
      {actions ? <div className="player-card__actions">{actions}</div> : null}
    </Card>
  );
}
