import { useId, type JSX } from 'react';

export interface SwitchProps {
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off setting: a native checkbox with the switch role, so it is announced as "switch, on/off". */
export function Switch({ label, description, checked, disabled = false, onChange }: SwitchProps): JSX.Element {
  const id = useId();
  const descriptionId = useId();
  return (
    <div className="acct-switch">
      <div className="acct-switch__text">
        <label htmlFor={id} className="acct-switch__label">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="acct-hint">
            {description}
          </p>
        ) : null}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="acct-switch__input"
        checked={checked}
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
    </div>
  );
}
