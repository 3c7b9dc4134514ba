import { useMemo } from 'react';
import type { MentionNames } from 'shared-kit';
import { namesFromKey, selectNamesKey } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';

/** The story's mention display names; a new object only when a name changes. */
export function useNames(): MentionNames {
  const key = useEditorStore(selectNamesKey);
  return useMemo(() => namesFromKey(key), [key]);
}
