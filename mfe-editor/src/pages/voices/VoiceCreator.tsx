import { useState, type JSX } from 'react';
import type { UgcVoiceCategories, UgcVoiceConf, UgcVoiceTag } from 'shared-kit';
import { Button, Card, Switch, TextField } from 'ui-kit';
import { VoiceRecorder, type Recording } from '../../components/VoiceRecorder';
import { useEditorT } from '../../i18n';
import * as voiceService from '../../services/voice.service';
import { useMyVoicesStore } from '../../stores/voices/store';
import { ErrorLine, Slider } from './parts';
import { TagPicker } from './TagPicker';
import { useVoiceRequest } from './useVoiceRequest';

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
export function VoiceCreator({ conf, categories }: { conf: UgcVoiceConf; categories: UgcVoiceCategories }): JSX.Element {
  const { t, i18n } = useEditorT();
  const put = useMyVoicesStore((s) => s.put);
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
  const { busy, error, setError, run } = useVoiceRequest();
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
    const voice = await run(() =>
      voiceService.createVoice(audio, {
        name: name.trim(),
        language,
        tags,
        pitch,
        speed,
        privacy: isPublic ? 'Public' : 'Privacy',
        text_id: readText.text_id,
        source: mode,
      }),
    );
    if (!voice) return;
    put(voice);
    setDone(t('voices.created', { name: voice.name }));
    setName('');
    setTags([]);
    setRecording(null);
    setFile(null);
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
      <ErrorLine error={error} />
      {done ? <p role="status">{done}</p> : null}
    </Card>
  );
}
