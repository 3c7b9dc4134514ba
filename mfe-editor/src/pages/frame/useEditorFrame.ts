import { useCallback, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { registerLeaveGuard } from 'shared-kit';

/** Spec section 2: a new item is addressed by no id, `0` or `new`. */
export function isNewId(id: string | undefined): boolean {
  return id === undefined || id === '' || id === '0' || id === 'new';
}

/** What an editor page tells its frame. */
export interface EditorFrameOptions {
  /** The route segment of the editor (`../<route>/<id>`), and the leave guard's name with `-editor`. */
  route: 'story' | 'bot' | 'template';
  /** Whether there are edits that leaving would lose. */
  isDirty: () => boolean;
  /** Drops the edits when the creator confirms leaving. */
  discard: () => void;
  /** Addresses the shell lets through without asking (another mode of the same editor). */
  modeSwitchPaths?: string[];
}

/** What the frame gives its page. */
export interface EditorFrame {
  /** The id in the address (`undefined` for a new item). */
  id: string | undefined;
  isNew: boolean;
  /** Moves the address of a new item to its id once it is saved for the first time (the leave guard lets it through). */
  onCreated: (id: string) => void;
  /** Runs a save that answers the id of an item it created (else null), then moves the address to that id. */
  saveThenNavigate: (save: () => Promise<string | null>) => Promise<void>;
}

/**
 * The frame of an editor page (story, bot, template): the shell's leave guard while the page is mounted (spec
 * section 2: leaving with unsaved edits asks first, confirming drops them), and the move of a new item's address
 * to its id after its first save, by hand or automatic.
 */
export function useEditorFrame({ route, isDirty, discard, modeSwitchPaths }: EditorFrameOptions): EditorFrame {
  const { id } = useParams();
  const navigate = useNavigate();
  const paths = modeSwitchPaths?.join('\n');
  useEffect(
    () =>
      registerLeaveGuard({
        id: `${route}-editor`,
        isDirty,
        onConfirm: discard,
        ...(paths === undefined ? {} : { modeSwitchPaths: paths.split('\n') }),
      }),
    // The callbacks read the store when called: a new function each render must not register the guard again.
    [route, paths],
  );
  const onCreated = useCallback((newId: string) => void navigate(`../${route}/${newId}`, { replace: true }), [navigate, route]);
  const saveThenNavigate = useCallback(
    async (save: () => Promise<string | null>) => {
      const created = await save();
      if (created) onCreated(created);
    },
    [onCreated],
  );
  return { id, isNew: isNewId(id), onCreated, saveThenNavigate };
}
