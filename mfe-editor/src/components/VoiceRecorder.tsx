import { useEffect, useRef, useState, type JSX } from 'react';
import { Button } from 'ui-kit';
import { useEditorT } from '../i18n';

export interface Recording {
  blob: Blob;
  seconds: number;
}

interface Props {
  /** The text shown to read aloud. */
  text: string;
  /** The language of the text. */
  lang: string;
  minSec: number;
  maxSec: number;
  onRecorded: (recording: Recording | null) => void;
}

const clock = (s: number): string => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/**
 * Records from the microphone (MediaRecorder) while the text to read is shown: a timer, a level meter from the
 * microphone's loudness, a stop at the maximum length; a recording under the minimum is not kept.
 */
export function VoiceRecorder({ text, lang, minSec, maxSec, onRecorded }: Props): JSX.Element {
  const { t } = useEditorT();
  const [state, setState] = useState<'idle' | 'starting' | 'recording' | 'done'>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const [problem, setProblem] = useState('');
  const [url, setUrl] = useState('');
  const stopRef = useRef<(() => void) | null>(null);

  useEffect(() => () => stopRef.current?.(), []);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const start = async (): Promise<void> => {
    setProblem('');
    onRecorded(null);
    setUrl('');
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setProblem(t('voices.record.unsupported'));
      return;
    }
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState('idle');
      setProblem(t('voices.record.denied'));
      return;
    }
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 1024;
    audio.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const began = performance.now();
    let frame = 0;
    const tick = (): void => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += s * s;
      // RMS in dBFS, -60..0 shown as 0..100.
      const db = 10 * Math.log10(sum / samples.length || 1e-10);
      setLevel(Math.max(0, Math.min(100, Math.round(((db + 60) / 60) * 100))));
      const secs = (performance.now() - began) / 1000;
      setElapsed(secs);
      if (secs >= maxSec) stop();
      else frame = requestAnimationFrame(tick);
    };
    let stopped = false;
    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      cancelAnimationFrame(frame);
      if (recorder.state !== 'inactive') recorder.stop();
      stream.getTracks().forEach((track) => track.stop());
      void audio.close();
      stopRef.current = null;
    };
    recorder.addEventListener('dataavailable', (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    });
    recorder.addEventListener('stop', () => {
      const seconds = (performance.now() - began) / 1000;
      setElapsed(seconds);
      setLevel(0);
      setState('done');
      if (seconds < minSec) {
        setProblem(t('voices.record.tooShort', { min: minSec }));
        return;
      }
      const blob = new Blob(chunks, { type: recorder.mimeType || 'audio/webm' });
      setUrl(URL.createObjectURL(blob));
      onRecorded({ blob, seconds });
    });
    stopRef.current = stop;
    recorder.start(1000);
    setElapsed(0);
    setState('recording');
    frame = requestAnimationFrame(tick);
  };

  return (
    <div className="voices-recorder">
      <p className="voices-recorder__label">{t('voices.record.readThis')}</p>
      <blockquote className="voices-recorder__text" lang={lang}>
        {text}
      </blockquote>
      <div className="ui-row voices-recorder__controls">
        {state === 'recording' ? (
          <Button variant="danger" onClick={() => stopRef.current?.()}>
            {t('voices.record.stop')}
          </Button>
        ) : (
          <Button variant="primary" loading={state === 'starting'} onClick={() => void start()}>
            {state === 'done' ? t('voices.record.again') : t('voices.record.start')}
          </Button>
        )}
        <span role="timer" aria-label={t('voices.record.elapsed')} className="voices-recorder__timer">
          {clock(elapsed)} / {clock(maxSec)}
        </span>
        <meter className="voices-recorder__meter" aria-label={t('voices.record.level')} min={0} max={100} low={15} high={90} optimum={50} value={level} />
      </div>
      <p className="ui-field__hint">{t('voices.record.hint', { min: minSec, max: maxSec })}</p>
      {state === 'recording' && elapsed < minSec ? <p className="ui-field__hint">{t('voices.record.keepGoing', { n: Math.ceil(minSec - elapsed) })}</p> : null}
      {problem ? (
        <p className="ui-field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {url ? <audio className="voices-recorder__playback" controls src={url} aria-label={t('voices.record.playback')} /> : null}
    </div>
  );
}
