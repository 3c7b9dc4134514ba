import { lazy, Suspense, useCallback, useEffect, type JSX } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LIMITS } from 'shared-kit';
import { Card, Checkbox, Spinner } from 'ui-kit';
import { CardTools } from '../components/CardTools';
import { TextField } from '../components/Field';
import { ImagePicker } from '../components/ImagePicker';
import { RestoreNotice } from '../components/RestoreNotice';
import { SaveBar } from '../components/SaveBar';
import { StaleNotice } from '../components/StaleNotice';
import { ValidationModal } from '../components/ValidationModal';
import { VoicePicker } from '../components/VoicePicker';
import { useEditorT } from '../i18n';
import { useCatalogStore } from '../stores/catalog/store';
import { characterKey } from '../stores/editor/fields';
import { selectLoad, selectPermission, selectRev } from '../stores/editor/selectors';
import { useEditorStore, type SaveMode } from '../stores/editor/store';
import { StoryGenType } from 'shared-kit';
import { Autosave } from './useAutosave';
import { isNewId, useEnterEvent, useFocusFirstError, useLeaveGuard } from './useEditorFrame';

const LorebookSection = lazy(() => import('../sections/LorebookSection'));

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
  const { id } = useParams();
  const isNew = isNewId(id);
  const navigate = useNavigate();
  const load = useEditorStore(selectLoad);
  const rev = useEditorStore(selectRev);
  const save = useEditorStore((s) => s.save);

  useEffect(() => {
    void useCatalogStore.getState().ensure();
  }, []);
  useEffect(() => {
    const s = useEditorStore.getState();
    if (isNew) s.startNew(StoryGenType.SingleBot);
    else if (s.storyId !== id || s.load.status !== 'ready') void s.loadStory(id as string);
  }, [id, isNew]);
  useLeaveGuard('bot-editor');
  useEnterEvent(id, 'bot');
  useFocusFirstError();
  // The first automatic save of a new bot moves the URL to its id, as the first save by hand does.
  const onCreated = useCallback((storyId: string) => navigate(`../bot/${storyId}`, { replace: true }), [navigate]);

  async function onSave(mode: SaveMode): Promise<void> {
    const outcome = await save(mode);
    if (outcome.ok && outcome.created) navigate(`../bot/${outcome.storyId}`, { replace: true });
  }

  return (
    <div className="editor-page">
      <header className="editor-page__head">
        <div>
          <Link to="../works" className="editor-back">
            {t('common.backToMyStory')}
          </Link>
          <h1 className="ui-heading-1">{isNew ? t('bot.create') : t('bot.edit')}</h1>
        </div>
        <SaveBar onSave={(m) => void onSave(m)} />
      </header>
      <StaleNotice />
      <RestoreNotice />
      {load.status === 'loading' ? <Spinner label={t('bot.loading')} /> : null}
      {load.status === 'error' ? (
        <Card className="editor-notice" role="alert">
          {t('bot.loadFailed', { error: load.error })}
        </Card>
      ) : null}
      {load.status === 'ready' ? (
        <div key={rev} className="editor-body">
          <BotForm />
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <LorebookSection storyId={isNew ? null : (id ?? null)} />
          </Suspense>
          <CardTools storyId={isNew ? null : (id ?? null)} />
        </div>
      ) : null}
      <ValidationModal />
      <Autosave onCreated={onCreated} />
    </div>
  );
}
