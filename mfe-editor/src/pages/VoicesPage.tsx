import { useEffect, useMemo, useState, type JSX } from 'react';
import { Link } from 'react-router';
import type { UgcVoice, UgcVoiceCategories, UgcVoiceConf } from 'shared-kit';
import { EmptyState, Skeleton, Spinner } from 'ui-kit';
import { useEditorT } from '../i18n';
import { errorText } from '../lib/errors';
import { trackVoiceEvent } from '../services/events.service';
import * as voiceService from '../services/voice.service';
import { useMyVoicesStore } from '../stores/voices/store';
import { RetryAlert } from './voices/parts';
import { PublicLibrary } from './voices/PublicLibrary';
import { useReviewingVoices } from './voices/useReviewingVoices';
import { VoiceCreator } from './voices/VoiceCreator';
import { VoiceList } from './voices/VoiceItem';
import { VoiceMixer } from './voices/VoiceMixer';
import './voices.css';

type Setup = { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; conf: UgcVoiceConf; categories: UgcVoiceCategories };

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
        <RetryAlert error={setup.error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {setup.status === 'ready' ? (
        <div className="voices-layout">
          <VoiceCreator conf={setup.conf} categories={setup.categories} />
          <section className="voices-section" aria-labelledby="voices-mine">
            <h2 id="voices-mine">{t('voices.mineTitle')}</h2>
            {mineStatus === 'loading' && mine.length === 0 ? <Skeleton height={64} /> : null}
            {mineStatus === 'error' ? (
              <RetryAlert error={mineError} onRetry={() => void refresh()} />
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
