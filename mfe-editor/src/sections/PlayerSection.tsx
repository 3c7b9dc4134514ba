import type { JSX } from 'react';
import { LIMITS } from 'shared-kit';
import { Card } from 'ui-kit';
import { StoryTextField } from '../components/StoryTextField';
import { useEditorT } from '../i18n';
import { useEditorStore } from '../stores/editor/store';

export function PlayerSection(): JSX.Element {
  const { t } = useEditorT();
  const player = useEditorStore((s) => s.content.player);
  const set = useEditorStore((s) => s.setPlayer);
  return (
    <Card as="section" className="editor-section" aria-labelledby="editor-player" id="section-player">
      <h2 id="editor-player" className="ui-heading-2">
        {t('sections.player')}
      </h2>
      <p className="ui-text-muted">{t('sections.playerHint')}</p>
      <StoryTextField fkey="player.character_name" label={t('fields.playerName')} value={player.character_name} max={LIMITS.playerName} onChange={(v) => set('character_name', v)} />
      <StoryTextField fkey="player.settings" label={t('fields.playerSettings')} value={player.settings} max={LIMITS.playerSettings} multiline onChange={(v) => set('settings', v)} />
    </Card>
  );
}
