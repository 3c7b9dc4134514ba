import { useCallback, useEffect, type JSX } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LIMITS } from 'shared-kit';
import { TextField } from '../components/Field';
import { ImagePicker } from '../components/ImagePicker';
import { RestoreNotice } from '../components/RestoreNotice';
import { SaveBar } from '../components/SaveBar';
import { StaleNotice } from '../components/StaleNotice';
import { ValidationModal } from '../components/ValidationModal';
import { VoicePicker } from '../components/VoicePicker';
import { useCatalogStore } from '../stores/catalog/store';
import { characterKey } from '../stores/editor/fields';
import { selectLoad, selectPermission, selectRev } from '../stores/editor/selectors';
import { useEditorStore, type SaveMode } from '../stores/editor/store';
import { StoryGenType } from 'shared-kit';
import { useAutosave } from './useAutosave';
import { isNewId, useEnterEvent, useFocusFirstError, useLeaveGuard } from './useEditorFrame';

function BotForm(): JSX.Element | null {
  const c = useEditorStore((s) => s.content.characters[0]);
  const opening = useEditorStore((s) => s.content.prologue.content);
  const permission = useEditorStore(selectPermission);
  const update = useEditorStore((s) => s.updateCharacter);
  const setPrologue = useEditorStore((s) => s.setPrologue);
  const setPermission = useEditorStore((s) => s.setPermission);
  if (!c) return <p className="ed-notice">This bot has no character.</p>;
  const id = c.character_id;
  return (
    <div className="ed-card__grid">
      <section className="ed-section" aria-labelledby="ed-bot-character">
        <h2 id="ed-bot-character">Character</h2>
        <TextField fkey={characterKey(id, 'character_name')} label="Name" value={c.character_name} max={LIMITS.characterName} onChange={(v) => update(id, { character_name: v })} />
        <TextField fkey={characterKey(id, 'settings')} label="Settings" value={c.settings} max={LIMITS.characterSettings} multiline onChange={(v) => update(id, { settings: v })} />
        <TextField fkey={characterKey(id, 'style')} label="Dialogue style" value={c.style} max={LIMITS.characterStyle} multiline onChange={(v) => update(id, { style: v })} />
        <TextField fkey="prologue.content" label="Opening line" value={opening} max={LIMITS.prologue} multiline onChange={(v) => setPrologue('content', v)} />
      </section>
      <section className="ed-section" aria-labelledby="ed-bot-look">
        <h2 id="ed-bot-look">Look and voice</h2>
        <ImagePicker
          fkey={characterKey(id, 'character_url')}
          label="Picture"
          use="character"
          value={c.character_url}
          onChange={(url) => update(id, { character_url: url })}
          generate={{ characterName: c.character_name }}
        />
        <VoicePicker fkey={characterKey(id, 'dubbing_show')} label="Voice" value={c.dubbing_show.dubbing} onChange={(d) => update(id, { dubbing_show: d })} />
        <fieldset className="ed-field">
          <legend>Permissions</legend>
          <label className="ed-check">
            <input type="checkbox" checked={permission.character_use} onChange={(e) => setPermission({ character_use: e.target.checked })} />
            Allow others to use this character in their stories
          </label>
          <label className="ed-check">
            <input type="checkbox" checked={permission.thread_share} onChange={(e) => setPermission({ thread_share: e.target.checked })} />
            Allow players to share threads of their chats
          </label>
        </fieldset>
      </section>
    </div>
  );
}

/** Create or edit a bot: one character with an opening line, saved through the story API as SingleBot. */
export function BotEditorPage(): JSX.Element {
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
  useAutosave(onCreated);

  async function onSave(mode: SaveMode): Promise<void> {
    const outcome = await save(mode);
    if (outcome.ok && outcome.created) navigate(`../bot/${outcome.storyId}`, { replace: true });
  }

  return (
    <main className="ed-page">
      <header className="ed-page__head">
        <div>
          <Link to="../works" className="ed-back">
            ← My Story
          </Link>
          <h1>{isNew ? 'Create bot' : 'Edit bot'}</h1>
        </div>
        <SaveBar onSave={(m) => void onSave(m)} />
      </header>
      <StaleNotice />
      <RestoreNotice />
      {load.status === 'loading' ? <p role="status">Loading bot…</p> : null}
      {load.status === 'error' ? (
        <p className="ed-notice" role="alert">
          The bot could not be loaded: {load.error}
        </p>
      ) : null}
      {load.status === 'ready' ? (
        <div key={rev} className="ed-body">
          <BotForm />
        </div>
      ) : null}
      <ValidationModal />
    </main>
  );
}
