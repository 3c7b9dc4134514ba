import { useEffect, useRef } from 'react';
import { registerLeaveGuard } from 'shared-kit';
import * as eventsService from '../services/events.service';
import { fieldDomId } from '../stores/editor/fields';
import { selectFocusRequest } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';

/** Spec section 2: a new item is addressed by no id, `0` or `new`. */
export function isNewId(id: string | undefined): boolean {
  return id === undefined || id === '' || id === '0' || id === 'new';
}

/** Guards the editor with the shell's leave guard while it is mounted. */
export function useLeaveGuard(id: string): void {
  useEffect(
    () =>
      registerLeaveGuard({
        id,
        isDirty: () => useEditorStore.getState().dirty,
        onConfirm: () => useEditorStore.getState().reset(),
        modeSwitchPaths: ['/editor/story-ai'],
      }),
    [id],
  );
}

/** Sends the "enter editor" event once per opened story, when it has loaded (spec section 2). */
export function useEnterEvent(routeId: string | undefined, mode: 'normal' | 'bot'): void {
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
export function useFocusFirstError(): void {
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
