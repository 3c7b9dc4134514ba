import { useEffect, type JSX } from 'react';
import { Link } from 'react-router';
import { CreatorStoryStatus } from 'shared-kit';
import { StoryCard } from '../components/StoryCard';
import { selectAnyVerifying, selectFilter, selectWorks, selectWorksError, selectWorksStatus } from '../stores/works/selectors';
import { REVIEW_POLL_MS, useWorksStore, type WorksFilter } from '../stores/works/store';

const FILTERS: Array<{ value: WorksFilter; label: string }> = [
  { value: '', label: 'All' },
  { value: CreatorStoryStatus.Draft, label: 'Draft' },
  { value: CreatorStoryStatus.Verifying, label: 'Verifying' },
  { value: CreatorStoryStatus.Passed, label: 'Passed' },
  { value: CreatorStoryStatus.Failed, label: 'Failed' },
  { value: CreatorStoryStatus.Unqualified, label: 'Unqualified' },
];

/** "My Story": the creator's stories and bots with their review status. */
export function WorksPage(): JSX.Element {
  const stories = useWorksStore(selectWorks);
  const status = useWorksStore(selectWorksStatus);
  const error = useWorksStore(selectWorksError);
  const filter = useWorksStore(selectFilter);
  const verifying = useWorksStore(selectAnyVerifying);

  useEffect(() => {
    void useWorksStore.getState().load();
  }, []);

  // The shell keeps its push socket to itself, so a story under review is polled until its outcome arrives.
  useEffect(() => {
    if (!verifying) return undefined;
    const timer = setInterval(() => void useWorksStore.getState().refresh(), REVIEW_POLL_MS);
    return () => clearInterval(timer);
  }, [verifying]);

  return (
    <main className="ed-page">
      <header className="ed-page__head">
        <h1>My Story</h1>
        <div className="ed-work__tools">
          {/* Relative, so the links work both under the shell and on the remote's own page. */}
          <Link to="../story/new" className="ed-button ed-button--primary">
            Create story
          </Link>
          <Link to="../bot" className="ed-button">
            Create bot
          </Link>
        </div>
      </header>
      <div className="ed-filters" role="group" aria-label="Filter by status">
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            className={filter === f.value ? 'ed-chip-button ed-chip-button--on' : 'ed-chip-button'}
            aria-pressed={filter === f.value}
            onClick={() => void useWorksStore.getState().setFilter(f.value)}
          >
            {f.label}
          </button>
        ))}
      </div>
      <section aria-label="Works">
        {status === 'loading' && stories.length === 0 ? <p role="status">Loading…</p> : null}
        {status === 'error' ? (
          <div className="ed-notice" role="alert">
            <p>My Story could not be loaded: {error}</p>
            <button type="button" className="ed-button" onClick={() => void useWorksStore.getState().load()}>
              Try again
            </button>
          </div>
        ) : null}
        {status === 'ready' && stories.length === 0 ? (
          <div className="ed-empty">
            <p>{filter ? `No ${filter.toLowerCase()} stories` : 'No stories yet'}</p>
            {filter ? null : <p className="ed-hint">Create your first story: characters, chapters and an opening line.</p>}
          </div>
        ) : null}
        {stories.length > 0 ? (
          <ul className="ed-works">
            {stories.map((s) => (
              <StoryCard key={s.story_id} story={s} />
            ))}
          </ul>
        ) : null}
      </section>
    </main>
  );
}
