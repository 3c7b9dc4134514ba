import { useMemo } from 'react';
import { DEFAULT_PLAYER_LABEL, type MentionNames } from 'shared-kit';
import { useEditorT } from '../i18n';
import { namesFromKey, selectNamesKey } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';

/** The story's mention display names, the unnamed player and "all characters" in the UI language; a new object only when a name changes. */
export function useNames(): MentionNames {
  const key = useEditorStore(selectNamesKey);
  const { t } = useEditorT();
  return useMemo(() => {
    const names = namesFromKey(key);
    return {
      ...names,
      player: names.player === DEFAULT_PLAYER_LABEL ? t('fields.player') : names.player,
      allCharacters: t('fields.allCharacters'),
    };
  }, [key, t]);
}
