import type { JSX } from 'react';
import { LIMITS, StoryGenType } from 'shared-kit';
import { Card, Checkbox } from 'ui-kit';
import { TextField } from '../components/Field';
import { ImagePicker } from '../components/ImagePicker';
import { VoicePicker } from '../components/VoicePicker';
import { useEditorT } from '../i18n';
import { characterKey } from '../stores/editor/fields';
import { selectPermission } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';
import { StoryPageFrame } from './frame/StoryPageFrame';
import { useStoryEditorFrame } from './frame/useStoryEditorFrame';

function BotForm(): JSX.Element | null {
  const { t } = useEditorT();
  const c = useEditorStore((s) => s.content.characters[0]);
  const opening = useEditorStore((s) => s.content.prologue.content);
  const permission = useEditorStore(selectPermission);
  const update = useEditorStore((s) => s.updateCharacter);
  const setPrologue = useEditorStore((s) => s.setPrologue);
  const setPermission = useEditorStore((s) => s.setPermission);
  if (!c) return <Card className="editor-notice">{t('bot.noCharacter')}</Card>;
  const id = c.character_id;
  return (
    <div className="editor-grid">
      <Card as="section" className="editor-section" aria-labelledby="editor-bot-character">
        <h2 id="editor-bot-character" className="ui-heading-2">
          {t('bot.character')}
        </h2>
        <TextField fkey={characterKey(id, 'character_name')} label={t('fields.name')} value={c.character_name} max={LIMITS.characterName} onChange={(v) => update(id, { character_name: v })} />
        <TextField fkey={characterKey(id, 'settings')} label={t('fields.settings')} value={c.settings} max={LIMITS.characterSettings} multiline onChange={(v) => update(id, { settings: v })} />
        <TextField fkey={characterKey(id, 'style')} label={t('fields.style')} value={c.style} max={LIMITS.characterStyle} multiline onChange={(v) => update(id, { style: v })} />
        <TextField fkey="prologue.content" label={t('bot.opening')} value={opening} max={LIMITS.prologue} multiline onChange={(v) => setPrologue('content', v)} />
      </Card>
      <Card as="section" className="editor-section" aria-labelledby="editor-bot-look">
        <h2 id="editor-bot-look" className="ui-heading-2">
          {t('bot.look')}
        </h2>
        <ImagePicker
          fkey={characterKey(id, 'character_url')}
          label={t('fields.picture')}
          use="character"
          value={c.character_url}
          onChange={(url) => update(id, { character_url: url })}
          generate={{ characterName: c.character_name }}
        />
        <VoicePicker fkey={characterKey(id, 'dubbing_show')} label={t('fields.voice')} value={c.dubbing_show.dubbing} onChange={(d) => update(id, { dubbing_show: d })} />
        <fieldset className="ui-field editor-permissions">
          <legend className="ui-field__label">{t('bot.permissions')}</legend>
          <Checkbox label={t('bot.allowUse')} checked={permission.character_use} onCheckedChange={(checked) => setPermission({ character_use: checked })} />
          <Checkbox label={t('bot.allowShare')} checked={permission.thread_share} onCheckedChange={(checked) => setPermission({ thread_share: checked })} />
        </fieldset>
      </Card>
    </div>
  );
}

/** Create or edit a bot: one character with an opening line, saved through the story API as SingleBot. */
export function BotEditorPage(): JSX.Element {
  const { t } = useEditorT();
  const frame = useStoryEditorFrame('bot', StoryGenType.SingleBot);

  return (
    <StoryPageFrame
      frame={frame}
      title={frame.isNew ? t('bot.create') : t('bot.edit')}
      loadingLabel={t('bot.loading')}
      loadFailed={t('bot.loadFailed', { error: frame.load.error })}
    >
      <BotForm />
    </StoryPageFrame>
  );
}
