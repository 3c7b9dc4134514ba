import { useEffect, useRef } from 'react';
import type { StoryGenType } from 'shared-kit';
import * as eventsService from '../../services/events.service';
import { useMediaOptionsStore } from '../../stores/mediaOptions/store';
import { fieldDomId } from '../../stores/editor/fields';
import { selectFocusRequest, selectLoad, selectRev } from '../../stores/editor/selectors';
import { useEditorStore, type SaveMode } from '../../stores/editor/store';
import { useEditorFrame, type EditorFrame } from './useEditorFrame';

/** Sends the "enter editor" event once per opened story, when it has loaded (spec section 2). */
function useEnterEvent(routeId: string | undefined, mode: 'normal' | 'bot'): void {
  const sent = useRef<string | null>(null);
  const ready = useEditorStore((s) => s.load.status === 'ready');
  useEffect(() => {
    const key = `${mode}:${routeId ?? 'new'}`;
    if (!ready || sent.current === key) return;
    const s = useEditorStore.getState();
    // The first save of a new story moves the URL to its id: the same editor session, not a new entrance.
    const renamed = sent.current === `${mode}:new` && routeId !== undefined && routeId === s.storyId;
    sent.current = key;
    if (renamed) return;
    eventsService
      .trackEnterEditor({
        story_id: s.storyId ?? '',
        version_id: s.versionId ?? '',
        creation_mode: mode,
        entrance: 'url_pc',
        story_status: s.status,
      })
      .catch(() => {
        // Analytics must never get in the creator's way.
      });
  }, [ready, routeId, mode]);
}

/** After a failed validation: scroll the first error into view and focus it. */
function useFocusFirstError(): void {
  const request = useEditorStore(selectFocusRequest);
  const clear = useEditorStore((s) => s.clearFocusRequest);
  useEffect(() => {
    if (!request) return;
    const el = document.getElementById(fieldDomId(request.key));
    if (el) {
      el.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      el.focus({ preventScroll: true });
    }
    clear();
  }, [request, clear]);
}

/** What the story and bot editors get from their frame. */
export interface StoryEditorFrame extends EditorFrame {
  load: ReturnType<typeof selectLoad>;
  /** Bumped when the content is replaced as a whole (a load, a restore): the form remounts. */
  rev: number;
  /** Saves by hand; the first save of a new story moves the address to its id. */
  onSave: (mode: SaveMode) => void;
}

/**
 * The frame of the editors on the story store (normal mode, bot): opens the story in the address (or a new one of
 * `newType`), guards leaving, sends the enter event, focuses the first error of a failed check, and saves then
 * navigates.
 */
export function useStoryEditorFrame(route: 'story' | 'bot', newType?: StoryGenType): StoryEditorFrame {
  const frame = useEditorFrame({
    route,
    isDirty: () => useEditorStore.getState().dirty,
    discard: () => useEditorStore.getState().reset(),
    modeSwitchPaths: ['/editor/story-ai'],
  });
  const { id, isNew, saveThenNavigate } = frame;
  const load = useEditorStore(selectLoad);
  const rev = useEditorStore(selectRev);

  useEffect(() => {
    void useMediaOptionsStore.getState().ensure();
  }, []);
  useEffect(() => {
    const s = useEditorStore.getState();
    // Unless this is the same story just saved for the first time (its id is then in the URL, not "new").
    if (isNew) s.startNew(newType);
    else if (s.storyId !== id || s.load.status !== 'ready') void s.loadStory(id as string);
  }, [id, isNew, newType]);
  useEnterEvent(id, route === 'bot' ? 'bot' : 'normal');
  useFocusFirstError();

  const onSave = (mode: SaveMode) =>
    void saveThenNavigate(async () => {
      const outcome = await useEditorStore.getState().save(mode);
      return outcome.ok && outcome.created ? outcome.storyId : null;
    });
  return { ...frame, load, rev, onSave };
}
