import { useEffect, useMemo, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { ErrorCode, isApiError, PushType, type SocketClient, type UgcVoice, type UgcVoiceCategories, type UgcVoiceConf, type UgcVoiceTag } from 'shared-kit';
import { Badge, Button, Card, ConfirmDialog, EmptyState, Skeleton, Spinner, Switch, TextField } from 'ui-kit';
import { AuditionButton } from '../components/VoicePicker';
import { VoiceRecorder, type Recording } from '../components/VoiceRecorder';
import { useEditorT } from '../i18n';
import { errorText } from '../lib/errors';
import { trackVoiceEvent } from '../services/events.service';
import { openPushes } from '../services/pushes.service';
import * as voiceService from '../services/voice.service';
import { useMyVoicesStore } from '../stores/voices/store';
import './voices.css';

/** Reasons the api gives for a refused recording or mix (`data.reason`), said in the UI's language. */
const REASONS = new Set(['format', 'too_short', 'too_long', 'too_quiet', 'too_noisy', 'not_read', 'too_few', 'duplicate', 'too_many', 'factors', 'unavailable', 'engine']);

function useVoiceError(): (e: unknown) => string {
  const { t } = useEditorT();
  return (e) => {
    if (isApiError(e)) {
      const reason = (e.data as { reason?: unknown } | undefined)?.reason;
      if (typeof reason === 'string' && REASONS.has(reason)) return t(`voices.errors.${reason}`);
      if (e.code === ErrorCode.TooManyToday) return t('voices.errors.rename');
    }
    return errorText(e);
  };
}

type Setup = { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; conf: UgcVoiceConf; categories: UgcVoiceCategories };

const tagKey = (t: UgcVoiceTag): string => `${t.category}:${t.value}`;

/** Up to `max` tags, picked from the categories (gender, age, trait). */
function TagPicker({ categories, value, max, onChange, idBase }: { categories: UgcVoiceCategories; value: UgcVoiceTag[]; max: number; onChange: (tags: UgcVoiceTag[]) => void; idBase: string }): JSX.Element {
  const { t } = useEditorT();
  const chosen = new Set(value.map(tagKey));
  return (
    <fieldset className="voices-tags">
      <legend>{t('voices.tags', { max })}</legend>
      {categories.categories.map((c) => (
        <div key={c.category} className="voices-tags__group" role="group" aria-labelledby={`${idBase}-${c.category}`}>
          <span id={`${idBase}-${c.category}`} className="voices-tags__cat">
            {t(`voices.category.${c.category}`)}
          </span>
          {c.values.map((v) => {
            const key = `${c.category}:${v}`;
            const on = chosen.has(key);
            return (
              <label key={key} className="voices-tag">
                <input
                  type="checkbox"
                  checked={on}
                  disabled={!on && value.length >= max}
                  onChange={() => onChange(on ? value.filter((x) => tagKey(x) !== key) : [...value, { category: c.category, value: v }])}
                />
                {t(`voices.tag.${v}`)}
              </label>
            );
          })}
        </div>
      ))}
    </fieldset>
  );
}

function Slider({ label, value, range, onChange }: { label: string; value: number; range: [number, number]; onChange: (v: number) => void }): JSX.Element {
  return (
    <label className="voices-slider">
      <span>
        {label}: {value > 0 ? `+${value}` : value}%
      </span>
      <input type="range" min={range[0]} max={range[1]} step={5} value={value} onChange={(e) => onChange(Number(e.target.value))} />
    </label>
  );
}

/** The voice language that matches the UI's (its key, else its base: `zh` for `zh-CN`), else the first offered. */
function languageOfUi(ui: string, conf: UgcVoiceConf): string {
  const base = (key: string): string => key.split('-')[0]!.toLowerCase();
  const match = conf.languages.find((l) => l.language_key.toLowerCase() === ui.toLowerCase()) ?? conf.languages.find((l) => base(l.language_key) === base(ui));
  return match?.language_key ?? conf.languages[0]?.language_key ?? 'en';
}

/**
 * Record or upload, then name, tags, language, pitch, speed and privacy; the server checks the audio. The voice's
 * language, and so the text shown to read, is the UI's until the creator picks another.
 */
function VoiceCreator({ conf, categories }: { conf: UgcVoiceConf; categories: UgcVoiceCategories }): JSX.Element {
  const { t, i18n } = useEditorT();
  const put = useMyVoicesStore((s) => s.put);
  const voiceError = useVoiceError();
  const [mode, setMode] = useState<'record' | 'upload'>('record');
  const [chosenLanguage, setLanguage] = useState<string | null>(null);
  const language = chosenLanguage ?? languageOfUi(i18n.language, conf);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [tags, setTags] = useState<UgcVoiceTag[]>([]);
  const [pitch, setPitch] = useState(0);
  const [speed, setSpeed] = useState(0);
  const [isPublic, setPublic] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const readText = conf.read_texts.find((x) => x.language_key === language) ?? conf.read_texts[0]!;
  const audio = mode === 'record' ? recording?.blob : file;
  const nameLength = [...name.trim()].length;
  const nameError = name && (nameLength < conf.name_min || nameLength > conf.name_max) ? t('voices.nameLength', { min: conf.name_min, max: conf.name_max }) : '';

  const submit = async (): Promise<void> => {
    setError('');
    setDone('');
    if (!audio) {
      setError(mode === 'record' ? t('voices.needRecording') : t('voices.needFile'));
      return;
    }
    if (nameLength < conf.name_min || nameLength > conf.name_max) {
      // A name typed but out of bounds already says so on its field.
      if (!nameError) setError(t('voices.nameLength', { min: conf.name_min, max: conf.name_max }));
      return;
    }
    setBusy(true);
    try {
      const voice = await voiceService.createVoice(audio, {
        name: name.trim(),
        language,
        tags,
        pitch,
        speed,
        privacy: isPublic ? 'Public' : 'Privacy',
        text_id: readText.text_id,
        source: mode,
      });
      put(voice);
      setDone(t('voices.created', { name: voice.name }));
      setName('');
      setTags([]);
      setRecording(null);
      setFile(null);
    } catch (e) {
      setError(voiceError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card as="section" className="voices-panel" aria-labelledby="voices-new">
      <h2 id="voices-new">{t('voices.newTitle')}</h2>
      <div className="ui-row" role="group" aria-label={t('voices.how')}>
        <Button variant={mode === 'record' ? 'primary' : 'secondary'} aria-pressed={mode === 'record'} onClick={() => setMode('record')}>
          {t('voices.modeRecord')}
        </Button>
        <Button variant={mode === 'upload' ? 'primary' : 'secondary'} aria-pressed={mode === 'upload'} onClick={() => setMode('upload')}>
          {t('voices.modeUpload')}
        </Button>
      </div>
      <label className="voices-select">
        <span>{t('voices.language')}</span>
        <select className="ui-input" value={language} onChange={(e) => setLanguage(e.target.value)}>
          {conf.languages.map((l) => (
            <option key={l.language_key} value={l.language_key}>
              {l.language}
            </option>
          ))}
        </select>
      </label>
      {mode === 'record' ? (
        <VoiceRecorder text={readText.text} lang={language} minSec={conf.record_min_sec} maxSec={conf.record_max_sec} onRecorded={setRecording} />
      ) : (
        <label className="voices-file">
          <span>{t('voices.file', { min: conf.record_min_sec, max: conf.record_max_sec, mb: conf.max_upload_mb })}</span>
          <input type="file" accept="audio/*,.wav,.webm,.ogg,.mp3" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
      )}
      <TextField label={t('voices.name')} value={name} limit={conf.name_max} error={nameError || undefined} onChange={(e) => setName(e.target.value)} />
      <TagPicker categories={categories} value={tags} max={conf.tags_max} onChange={setTags} idBase="new-tags" />
      <Slider label={t('voices.pitch')} value={pitch} range={conf.pitch_range} onChange={setPitch} />
      <Slider label={t('voices.speed')} value={speed} range={conf.speed_range} onChange={setSpeed} />
      <Switch label={t('voices.public')} checked={isPublic} onCheckedChange={setPublic} />
      {conf.transcription ? <p className="ui-field__hint">{t('voices.transcriptionOn')}</p> : null}
      <div className="ui-row">
        <Button variant="primary" loading={busy} onClick={() => void submit()}>
          {busy ? t('voices.checking') : t('voices.create')}
        </Button>
      </div>
      {error ? (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {done ? <p role="status">{done}</p> : null}
    </Card>
  );
}

const asInfo = (v: UgcVoice) => ({ dubbing: v.voice_id, dubbing_desc: v.name, dubbing_audition: v.preview_url });

/** One voice: preview, tags, state; the owner renames, retunes, makes it public or private and deletes it. */
function VoiceItem({ voice, categories, conf, picked, onPick }: { voice: UgcVoice; categories: UgcVoiceCategories; conf: UgcVoiceConf; picked: boolean; onPick: (on: boolean) => void }): JSX.Element {
  const { t } = useEditorT();
  const put = useMyVoicesStore((s) => s.put);
  const voiceError = useVoiceError();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(voice.name);
  const [tags, setTags] = useState(voice.tags);
  const [pitch, setPitch] = useState(voice.pitch);
  const [speed, setSpeed] = useState(voice.speed);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const change = async (body: Omit<voiceService.VoiceChange, 'voice_id'>): Promise<boolean> => {
    setBusy(true);
    setError('');
    try {
      put(await voiceService.updateVoice({ voice_id: voice.voice_id, ...body }));
      return true;
    } catch (e) {
      setError(voiceError(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const headingId = `voice-${voice.voice_id}`;
  return (
    <Card as="li" className="voices-item" aria-labelledby={headingId}>
      <div className="voices-item__head">
        {voice.status === 'Reviewing' ? <Spinner label={t('voices.reviewingNow')} /> : voice.preview_url ? <AuditionButton info={asInfo(voice)} /> : null}
        <h3 id={headingId} className="voices-item__name">
          {voice.name}
        </h3>
        <label className="voices-tag">
          <input type="checkbox" checked={picked} onChange={(e) => onPick(e.target.checked)} />
          {t('voices.addToMix')}
        </label>
      </div>
      <div className="ui-row">
        {voice.tags.map((x) => (
          <Badge key={tagKey(x)}>{t(`voices.tag.${x.value}`)}</Badge>
        ))}
        {voice.is_mine ? <Badge tone={voice.privacy === 'Public' ? 'success' : 'neutral'}>{t(`voices.privacy.${voice.privacy}`)}</Badge> : null}
        {voice.mix_type === 'Mix' ? <Badge>{t('voices.mixOf', { names: voice.mix_speakers.map((s) => `${s.name ?? s.voice_id} ${s.factor}%`).join(', ') })}</Badge> : null}
        {voice.status !== 'Normal' ? <Badge tone={voice.status === 'Reject' ? 'danger' : 'warning'}>{t(`voices.status.${voice.status}`)}</Badge> : null}
      </div>
      {voice.status === 'Reject' && voice.reject_reason ? <p className="ui-field__error">{t('voices.rejectedBecause', { reason: voice.reject_reason })}</p> : null}
      {voice.is_mine ? (
        <div className="ui-row">
          <Button size="sm" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
            {t('voices.edit')}
          </Button>
          <Button size="sm" loading={busy && !editing} onClick={() => void change({ privacy: voice.privacy === 'Public' ? 'Privacy' : 'Public' })}>
            {voice.privacy === 'Public' ? t('voices.makePrivate') : t('voices.makePublic')}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirm(true)}>
            {t('voices.delete')}
          </Button>
        </div>
      ) : null}
      {editing ? (
        <div className="voices-edit">
          <TextField
            label={t('voices.name')}
            value={name}
            limit={conf.name_max}
            hint={voice.next_rename_at ? t('voices.renameTomorrow') : t('voices.renameOnce')}
            onChange={(e) => setName(e.target.value)}
          />
          <TagPicker categories={categories} value={tags} max={conf.tags_max} onChange={setTags} idBase={`${voice.voice_id}-tags`} />
          <Slider label={t('voices.pitch')} value={pitch} range={conf.pitch_range} onChange={setPitch} />
          <Slider label={t('voices.speed')} value={speed} range={conf.speed_range} onChange={setSpeed} />
          <Button
            variant="primary"
            loading={busy}
            onClick={() =>
              void change({ ...(name.trim() !== voice.name ? { name: name.trim() } : {}), tags, pitch, speed }).then((ok) => ok && setEditing(false))
            }
          >
            {t('voices.save')}
          </Button>
        </div>
      ) : null}
      {error ? (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirm}
        danger
        title={t('voices.deleteTitle', { name: voice.name })}
        confirmLabel={t('voices.delete')}
        busy={busy}
        onConfirm={() => void change({ status: 'Deleted' }).then(() => setConfirm(false))}
        onCancel={() => setConfirm(false)}
      >
        {voice.privacy === 'Public' ? t('voices.deletePublic') : t('voices.deleteText')}
      </ConfirmDialog>
    </Card>
  );
}

/** Two or more picked voices, each with a factor (percent, adding up to 100), mixed into a new voice. */
function VoiceMixer({ picked, max, onDone }: { picked: UgcVoice[]; max: number; onDone: () => void }): JSX.Element {
  const { t } = useEditorT();
  const put = useMyVoicesStore((s) => s.put);
  const voiceError = useVoiceError();
  const [factors, setFactors] = useState<Record<string, number>>({});
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const even = Math.floor(100 / Math.max(1, picked.length));
  const factorOf = (id: string, i: number): number => factors[id] ?? (i === 0 ? 100 - even * (picked.length - 1) : even);
  const total = picked.reduce((s, v, i) => s + factorOf(v.voice_id, i), 0);
  const submit = async (): Promise<void> => {
    setBusy(true);
    setError('');
    try {
      const voice = await voiceService.mixVoices({
        name: name.trim(),
        mix_speakers: picked.map((v, i) => ({ voice_id: v.voice_id, factor: factorOf(v.voice_id, i) })),
        privacy: 'Privacy',
      });
      put(voice);
      trackVoiceEvent('voice_mix_success', { voice_id: voice.voice_id, voices: picked.length });
      setName('');
      onDone();
    } catch (e) {
      setError(voiceError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card as="section" className="voices-panel" aria-labelledby="voices-mix">
      <h2 id="voices-mix">{t('voices.mixTitle')}</h2>
      {picked.length < 2 ? <p className="ui-field__hint">{t('voices.mixHint', { max })}</p> : null}
      {picked.map((v, i) => (
        <label key={v.voice_id} className="voices-factor">
          <span>{t('voices.factor', { name: v.name })}</span>
          <input
            className="ui-input"
            type="number"
            min={1}
            max={100}
            value={factorOf(v.voice_id, i)}
            onChange={(e) => {
              setFactors((f) => ({ ...f, [v.voice_id]: Math.round(Number(e.target.value)) }));
              trackVoiceEvent('voice_mix_adjust', { voice_id: v.voice_id, factor: Math.round(Number(e.target.value)) });
            }}
          />
        </label>
      ))}
      {picked.length >= 2 ? (
        <>
          <p className={total === 100 ? 'ui-field__hint' : 'ui-field__error'}>{t('voices.factorTotal', { total })}</p>
          <TextField label={t('voices.mixName')} value={name} onChange={(e) => setName(e.target.value)} />
          <Button variant="primary" loading={busy} disabled={picked.length > max} onClick={() => void submit()}>
            {t('voices.mix')}
          </Button>
        </>
      ) : null}
      {error ? (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </Card>
  );
}

function VoiceList({ voices, conf, categories, picked, onPick }: { voices: UgcVoice[]; conf: UgcVoiceConf; categories: UgcVoiceCategories; picked: Map<string, UgcVoice>; onPick: (v: UgcVoice, on: boolean) => void }): JSX.Element {
  return (
    <ul className="voices-list">
      {voices.map((v) => (
        <VoiceItem key={`${v.voice_id}-${v.preview_url}-${v.name}`} voice={v} conf={conf} categories={categories} picked={picked.has(v.voice_id)} onPick={(on) => onPick(v, on)} />
      ))}
    </ul>
  );
}

/** The public library: others' public voices, searched by name. */
function PublicLibrary({ conf, categories, picked, onPick }: { conf: UgcVoiceConf; categories: UgcVoiceCategories; picked: Map<string, UgcVoice>; onPick: (v: UgcVoice, on: boolean) => void }): JSX.Element {
  const { t } = useEditorT();
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<{ status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; voices: UgcVoice[] }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    const timer = setTimeout(
      () =>
        voiceService
          .listVoices({ scope: 'public', ...(keyword.trim() ? { keyword: keyword.trim() } : {}) })
          .then((r) => live && setState({ status: 'ready', voices: r.voices }))
          .catch((e: unknown) => live && setState({ status: 'error', error: errorText(e) })),
      keyword ? 250 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword, attempt]);
  return (
    <section className="voices-section" aria-labelledby="voices-public">
      <h2 id="voices-public">{t('voices.publicTitle')}</h2>
      <TextField label={t('voices.search')} type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      {state.status === 'loading' ? <Skeleton height={64} /> : null}
      {state.status === 'error' ? (
        <div role="alert">
          <p className="ui-field__error">{state.error}</p>
          <Button onClick={() => setAttempt((n) => n + 1)}>{t('common.tryAgain')}</Button>
        </div>
      ) : null}
      {state.status === 'ready' && state.voices.length === 0 ? <EmptyState title={keyword ? t('voices.noMatch') : t('voices.publicEmpty')} /> : null}
      {state.status === 'ready' ? <VoiceList voices={state.voices} conf={conf} categories={categories} picked={picked} onPick={onPick} /> : null}
    </section>
  );
}

/** The task of a custom voice's review job in TaskProgress pushes. */
const VOICE_TASK = 'ugc_voice';

/**
 * While any of my voices is in review, the page follows its job: a Normal or Reject TaskProgress push (on a push
 * connection of the page's own) reads that voice again, for its preview or reason. Each time the connection is ready,
 * the first time and after a reconnection, the voices still in review are read again, so a review that ended while
 * no connection was there shows too.
 */
function useReviewingVoices(mine: UgcVoice[]): void {
  const reviewing = mine.some((v) => v.status === 'Reviewing');
  useEffect(() => {
    if (!reviewing) return undefined;
    const store = useMyVoicesStore.getState;
    /** A voice read again goes in its place, unless it went meanwhile or an earlier read already saw its end. */
    const settle = (fresh: UgcVoice): void => {
      const current = store().voices.find((v) => v.voice_id === fresh.voice_id);
      if (!current || (current.status !== 'Reviewing' && fresh.status === 'Reviewing')) return;
      store().put(fresh);
    };
    const readAgain = (ids: string[]): void => {
      for (const id of ids) voiceService.getVoice(id).then(settle, () => undefined);
    };
    const inReview = (): string[] => store().voices.filter((v) => v.status === 'Reviewing').map((v) => v.voice_id);
    let client: SocketClient;
    try {
      client = openPushes({
        autoConnect: true,
        onReady: () => readAgain(inReview()),
        // Without the socket library the list is that of the last read: opening the page again reads it anew.
        onLoadError: (error) => console.error('voice library: the socket library could not be loaded', error),
      });
    } catch (error) {
      console.error('voice library: pushes could not start', error);
      return undefined;
    }
    const off = client.on(PushType.TaskProgress, (push) => {
      if (push.task !== VOICE_TASK || typeof push.voice_id !== 'string' || push.status === 'Reviewing') return;
      if (inReview().includes(push.voice_id)) readAgain([push.voice_id]);
    });
    return () => {
      off();
      client.close();
    };
  }, [reviewing]);
}

/** The voice library (`/editor/voices`): make a voice, one's own voices, the public library and mixing. */
export function VoicesPage(): JSX.Element {
  const { t } = useEditorT();
  const [setup, setSetup] = useState<Setup>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const mine = useMyVoicesStore((s) => s.voices);
  const mineStatus = useMyVoicesStore((s) => s.status);
  const mineError = useMyVoicesStore((s) => s.error);
  const refresh = useMyVoicesStore((s) => s.refresh);
  const [picked, setPicked] = useState<Map<string, UgcVoice>>(new Map());
  useEffect(() => {
    let live = true;
    setSetup({ status: 'loading' });
    Promise.all([voiceService.voiceConf(), voiceService.voiceCategories()])
      .then(([conf, categories]) => live && setSetup({ status: 'ready', conf, categories }))
      .catch((e: unknown) => live && setSetup({ status: 'error', error: errorText(e) }));
    void refresh();
    return () => {
      live = false;
    };
  }, [attempt, refresh]);
  useEffect(() => trackVoiceEvent('voice_show', { page: 'library' }), []);
  useReviewingVoices(mine);
  const onPick = (v: UgcVoice, on: boolean): void => {
    if (on) trackVoiceEvent('voice_mix_select', { voice_id: v.voice_id });
    setPicked((p) => {
      const next = new Map(p);
      if (on) next.set(v.voice_id, v);
      else next.delete(v.voice_id);
      return next;
    });
  };
  const pickedList = useMemo(() => [...picked.values()], [picked]);

  return (
    <div className="editor-page voices-page">
      <header className="editor-page__head">
        <div>
          <Link to="../works" className="editor-back">
            {t('common.backToMyStory')}
          </Link>
          <h1>{t('voices.title')}</h1>
          <p className="ui-field__hint">{t('voices.what')}</p>
        </div>
      </header>
      {setup.status === 'loading' ? <Spinner label={t('common.loading')} /> : null}
      {setup.status === 'error' ? (
        <div role="alert">
          <p className="ui-field__error">{setup.error}</p>
          <Button onClick={() => setAttempt((n) => n + 1)}>{t('common.tryAgain')}</Button>
        </div>
      ) : null}
      {setup.status === 'ready' ? (
        <div className="voices-layout">
          <VoiceCreator conf={setup.conf} categories={setup.categories} />
          <section className="voices-section" aria-labelledby="voices-mine">
            <h2 id="voices-mine">{t('voices.mineTitle')}</h2>
            {mineStatus === 'loading' && mine.length === 0 ? <Skeleton height={64} /> : null}
            {mineStatus === 'error' ? (
              <div role="alert">
                <p className="ui-field__error">{mineError}</p>
                <Button onClick={() => void refresh()}>{t('common.tryAgain')}</Button>
              </div>
            ) : null}
            {mineStatus === 'ready' && mine.length === 0 ? <EmptyState title={t('voices.mineEmpty')} /> : null}
            <VoiceList voices={mine} conf={setup.conf} categories={setup.categories} picked={picked} onPick={onPick} />
          </section>
          <VoiceMixer picked={pickedList} max={setup.conf.mix_max} onDone={() => setPicked(new Map())} />
          <PublicLibrary conf={setup.conf} categories={setup.categories} picked={picked} onPick={onPick} />
        </div>
      ) : null}
    </div>
  );
}
