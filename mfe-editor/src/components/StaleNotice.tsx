import type { JSX } from 'react';
import { selectStale, selectStoryId } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';

/** A save refused because the story changed elsewhere: say so plainly and offer the latest version. */
export function StaleNotice(): JSX.Element | null {
  const stale = useEditorStore(selectStale);
  const storyId = useEditorStore(selectStoryId);
  const load = useEditorStore((s) => s.loadStory);
  if (!stale || !storyId) return null;
  return (
    <div className="ed-notice" role="alert">
      <p>
        This story was changed somewhere else (another tab or device) after you opened it, so your save was not applied.
        Reload to get the latest version; your unsaved changes here will be lost.
      </p>
      <button type="button" className="ed-button ed-button--primary" onClick={() => void load(storyId)}>
        Reload story
      </button>
    </div>
  );
}
