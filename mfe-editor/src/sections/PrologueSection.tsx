import { useMemo, type JSX } from 'react';
import { LIMITS, VOICE_OVER_SPEAKER } from 'shared-kit';
import { Card, Select } from 'ui-kit';
import { useFieldError } from '../components/Field';
import { StoryTextField } from '../components/StoryTextField';
import { issueMessage, useEditorT } from '../i18n';
import { fieldDomId } from '../stores/editor/fields';
import { selectCharacterOptions } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';

export function PrologueSection(): JSX.Element {
  const { t } = useEditorT();
  const prologue = useEditorStore((s) => s.content.prologue);
  const set = useEditorStore((s) => s.setPrologue);
  const optionsKey = useEditorStore(selectCharacterOptions);
  const characters = useMemo(() => JSON.parse(optionsKey) as Array<[string, string]>, [optionsKey]);
  const speakerKey = 'prologue.character_id';
  const error = useFieldError(speakerKey);
  const options = [
    { value: VOICE_OVER_SPEAKER, label: t('fields.narrator') },
    ...characters.map(([id, name], i) => ({ value: id, label: name.trim() || t('common.characterN', { n: i + 1 }) })),
  ];
  return (
    <Card as="section" className="editor-section" aria-labelledby="editor-prologue" id="section-prologue">
      <h2 id="editor-prologue" className="ui-heading-2">
        {t('sections.prologue')}
      </h2>
      <Select
        id={fieldDomId(speakerKey)}
        label={t('fields.speaker')}
        value={prologue.character_id}
        placeholder={t('fields.chooseSpeaker')}
        options={options}
        error={error ? issueMessage(error) : undefined}
        onValueChange={(value) => set('character_id', value)}
      />
      <StoryTextField
        fkey="prologue.content"
        label={t('fields.prologueText')}
        value={prologue.content}
        max={LIMITS.prologue}
        multiline
        placeholder={t('fields.prologuePlaceholder')}
        onChange={(v) => set('content', v)}
      />
    </Card>
  );
}
