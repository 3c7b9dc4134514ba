import { useEffect, type JSX } from 'react';
import { useNavigate, useParams } from 'react-router';
import { createSocketClient, PushType, registerLeaveGuard, type PushMessage } from 'shared-kit';
import { Button, ConfirmDialog, Spinner, useDocumentTitle } from 'ui-kit';
import { useBrainstormT } from '../i18n';
import {
  closeModal,
  load,
  loadStyles,
  planMoved,
  pollPlan,
  resetBrainstormStore,
  useBrainstormStore,
} from '../stores/brainstorm';
import { CreatingStep, EditStep, ResultStep, StepList } from './steps';

/** Pushes carry each step; this poll only covers a push connection that is down. */
const POLL_MS = 3000;

/** While creating: the plan's pushes on the user's socket move the percent, and a slow poll backs them up. */
function usePlanUpdates(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    const client = createSocketClient({ autoConnect: true, onLoadError: () => undefined });
    const off = client.on(PushType.Plan, (push: PushMessage) => {
      const msg = (push as unknown as { plan_push_msg?: { plan_id: string; status: number; percent: number } }).plan_push_msg;
      if (msg) planMoved(msg);
    });
    const timer = setInterval(() => void pollPlan(), POLL_MS);
    void pollPlan();
    return () => {
      off();
      client.close();
      clearInterval(timer);
    };
  }, [active]);
}

/** The brainstorm screen (spec section 2): story edit, creating, result; the step follows the story's status. */
export function BrainstormPage(): JSX.Element {
  const { t } = useBrainstormT();
  const { id } = useParams();
  const navigate = useNavigate();
  const storyId = id && id !== 'new' && id !== '0' ? id : null;
  const { step, loading, loadError, modal, quotaMax } = useBrainstormStore();

  useEffect(() => {
    void load(storyId);
  }, [storyId]);
  useEffect(() => {
    void loadStyles();
  }, []);
  useDocumentTitle(t('pageTitle'));
  // An idea typed and not yet sent is unsaved work: leaving asks first (the story editor counts as a mode switch).
  useEffect(
    () =>
      registerLeaveGuard({
        id: 'brainstorm-editor',
        isDirty: () => {
          const s = useBrainstormStore.getState();
          return s.step === 'edit' && s.idea.trim() !== '' && s.idea !== s.savedIdea;
        },
        onConfirm: resetBrainstormStore,
        modeSwitchPaths: ['/editor/story/'],
      }),
    [],
  );
  useEffect(() => resetBrainstormStore, []);
  usePlanUpdates(step === 'creating');

  const started = (newId: string) => {
    if (newId !== storyId) void navigate(storyId ? `../${newId}` : newId, { replace: true, relative: 'path' });
  };

  return (
    <div className="bs-page">
      <h1 className="ui-heading-1">{t('title')}</h1>
      <StepList step={step} />
      {loading ? (
        <Spinner />
      ) : loadError ? (
        <div role="alert">
          <p>{t('loadFailed')}</p>
          <Button onClick={() => void load(storyId)}>{t('tryAgain')}</Button>
        </div>
      ) : step === 'edit' ? (
        <EditStep onStarted={started} />
      ) : step === 'creating' ? (
        <CreatingStep />
      ) : (
        <ResultStep onRegenerated={() => undefined} />
      )}
      <ConfirmDialog
        open={modal === 'quota'}
        title={t('quotaModal.title')}
        confirmLabel={t('quotaModal.ok')}
        hideCancel
        onConfirm={closeModal}
        onCancel={closeModal}
      >
        {t('quotaModal.text', { max: quotaMax })}
      </ConfirmDialog>
      <ConfirmDialog
        open={modal === 'storyLimit'}
        title={t('storyLimitModal.title')}
        confirmLabel={t('storyLimitModal.ok')}
        hideCancel
        onConfirm={closeModal}
        onCancel={closeModal}
      >
        {t('storyLimitModal.text')}
      </ConfirmDialog>
    </div>
  );
}
