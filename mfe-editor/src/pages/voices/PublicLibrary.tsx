import { useEffect, useState, type JSX } from 'react';
import type { UgcVoice, UgcVoiceCategories, UgcVoiceConf } from 'shared-kit';
import { EmptyState, Skeleton, TextField } from 'ui-kit';
import { useEditorT } from '../../i18n';
import { errorText } from '../../lib/errors';
import * as voiceService from '../../services/voice.service';
import { RetryAlert } from './parts';
import { VoiceList } from './VoiceItem';

/** The public library: others' public voices, searched by name. */
export function PublicLibrary({ conf, categories, picked, onPick }: { conf: UgcVoiceConf; categories: UgcVoiceCategories; picked: Map<string, UgcVoice>; onPick: (v: UgcVoice, on: boolean) => void }): JSX.Element {
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
        <RetryAlert error={state.error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {state.status === 'ready' && state.voices.length === 0 ? <EmptyState title={keyword ? t('voices.noMatch') : t('voices.publicEmpty')} /> : null}
      {state.status === 'ready' ? <VoiceList voices={state.voices} conf={conf} categories={categories} picked={picked} onPick={onPick} /> : null}
    </section>
  );
}
