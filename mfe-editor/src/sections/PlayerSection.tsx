import type { JSX } from 'react';
import { LIMITS } from 'shared-kit';
import { TextField } from '../components/Field';
import { useEditorStore } from '../stores/editor/store';

export function PlayerSection(): JSX.Element {
  const player = useEditorStore((s) => s.content.player);
  const set = useEditorStore((s) => s.setPlayer);
  return (
    <section className="ed-section" aria-labelledby="ed-player" id="section-player">
      <h2 id="ed-player">Player</h2>
      <p className="ed-hint">Who the person playing is in this story (optional).</p>
      <TextField fkey="player.character_name" label="Player name" value={player.character_name} max={LIMITS.playerName} onChange={(v) => set('character_name', v)} />
      <TextField fkey="player.settings" label="Player settings" value={player.settings} max={LIMITS.playerSettings} multiline onChange={(v) => set('settings', v)} />
    </section>
  );
}
