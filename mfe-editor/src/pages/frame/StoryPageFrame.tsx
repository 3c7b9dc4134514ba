import { lazy, Suspense, type JSX, type ReactNode } from 'react';
import { Spinner } from 'ui-kit';
import { CardTools } from '../../components/CardTools';
import { RestoreNotice } from '../../components/RestoreNotice';
import { SaveBar } from '../../components/SaveBar';
import { StaleNotice } from '../../components/StaleNotice';
import { ValidationModal } from '../../components/ValidationModal';
import { useEditorT } from '../../i18n';
import { Autosave } from '../useAutosave';
import { EditorPageFrame } from './EditorPageFrame';
import type { StoryEditorFrame } from './useStoryEditorFrame';

const LorebookSection = lazy(() => import('../../sections/LorebookSection'));

interface StoryPageFrameProps {
  frame: StoryEditorFrame;
  title: string;
  loadingLabel: string;
  loadFailed: string;
  onRetry?: () => void;
  /** A notice of this editor's own, under the stale and restore notices. */
  notice?: ReactNode;
  /** Card tools for a whole story (several characters) rather than a bot's one. */
  story?: boolean;
  /** The editor's form, above the lorebook and the card tools. */
  children: ReactNode;
}

/**
 * The page frame of the editors on the story store (normal mode, bot): the save bar, the stale and restore
 * notices, the form with the lorebook and the card tools under it, the validation dialog and the automatic save.
 */
export function StoryPageFrame({ frame, title, loadingLabel, loadFailed, onRetry, notice, story, children }: StoryPageFrameProps): JSX.Element {
  const { t } = useEditorT();
  const storyId = frame.isNew ? null : (frame.id ?? null);
  return (
    <EditorPageFrame
      back={{ to: '../works', label: t('common.backToMyStory') }}
      title={title}
      actions={<SaveBar onSave={frame.onSave} />}
      notices={
        <>
          <StaleNotice />
          <RestoreNotice />
          {notice}
        </>
      }
      load={frame.load}
      loadingLabel={loadingLabel}
      loadFailed={loadFailed}
      onRetry={onRetry}
      rev={frame.rev}
      after={
        <>
          <ValidationModal />
          <Autosave onCreated={frame.onCreated} />
        </>
      }
    >
      {children}
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        <LorebookSection storyId={storyId} />
      </Suspense>
      <CardTools storyId={storyId} story={story} />
    </EditorPageFrame>
  );
}
