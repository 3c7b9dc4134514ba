import { useMemo } from 'react';
import { DEFAULT_PLAYER_LABEL } from 'shared-kit';
import type { EditorNames } from '../components/mentionDom';
import { useSkeletonFields } from '../components/skeleton';
import { useEditorT } from '../i18n';
import { namesFromKey, selectNamesKey } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';

/**
 * The story's mention display names, the unnamed player and "all characters" in the UI language (and in a
 * template's skeleton its text fields); a new object only when a name changes.
 */
export function useNames(): EditorNames {
  const key = useEditorStore(selectNamesKey);
  const fields = useSkeletonFields();
  const { t } = useEditorT();
  return useMemo(() => {
    const names = namesFromKey(key);
    return {
      ...names,
      player: names.player === DEFAULT_PLAYER_LABEL ? t('fields.player') : names.player,
      allCharacters: t('fields.allCharacters'),
      ...(fields ? { fields } : {}),
    };
  }, [key, t, fields]);
}
