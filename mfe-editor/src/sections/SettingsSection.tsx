import type { JSX } from 'react';
import { LIMITS } from 'shared-kit';
import { FieldError, TextField, fieldA11y, useFieldError } from '../components/Field';
import { ImagePicker } from '../components/ImagePicker';
import { VoicePicker } from '../components/VoicePicker';
import { selectImageStyles } from '../stores/catalog/selectors';
import { useCatalogStore } from '../stores/catalog/store';
import { useEditorStore } from '../stores/editor/store';

function ImageStyleField(): JSX.Element {
  const styles = useCatalogStore(selectImageStyles);
  const code = useEditorStore((s) => s.content.image_generate_style?.code ?? '');
  const setStyle = useEditorStore((s) => s.setImageStyle);
  const error = useFieldError('image_generate_style');
  const a11y = fieldA11y('image_generate_style', error, false);
  return (
    <fieldset className={`ed-field ed-styles${error ? ' ed-field--invalid' : ''}`} aria-describedby={a11y['aria-describedby']}>
      <legend>Image style</legend>
      {styles.map((s, i) => (
        <label key={s.code} className="ed-style">
          <input
            type="radio"
            name="image-style"
            // The first option carries the field id, so a missing style scrolls here.
            id={i === 0 ? a11y.id : undefined}
            aria-invalid={a11y['aria-invalid']}
            checked={code === s.code}
            onChange={() => setStyle(s.code)}
          />
          {s.preview ? <img src={s.preview} alt="" width={48} height={64} /> : null}
          {s.name}
          {s.members_only ? <span className="ed-badge">Members</span> : null}
        </label>
      ))}
      <FieldError fkey="image_generate_style" error={error} />
    </fieldset>
  );
}

export function SettingsSection(): JSX.Element {
  const name = useEditorStore((s) => s.content.story_name);
  const intro = useEditorStore((s) => s.content.introduction);
  const logo = useEditorStore((s) => s.content.logo);
  const visible = useEditorStore((s) => s.content.story_setting_visible);
  const voice = useEditorStore((s) => s.content.voice_over_dubbing.dubbing);
  const set = useEditorStore((s) => s.setStoryField);
  const setVisible = useEditorStore((s) => s.setSettingVisible);
  const setVoice = useEditorStore((s) => s.setNarratorVoice);
  return (
    <>
      <section className="ed-section" aria-labelledby="ed-narrator" id="section-narrator">
        <h2 id="ed-narrator">Narrator voice</h2>
        <VoicePicker fkey="voice_over_dubbing" label="Narrator voice" value={voice} onChange={(d) => setVoice({ dubbing: d.dubbing, language: d.language })} />
      </section>
      <section className="ed-section" aria-labelledby="ed-settings" id="section-settings">
        <h2 id="ed-settings">Settings</h2>
        <TextField fkey="story_name" label="Story name" value={name} max={LIMITS.storyName} onChange={(v) => set('story_name', v)} />
        <TextField fkey="introduction" label="Introduction" value={intro} max={LIMITS.introduction} multiline onChange={(v) => set('introduction', v)} />
        <ImageStyleField />
        <ImagePicker fkey="logo" label="Cover" use="cover" value={logo} onChange={(url) => set('logo', url)} generate={{}} />
        <label className="ed-check">
          <input type="checkbox" checked={visible} onChange={(e) => setVisible(e.target.checked)} />
          Show the story settings to players
        </label>
      </section>
    </>
  );
}
