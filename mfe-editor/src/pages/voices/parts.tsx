import type { JSX } from 'react';
import { Button } from 'ui-kit';
import { useEditorT } from '../../i18n';

/** A percentage from a range, in steps of 5 (pitch, speed). */
export function Slider({ label, value, range, onChange }: { label: string; value: number; range: [number, number]; onChange: (v: number) => void }): JSX.Element {
  return (
    <label className="voices-slider">
      <span>
        {label}: {value > 0 ? `+${value}` : value}%
      </span>
      <input type="range" min={range[0]} max={range[1]} step={5} value={value} onChange={(e) => onChange(Number(e.target.value))} />
    </label>
  );
}

/** A section's load error, with a button that tries again. */
export function RetryAlert({ error, onRetry }: { error: string | null; onRetry: () => void }): JSX.Element {
  const { t } = useEditorT();
  return (
    <div role="alert">
      <p className="ui-field__error">{error}</p>
      <Button onClick={onRetry}>{t('common.tryAgain')}</Button>
    </div>
  );
}

/** What went wrong with the panel's last request, if anything. */
export function ErrorLine({ error }: { error: string }): JSX.Element | null {
  return error ? (
    <p className="ui-field__error" role="alert">
      {error}
    </p>
  ) : null;
}
