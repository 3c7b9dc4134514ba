import type { JSX } from 'react';
import { Link } from 'react-router';
import type { AuthorDetail } from 'shared-kit';
import { Card } from 'ui-kit';
import { Cover } from '../Cover';
import { CardCounts } from '../StoryCardView';
import { usePlayerPath } from '../paths';

type MiniStory = AuthorDetail['stories'][number];

/** A story in the community lists (a creator's stories, the liked ones): cover, name, introduction, counts. */
export function MiniStoryCard({ story, byline }: { story: MiniStory; byline?: string }): JSX.Element {
  const to = usePlayerPath(`story/${story.story_id}`);
  return (
    <Card as="li" interactive className="player-card">
      <div className="player-card__main">
        <Cover src={story.logo} name={story.story_name} />
        <div className="player-card__body">
          <h3 className="player-card__title">
            <Link to={to} className="player-card__link">
              {story.story_name}
            </Link>
          </h3>
          <p className="player-card__intro">{story.introduction}</p>
          {byline ? <p className="player-card__meta">{byline}</p> : null}
          <CardCounts story={story} />
        </div>
      </div>
    </Card>
  );
}
