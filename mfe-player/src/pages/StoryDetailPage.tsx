import { useEffect, useState, type JSX } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Coverage, StoryDetail } from '../api/types';
import { Cover } from '../components/Cover';
import { NotFound } from '../components/NotFound';
import { usePlayerPath } from '../components/paths';
import { errorText } from '../lib/errors';
import { pictureSrc } from '../lib/media';
import * as feedService from '../services/feed.service';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; story: StoryDetail; coverage: Coverage | null };

/** A story before playing: cover, introduction, creator, cast and chapters, then Play or Continue. */
export function StoryDetailPage(): JSX.Element {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const navigate = useNavigate();
  const feedPath = usePlayerPath();
  const playPath = usePlayerPath(`story/${id}/play`);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    setLoad({ status: 'loading' });
    Promise.all([feedService.storyDetail(id), feedService.coverage(id).catch(() => null)]).then(
      ([story, coverage]) => live && setLoad({ status: 'ready', story, coverage }),
      (error: unknown) => live && setLoad({ status: 'error', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [id, valid, attempt]);

  if (!valid) return <NotFound />;
  if (load.status === 'loading') {
    return (
      <main className="pl-page">
        <p className="pl-status" role="status">
          Loading the story…
        </p>
      </main>
    );
  }
  if (load.status === 'error') {
    return (
      <main className="pl-page pl-center">
        <h1>Story unavailable</h1>
        <p role="alert">{load.message}</p>
        <button type="button" className="pl-button" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
        <Link to={feedPath} className="pl-link">
          Back to stories
        </Link>
      </main>
    );
  }

  const { story, coverage } = load;
  const resumable = coverage?.has_play === true;
  return (
    <main className="pl-page pl-detail">
      <Link to={feedPath} className="pl-back">
        ‹ Stories
      </Link>
      <Cover src={story.logo} name={story.story_name} className="pl-detail__cover" />
      <h1 className="pl-title">{story.story_name}</h1>
      <p className="pl-card__meta">
        by {story.creator.nickname || 'Unknown creator'} · {story.chapters_count === 1 ? '1 chapter' : `${story.chapters_count} chapters`}
      </p>
      <p className="pl-ai-label">AI-generated content</p>
      <p className="pl-detail__intro">{story.introduction}</p>
      <div className="pl-detail__actions">
        <button type="button" className="pl-button pl-button--primary pl-button--wide" onClick={() => navigate(playPath)}>
          {resumable ? 'Continue' : 'Play'}
        </button>
        {resumable ? (
          <button type="button" className="pl-button pl-button--wide" onClick={() => navigate(`${playPath}?new=1`)}>
            Start over
          </button>
        ) : null}
      </div>
      {story.characters.length > 0 ? (
        <section aria-labelledby="pl-cast-title">
          <h2 id="pl-cast-title" className="pl-subtitle">
            Characters
          </h2>
          <ul className="pl-cast">
            {story.characters.map((c) => {
              const src = pictureSrc(c.character_url);
              return (
                <li key={c.character_id} className="pl-cast__item">
                  {src ? <img className="pl-portrait" src={src} alt="" /> : <span className="pl-portrait pl-portrait--empty" aria-hidden="true" />}
                  <span>{c.character_name}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {story.player.character_name ? (
        <p className="pl-detail__you">
          You play <strong>{story.player.character_name}</strong>
          {story.player.settings ? `: ${story.player.settings}` : ''}
        </p>
      ) : null}
    </main>
  );
}
