import { useState } from 'react';
import { ErrorCode, isApiError } from 'shared-kit';
import { useEditorT } from '../../i18n';
import { errorText } from '../../lib/errors';

/** Reasons the api gives for a refused recording or mix (`data.reason`), said in the UI's language. */
const REASONS = new Set(['format', 'too_short', 'too_long', 'too_quiet', 'too_noisy', 'not_read', 'too_few', 'duplicate', 'too_many', 'factors', 'unavailable', 'engine']);

/** The message for a failed voice request: the api's reason in the UI's language, else the error's text. */
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

/** A voice request of a panel: whether it is out, and what went wrong with the last one. */
export interface VoiceRequest {
  busy: boolean;
  error: string;
  setError: (error: string) => void;
  /** Runs the request; its answer, or null when it failed (its error then shown). */
  run: <T>(request: () => Promise<T>) => Promise<T | null>;
}

export function useVoiceRequest(): VoiceRequest {
  const voiceError = useVoiceError();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async <T,>(request: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    setError('');
    try {
      return await request();
    } catch (e) {
      setError(voiceError(e));
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
