import { useEffect } from 'react';
import { StoryStatus } from 'shared-kit';
import { editorText } from '../i18n';
import { useEditorStore } from '../stores/editor/store';

/** How long after the last change the working copy saves itself. */
export const AUTOSAVE_DELAY_MS = 3000;
/** How long after the last change the browser's copy is written (a 300 KB story costs a few ms to serialise). */
export const LOCAL_COPY_DELAY_MS = 400;

/**
 * Saves the working copy a few seconds after the last change (`user_manual_save: false`), and keeps it in the
 * browser meanwhile, so nothing typed is lost to a reload, a crash or a dropped connection. A story under review
 * is not saved automatically (a save restarts its review: the creator decides), nor while a copy kept in the
 * browser waits for the creator to restore or discard it.
 */
export function useAutosave(onCreated: (storyId: string) => void): void {
  const edits = useEditorStore((s) => s.edits);
  const saving = useEditorStore((s) => s.saving !== null);
  const blocked = useEditorStore((s) => s.restorable !== null || s.stale);

  useEffect(() => {
    const s = useEditorStore.getState();
    if (!s.dirty || s.load.status !== 'ready' || saving || blocked) return;
    const local = setTimeout(() => {
      if (!useEditorStore.getState().keepLocal()) {
        useEditorStore.setState((st) => ({ autosave: { ...st.autosave, state: 'unsaved', reason: editorText('save.noLocalCopy') } }));
      }
    }, LOCAL_COPY_DELAY_MS);
    const timer = setTimeout(() => void autosave(onCreated), AUTOSAVE_DELAY_MS);
    return () => {
      clearTimeout(local);
      clearTimeout(timer);
    };
    // onCreated is the page's navigation; a new function each render must not restart the countdown.
  }, [edits, saving, blocked]);

  useEffect(() => {
    // Back online: try again at once. Leaving or hiding the page: keep the browser's copy now.
    const retry = () => void autosave(onCreated);
    const keep = () => void useEditorStore.getState().keepLocal();
    window.addEventListener('online', retry);
    window.addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', keep);
    return () => {
      window.removeEventListener('online', retry);
      window.removeEventListener('pagehide', keep);
      document.removeEventListener('visibilitychange', keep);
    };
  }, [onCreated]);
}

async function autosave(onCreated: (storyId: string) => void): Promise<void> {
  const s = useEditorStore.getState();
  if (!s.dirty || s.load.status !== 'ready' || s.saving || s.restorable || s.stale) return;
  if (s.status === StoryStatus.ToVerify) {
    useEditorStore.setState((st) => ({
      autosave: { ...st.autosave, state: 'unsaved', reason: editorText('save.underReview') },
    }));
    return;
  }
  const outcome = await s.save('draft', { manual: false });
  if (outcome.ok && outcome.created) onCreated(outcome.storyId);
}

/**
 * The automatic save as a component of its own: it re-renders on every edit (it watches the edit count), so the
 * page around it does not.
 */
export function Autosave({ onCreated }: { onCreated: (storyId: string) => void }): null {
  useAutosave(onCreated);
  return null;
}
