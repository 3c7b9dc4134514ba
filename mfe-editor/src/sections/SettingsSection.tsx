import type { JSX } from 'react';
import { LIMITS } from 'shared-kit';
import { Badge, Card, Checkbox, cx } from 'ui-kit';
import { FieldError, fieldA11y, useFieldError } from '../components/Field';
import { StoryTextField } from '../components/StoryTextField';
import { ImagePicker } from '../components/ImagePicker';
import { VoicePicker } from '../components/VoicePicker';
import { useEditorT } from '../i18n';
import { selectImageStyles } from '../stores/mediaOptions/selectors';
import { useMediaOptionsStore } from '../stores/mediaOptions/store';
import { useEditorStore } from '../stores/editor/store';

function ImageStyleField(): JSX.Element {
  const { t } = useEditorT();
  const styles = useMediaOptionsStore(selectImageStyles);
  const code = useEditorStore((s) => s.content.image_generate_style?.code ?? '');
  const setStyle = useEditorStore((s) => s.setImageStyle);
  const error = useFieldError('image_generate_style');
  const a11y = fieldA11y('image_generate_style', error, false);
  return (
    <fieldset className={cx('ui-field editor-styles', error && 'ui-field--error')} aria-describedby={a11y['aria-describedby']}>
      <legend className="ui-field__label">{t('fields.imageStyle')}</legend>
      <div className="editor-styles__options">
        {styles.map((s, i) => (
          <label key={s.code} className="editor-style">
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
            {t(`image.styleNames.${s.code}` as 'image.styleNames.anime', { defaultValue: s.name })}
            {s.members_only ? <Badge tone="warning">{t('fields.members')}</Badge> : null}
          </label>
        ))}
      </div>
      <FieldError fkey="image_generate_style" error={error} />
    </fieldset>
  );
}

export function SettingsSection(): JSX.Element {
  const { t } = useEditorT();
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
      <Card as="section" className="editor-section" aria-labelledby="editor-narrator" id="section-narrator">
        <h2 id="editor-narrator" className="ui-heading-2">
          {t('sections.narratorVoice')}
        </h2>
        <VoicePicker fkey="voice_over_dubbing" label={t('fields.narratorVoice')} value={voice} onChange={(d) => setVoice({ dubbing: d.dubbing, language: d.language })} />
      </Card>
      <Card as="section" className="editor-section" aria-labelledby="editor-settings" id="section-settings">
        <h2 id="editor-settings" className="ui-heading-2">
          {t('sections.settings')}
        </h2>
        <StoryTextField fkey="story_name" label={t('fields.storyName')} value={name} max={LIMITS.storyName} onChange={(v) => set('story_name', v)} />
        <StoryTextField fkey="introduction" label={t('fields.introduction')} value={intro} max={LIMITS.introduction} multiline onChange={(v) => set('introduction', v)} />
        <ImageStyleField />
        <ImagePicker fkey="logo" label={t('fields.cover')} use="cover" value={logo} onChange={(url) => set('logo', url)} generate={{}} />
        <Checkbox label={t('fields.showSettings')} checked={visible} onCheckedChange={setVisible} />
      </Card>
    </>
  );
}
