import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';

// Checkbox and Switch are plain buttons with the ARIA role and state of their kind (WAI-ARIA checkbox and switch
// patterns): Space toggles both, Enter toggles a switch only, and the label names the button. They are part of the
// kit's first-paint code, so they carry no library of their own.

interface ToggleProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
  id?: string;
  name?: string;
  /** The ids of what describes the control (its error message), as on any field. */
  'aria-describedby'?: string;
  /** Marks the control as failing its check (its error is then among `aria-describedby`). */
  'aria-invalid'?: boolean;
}

function state(checked: boolean): 'checked' | 'unchecked' {
  return checked ? 'checked' : 'unchecked';
}

export function Checkbox({ label, checked, onCheckedChange, disabled, className, id, name, ...aria }: ToggleProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return (
    <div className={cx('ui-choice', disabled && 'ui-choice--disabled', className)}>
      <button
        type="button"
        role="checkbox"
        id={controlId}
        name={name}
        value="on"
        className="ui-checkbox"
        aria-checked={checked}
        aria-describedby={aria['aria-describedby']}
        aria-invalid={aria['aria-invalid'] || undefined}
        data-state={state(checked)}
        data-disabled={disabled ? '' : undefined}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        // A checkbox does not react to Enter (it would submit a form around it instead).
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      >
        {checked ? (
          <span className="ui-checkbox__mark" data-state="checked" aria-hidden="true">
            ✓
          </span>
        ) : null}
      </button>
      <label htmlFor={controlId}>{label}</label>
    </div>
  );
}

export function Switch({ label, checked, onCheckedChange, disabled, className, id, name, ...aria }: ToggleProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return (
    <div className={cx('ui-choice', disabled && 'ui-choice--disabled', className)}>
      <button
        type="button"
        role="switch"
        id={controlId}
        name={name}
        value="on"
        className="ui-switch"
        aria-checked={checked}
        aria-describedby={aria['aria-describedby']}
        aria-invalid={aria['aria-invalid'] || undefined}
        data-state={state(checked)}
        data-disabled={disabled ? '' : undefined}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
      >
        <span className="ui-switch__thumb" data-state={state(checked)} />
      </button>
      <label htmlFor={controlId}>{label}</label>
    </div>
  );
}
