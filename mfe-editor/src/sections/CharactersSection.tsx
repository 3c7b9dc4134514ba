import { memo, type JSX } from 'react';
import { LIMITS } from 'shared-kit';
import { TextField } from '../components/Field';
import { ImagePicker } from '../components/ImagePicker';
import { MentionField } from '../components/MentionField';
import { VoicePicker } from '../components/VoicePicker';
import { characterKey } from '../stores/editor/fields';
import { selectCharacter, selectCharacterIds } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';
import { useNames } from './useNames';

const CharacterCard = memo(function CharacterCard({ id, index }: { id: string; index: number }): JSX.Element | null {
  const c = useEditorStore(selectCharacter(id));
  const update = useEditorStore((s) => s.updateCharacter);
  const remove = useEditorStore((s) => s.removeCharacter);
  const names = useNames();
  if (!c) return null;
  const title = c.character_name.trim() || `Character ${index + 1}`;
  return (
    <article className="ed-card" aria-label={`Character ${index + 1}`}>
      <header className="ed-card__head">
        <h3>{title}</h3>
        <button type="button" className="ed-link ed-link--danger" onClick={() => remove(id)}>
          Remove {title}
        </button>
      </header>
      <div className="ed-card__grid">
        <div>
          <TextField
            fkey={characterKey(id, 'character_name')}
            label="Name"
            value={c.character_name}
            max={LIMITS.characterName}
            onChange={(v) => update(id, { character_name: v })}
          />
          <MentionField
            fkey={characterKey(id, 'settings')}
            label="Settings"
            value={c.settings}
            max={LIMITS.characterSettings}
            names={names}
            placeholder="Who they are, what they want. Type @ to mention someone."
            onChange={(v) => update(id, { settings: v })}
          />
          <TextField
            fkey={characterKey(id, 'style')}
            label="Dialogue style"
            value={c.style}
            max={LIMITS.characterStyle}
            multiline
            placeholder="An example of how they speak"
            onChange={(v) => update(id, { style: v })}
          />
        </div>
        <div>
          <ImagePicker
            fkey={characterKey(id, 'character_url')}
            label="Picture"
            use="character"
            value={c.character_url}
            onChange={(url) => update(id, { character_url: url })}
            generate={{ characterName: c.character_name }}
          />
          <VoicePicker
            fkey={characterKey(id, 'dubbing_show')}
            label="Voice"
            value={c.dubbing_show.dubbing}
            onChange={(d) => update(id, { dubbing_show: d })}
          />
        </div>
      </div>
    </article>
  );
});

export function CharactersSection(): JSX.Element {
  const ids = useEditorStore(selectCharacterIds);
  const add = useEditorStore((s) => s.addCharacter);
  const list = ids ? ids.split(' ') : [];
  return (
    <section className="ed-section" aria-labelledby="ed-characters" id="section-characters">
      <h2 id="ed-characters">Characters</h2>
      {list.length === 0 ? <p className="ed-hint">No characters yet. A story needs someone to talk to.</p> : null}
      {list.map((id, i) => (
        <CharacterCard key={id} id={id} index={i} />
      ))}
      <button type="button" className="ed-button" onClick={() => add()}>
        Add character
      </button>
    </section>
  );
}
