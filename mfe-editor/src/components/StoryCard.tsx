import { useState, type JSX } from 'react';
import { Link } from 'react-router';
import { DisplayStatus, relativeTime, StoryGenType } from 'shared-kit';
import type { StoryListItem } from '../api/types';
import { useWorksStore } from '../stores/works/store';
import { Dialog } from './Dialog';

function editPath(s: StoryListItem): string {
  return s.story_gen_type === StoryGenType.SingleBot ? `../bot/${s.story_id}` : `../story/${s.story_id}`;
}

export function StoryCard({ story }: { story: StoryListItem }): JSX.Element {
  const [confirming, setConfirming] = useState(false);
  const remove = useWorksStore((s) => s.remove);
  const toggleTop = useWorksStore((s) => s.toggleTop);
  const name = story.story_name.trim() || 'Untitled story';
  const updated = Date.parse(story.updated_at);
  return (
    <li className="ed-work" aria-label={name}>
      <div className="ed-work__cover">
        {story.logo ? <img src={story.logo} alt="" /> : <span aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>}
      </div>
      <div className="ed-work__body">
        <h2 className="ed-work__name">
          {story.is_top ? <span className="ed-badge">Pinned</span> : null} {name}
        </h2>
        <p>
          <span className="ed-status" data-status={story.creator_status}>
            {story.creator_status}
          </span>{' '}
          <span className="ed-hint">Updated {Number.isFinite(updated) ? relativeTime(updated) : ''}</span>
        </p>
        <div className="ed-work__tools">
          <Link to={editPath(story)} className="ed-button" aria-label={`Edit ${name}`}>
            Edit
          </Link>
          {story.display_status === DisplayStatus.Published ? (
            <Link to={`/play/story/${story.story_id}`} className="ed-button" aria-label={`View ${name}`}>
              View
            </Link>
          ) : null}
          <Link to={`/play/story/${story.story_id}/play?draft=1`} className="ed-button" aria-label={`Play-test ${name}`}>
            Play-test
          </Link>
          <button type="button" className="ed-button" onClick={() => void toggleTop(story.story_id)} aria-label={`${story.is_top ? 'Unpin' : 'Pin'} ${name}`}>
            {story.is_top ? 'Unpin' : 'Pin to top'}
          </button>
          <button type="button" className="ed-button ed-button--danger" onClick={() => setConfirming(true)} aria-label={`Delete ${name}`}>
            Delete
          </button>
        </div>
      </div>
      {confirming ? (
        <Dialog
          title={`Delete "${name}"?`}
          onClose={() => setConfirming(false)}
          actions={[
            {
              label: 'Delete',
              primary: true,
              onClick: () => {
                setConfirming(false);
                void remove(story.story_id);
              },
            },
            { label: 'Cancel', onClick: () => setConfirming(false) },
          ]}
        >
          <p>The story is removed from My Story and from play. This cannot be undone.</p>
        </Dialog>
      ) : null}
    </li>
  );
}
