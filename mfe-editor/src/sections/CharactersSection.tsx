import { memo, type JSX } from 'react';
import { LIMITS } from 'shared-kit';
import { Button, Card } from 'ui-kit';
import { StoryTextField } from '../components/StoryTextField';
import { ImagePicker } from '../components/ImagePicker';
import { MentionField } from '../components/MentionField';
import { VoicePicker } from '../components/VoicePicker';
import { useEditorT } from '../i18n';
import { FieldError, useFieldError } from '../components/Field';
import { characterKey, errorDomId, fieldDomId } from '../stores/editor/fields';
import { selectCharacter, selectCharacterIds } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';
import { useNames } from './useNames';

const CharacterCard = memo(function CharacterCard({ id, index }: { id: string; index: number }): JSX.Element | null {
  const { t } = useEditorT();
  const c = useEditorStore(selectCharacter(id));
  const update = useEditorStore((s) => s.updateCharacter);
  const remove = useEditorStore((s) => s.removeCharacter);
  const names = useNames();
  if (!c) return null;
  const numbered = t('common.characterN', { n: index + 1 });
  const title = c.character_name.trim() || numbered;
  return (
    <Card as="article" className="editor-card" aria-label={numbered}>
      <header className="editor-card__head">
        <h3>{title}</h3>
        <Button variant="ghost" size="sm" className="editor-danger-text" onClick={() => remove(id)}>
          {t('sections.remove', { name: title })}
        </Button>
      </header>
      <div className="editor-grid">
        <div className="editor-column">
          <StoryTextField
            fkey={characterKey(id, 'character_name')}
            label={t('fields.name')}
            value={c.character_name}
            max={LIMITS.characterName}
            onChange={(v) => update(id, { character_name: v })}
          />
          <MentionField
            fkey={characterKey(id, 'settings')}
            label={t('fields.settings')}
            value={c.settings}
            max={LIMITS.characterSettings}
            names={names}
            placeholder={t('fields.settingsPlaceholder')}
            onChange={(v) => update(id, { settings: v })}
          />
          <StoryTextField
            fkey={characterKey(id, 'style')}
            label={t('fields.style')}
            value={c.style}
            max={LIMITS.characterStyle}
            multiline
            placeholder={t('fields.stylePlaceholder')}
            onChange={(v) => update(id, { style: v })}
          />
        </div>
        <div className="editor-column">
          <ImagePicker
            fkey={characterKey(id, 'character_url')}
            label={t('fields.picture')}
            use="character"
            value={c.character_url}
            onChange={(url) => update(id, { character_url: url })}
            generate={{ characterName: c.character_name }}
          />
          <VoicePicker
            fkey={characterKey(id, 'dubbing_show')}
            label={t('fields.voice')}
            value={c.dubbing_show.dubbing}
            onChange={(d) => update(id, { dubbing_show: d })}
          />
        </div>
      </div>
    </Card>
  );
});

export function CharactersSection(): JSX.Element {
  const { t } = useEditorT();
  const ids = useEditorStore(selectCharacterIds);
  const add = useEditorStore((s) => s.addCharacter);
  const list = ids ? ids.split(' ') : [];
  const error = useFieldError('characters');
  return (
    <Card as="section" className="editor-section" aria-labelledby="editor-characters" id="section-characters">
      <h2 id="editor-characters" className="ui-heading-2">
        {t('sections.characters')}
      </h2>
      {list.length === 0 ? <p className="ui-text-muted">{t('sections.noCharacters')}</p> : null}
      {list.map((id, i) => (
        <CharacterCard key={id} id={id} index={i} />
      ))}
      <div>
        <Button id={fieldDomId('characters')} aria-describedby={error ? errorDomId('characters') : undefined} onClick={() => add()}>
          {t('sections.addCharacter')}
        </Button>
      </div>
      <FieldError fkey="characters" error={error} />
    </Card>
  );
}
