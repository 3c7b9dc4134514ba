import { lazy, Suspense, useCallback, useEffect, type JSX } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Card, Spinner } from 'ui-kit';
import { AppealPanel } from '../components/AppealPanel';
import { RestoreNotice } from '../components/RestoreNotice';
import { SaveBar } from '../components/SaveBar';
import { StaleNotice } from '../components/StaleNotice';
import { ValidationModal } from '../components/ValidationModal';
import { ChaptersSection } from '../sections/ChaptersSection';
import { CharactersSection } from '../sections/CharactersSection';
import { PlayerSection } from '../sections/PlayerSection';
import { PrologueSection } from '../sections/PrologueSection';
import { SettingsSection } from '../sections/SettingsSection';
import { SummarySection } from '../sections/SummarySection';
import { useEditorT } from '../i18n';
import { useCatalogStore } from '../stores/catalog/store';
import { selectLoad, selectRev } from '../stores/editor/selectors';
import { useEditorStore, type SaveMode } from '../stores/editor/store';
import { Autosave } from './useAutosave';
import { CardTools } from '../components/CardTools';
import { isNewId, useEnterEvent, useFocusFirstError, useLeaveGuard } from './useEditorFrame';

const LorebookSection = lazy(() => import('../sections/LorebookSection'));

/** The normal-mode story editor (spec sections 2, 4 and 5). */
export function StoryEditorPage(): JSX.Element {
  const { t } = useEditorT();
  const { id } = useParams();
  const isNew = isNewId(id);
  const navigate = useNavigate();
  const load = useEditorStore(selectLoad);
  const rev = useEditorStore(selectRev);
  const save = useEditorStore((s) => s.save);

  useEffect(() => {
    void useCatalogStore.getState().ensure();
  }, []);

  useEffect(() => {
    const s = useEditorStore.getState();
    if (isNew) {
      // Unless this is the same story just saved for the first time (its id is then in the URL, not "new").
      s.startNew();
    } else if (s.storyId !== id || s.load.status !== 'ready') {
      void s.loadStory(id as string);
    }
  }, [id, isNew]);

  useLeaveGuard('story-editor');
  useEnterEvent(id, 'normal');
  useFocusFirstError();
  // The first automatic save of a new story moves the URL to its id, as the first save by hand does.
  const onCreated = useCallback((storyId: string) => navigate(`../story/${storyId}`, { replace: true }), [navigate]);

  async function onSave(mode: SaveMode): Promise<void> {
    const outcome = await save(mode);
    // The first save of a new story moves the URL to its id; the leave guard lets new -> id through.
    if (outcome.ok && outcome.created) navigate(`../story/${outcome.storyId}`, { replace: true });
  }

  return (
    <div className="editor-page">
      <header className="editor-page__head">
        <div>
          <Link to="../works" className="editor-back">
            {t('common.backToMyStory')}
          </Link>
          <h1 className="ui-heading-1">{t('story.title')}</h1>
        </div>
        <SaveBar onSave={(m) => void onSave(m)} />
      </header>
      <StaleNotice />
      <RestoreNotice />
      {load.status === 'ready' && !isNew ? <AppealPanel /> : null}
      {load.status === 'loading' ? <Spinner label={t('story.loading')} /> : null}
      {load.status === 'error' ? (
        <Card className="editor-notice" role="alert">
          <p>{t('story.loadFailed', { error: load.error })}</p>
          <div>
            <Button onClick={() => id && void useEditorStore.getState().loadStory(id)}>{t('common.tryAgain')}</Button>
          </div>
        </Card>
      ) : null}
      {load.status === 'ready' ? (
        <div key={rev} className="editor-body">
          <CharactersSection />
          <PlayerSection />
          <PrologueSection />
          <ChaptersSection />
          <SummarySection />
          <SettingsSection />
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <LorebookSection storyId={isNew ? null : (id ?? null)} />
          </Suspense>
          <CardTools storyId={isNew ? null : (id ?? null)} story />
        </div>
      ) : null}
      <ValidationModal />
      <Autosave onCreated={onCreated} />
    </div>
  );
}
