import type { JSX, ReactNode } from 'react';
import { Link } from 'react-router';
import type { StoryCard } from '../api/types';
import { Cover } from './Cover';
import { usePlayerPath } from './paths';

/** One story in a list: cover, name, introduction, creator and chapters; the whole card opens the story. */
export function StoryCardView({ story, extra, actions }: { story: StoryCard; extra?: ReactNode; actions?: ReactNode }): JSX.Element {
  const to = usePlayerPath(`story/${story.story_id}`);
  return (
    <li className="pl-card">
      <Link to={to} className="pl-card__link" aria-label={story.story_name}>
        <Cover src={story.logo} name={story.story_name} />
        <div className="pl-card__body">
          <h3 className="pl-card__title">{story.story_name}</h3>
          <p className="pl-card__intro">{story.introduction}</p>
          <p className="pl-card__meta">
            <span>by {story.creator.nickname || 'Unknown creator'}</span>
            <span aria-hidden="true"> · </span>
            <span>{story.chapters_count === 1 ? '1 chapter' : `${story.chapters_count} chapters`}</span>
          </p>
          {extra}
        </div>
      </Link>
      {actions ? <div className="pl-card__actions">{actions}</div> : null}
    </li>
  );
}
