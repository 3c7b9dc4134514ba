import { useState, type JSX } from 'react';
import type { UgcVoice } from 'shared-kit';
import { Button, Card, TextField } from 'ui-kit';
import { useEditorT } from '../../i18n';
import { trackVoiceEvent } from '../../services/events.service';
import * as voiceService from '../../services/voice.service';
import { useMyVoicesStore } from '../../stores/voices/store';
import { ErrorLine } from './parts';
import { useVoiceRequest } from './useVoiceRequest';

/** Two or more picked voices, each with a factor (percent, adding up to 100), mixed into a new voice. */
export function VoiceMixer({ picked, max, onDone }: { picked: UgcVoice[]; max: number; onDone: () => void }): JSX.Element {
  const { t } = useEditorT();
  const put = useMyVoicesStore((s) => s.put);
  const [factors, setFactors] = useState<Record<string, number>>({});
  const [name, setName] = useState('');
  const { busy, error, run } = useVoiceRequest();
  const even = Math.floor(100 / Math.max(1, picked.length));
  const factorOf = (id: string, i: number): number => factors[id] ?? (i === 0 ? 100 - even * (picked.length - 1) : even);
  const total = picked.reduce((s, v, i) => s + factorOf(v.voice_id, i), 0);
  const submit = async (): Promise<void> => {
    const voice = await run(() =>
      voiceService.mixVoices({
        name: name.trim(),
        mix_speakers: picked.map((v, i) => ({ voice_id: v.voice_id, factor: factorOf(v.voice_id, i) })),
        privacy: 'Privacy',
      }),
    );
    if (!voice) return;
    put(voice);
    trackVoiceEvent('voice_mix_success', { voice_id: voice.voice_id, voices: picked.length });
    setName('');
    onDone();
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
      <ErrorLine error={error} />
    </Card>
  );
}
