import type { JSX } from 'react';
import { AppealPanel } from '../components/AppealPanel';
import { StorySections } from '../sections/StorySections';
import { useEditorT } from '../i18n';
import { useEditorStore } from '../stores/editor/store';
import { StoryPageFrame } from './frame/StoryPageFrame';
import { useStoryEditorFrame } from './frame/useStoryEditorFrame';

/** The normal-mode story editor (spec sections 2, 4 and 5). */
export function StoryEditorPage(): JSX.Element {
  const { t } = useEditorT();
  const frame = useStoryEditorFrame('story');
  const { id, isNew, load } = frame;

  return (
    <StoryPageFrame
      frame={frame}
      title={t('story.title')}
      loadingLabel={t('story.loading')}
      loadFailed={t('story.loadFailed', { error: load.error })}
      onRetry={() => id && void useEditorStore.getState().loadStory(id)}
      notice={load.status === 'ready' && !isNew ? <AppealPanel /> : null}
      story
    >
      <StorySections />
    </StoryPageFrame>
  );
}
