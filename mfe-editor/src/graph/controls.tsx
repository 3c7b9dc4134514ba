import type { JSX } from 'react';
import { useId } from 'react';

/** A labelled native select: keyboard and screen readers get the platform's own control. */
export function NativeSelect({
  label,
  value,
  options,
  onChange,
  id,
  hideLabel,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  id?: string;
  hideLabel?: boolean;
}): JSX.Element {
  const auto = useId();
  const domId = id ?? auto;
  return (
    <div className="ui-field graph-field">
      <label htmlFor={domId} className={hideLabel ? 'ui-field__label ui-visually-hidden' : 'ui-field__label'}>
        {label}
      </label>
      <select id={domId} className="ui-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
