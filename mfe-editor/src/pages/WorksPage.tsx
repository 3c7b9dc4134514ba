import { useEffect, type JSX } from 'react';
import { Link } from 'react-router';
import { CreatorStoryStatus } from 'shared-kit';
import { Button, Card, EmptyState, Skeleton } from 'ui-kit';
import { StoryCard } from '../components/StoryCard';
import { useEditorT } from '../i18n';
import { selectAnyVerifying, selectFilter, selectWorks, selectWorksError, selectWorksStatus } from '../stores/works/selectors';
import { REVIEW_POLL_MS, useWorksStore, type WorksFilter } from '../stores/works/store';

const FILTERS: WorksFilter[] = [
  '',
  CreatorStoryStatus.Draft,
  CreatorStoryStatus.Verifying,
  CreatorStoryStatus.Passed,
  CreatorStoryStatus.Failed,
  CreatorStoryStatus.Unqualified,
];

/** "My Story": the creator's stories and bots with their review status. */
export function WorksPage(): JSX.Element {
  const { t } = useEditorT();
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
    <div className="editor-page">
      <header className="editor-page__head">
        <h1 className="ui-heading-1">{t('common.myStory')}</h1>
        <div className="ui-row">
          {/* Relative, so the links work both under the shell and on the remote's own page. */}
          <Link to="../story/new" className="ui-button ui-button--primary ui-button--md">
            {t('works.createStory')}
          </Link>
          <Link to="../story-ai" className="ui-button ui-button--secondary ui-button--md">
            {t('works.createWithAi')}
          </Link>
          <Link to="../bot" className="ui-button ui-button--secondary ui-button--md">
            {t('works.createBot')}
          </Link>
          <Link to="../gallery" className="ui-button ui-button--secondary ui-button--md">
            {t('gallery.startFromTemplate')}
          </Link>
          <Link to="../voices" className="ui-button ui-button--secondary ui-button--md">
            {t('voices.title')}
          </Link>
          <Link to="../collections" className="ui-button ui-button--secondary ui-button--md" data-testid="works-collections">{t('collections.title')}</Link>
        </div>
      </header>
      <div className="ui-row editor-filters" role="group" aria-label={t('works.filterLabel')}>
        {FILTERS.map((value) => (
          <Button
            key={value || 'all'}
            size="sm"
            variant={filter === value ? 'primary' : 'secondary'}
            aria-pressed={filter === value}
            onClick={() => void useWorksStore.getState().setFilter(value)}
          >
            {t(`status.${value || 'All'}`)}
          </Button>
        ))}
      </div>
      <section aria-label={t('works.listLabel')}>
        {status === 'loading' && stories.length === 0 ? (
          <div role="status" aria-label={t('common.loading')} className="editor-works">
            <Skeleton shape="block" height={120} />
            <Skeleton shape="block" height={120} />
          </div>
        ) : null}
        {status === 'error' ? (
          <Card className="editor-notice" role="alert">
            <p>{t('works.loadFailed', { error })}</p>
            <div>
              <Button onClick={() => void useWorksStore.getState().load()}>{t('common.tryAgain')}</Button>
            </div>
          </Card>
        ) : null}
        {status === 'ready' && stories.length === 0 ? (
          <EmptyState
            title={filter ? t(`works.emptyFiltered.${filter}`) : t('works.empty')}
            description={filter ? undefined : t('works.emptyHint')}
          />
        ) : null}
        {stories.length > 0 ? (
          <ul className="editor-works">
            {stories.map((s) => (
              <StoryCard key={s.story_id} story={s} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
