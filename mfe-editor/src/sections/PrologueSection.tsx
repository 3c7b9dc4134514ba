import { useMemo, type JSX } from 'react';
import { LIMITS, VOICE_OVER_SPEAKER } from 'shared-kit';
import { FieldError, TextField, fieldA11y, useFieldError } from '../components/Field';
import { selectCharacterOptions } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';

export const NARRATOR_LABEL = 'Narrator (voice-over)';

export function PrologueSection(): JSX.Element {
  const prologue = useEditorStore((s) => s.content.prologue);
  const set = useEditorStore((s) => s.setPrologue);
  const optionsKey = useEditorStore(selectCharacterOptions);
  const characters = useMemo(() => JSON.parse(optionsKey) as Array<[string, string]>, [optionsKey]);
  const speakerKey = 'prologue.character_id';
  const error = useFieldError(speakerKey);
  const a11y = fieldA11y(speakerKey, error, false);
  return (
    <section className="ed-section" aria-labelledby="ed-prologue" id="section-prologue">
      <h2 id="ed-prologue">Prologue</h2>
      <div className={`ed-field${error ? ' ed-field--invalid' : ''}`}>
        <div className="ed-field__head">
          <label htmlFor={a11y.id}>Speaker</label>
        </div>
        <select {...a11y} className="ed-input" value={prologue.character_id} onChange={(e) => set('character_id', e.target.value)}>
          <option value="">Choose who speaks</option>
          <option value={VOICE_OVER_SPEAKER}>{NARRATOR_LABEL}</option>
          {characters.map(([id, name], i) => (
            <option key={id} value={id}>
              {name.trim() || `Character ${i + 1}`}
            </option>
          ))}
        </select>
        <FieldError fkey={speakerKey} error={error} />
      </div>
      <TextField
        fkey="prologue.content"
        label="Prologue text"
        value={prologue.content}
        max={LIMITS.prologue}
        multiline
        placeholder="The first line the player hears"
        onChange={(v) => set('content', v)}
      />
    </section>
  );
}
