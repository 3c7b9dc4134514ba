import * as RadixCheckbox from '@radix-ui/react-checkbox';
import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';
import { cx } from './cx';

interface ToggleProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
  id?: string;
  name?: string;
}

export function Checkbox({ label, checked, onCheckedChange, disabled, className, id, name }: ToggleProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return (
    <div className={cx('ui-choice', disabled && 'ui-choice--disabled', className)}>
      <RadixCheckbox.Root
        id={controlId}
        name={name}
        className="ui-checkbox"
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        disabled={disabled}
      >
        <RadixCheckbox.Indicator className="ui-checkbox__mark" aria-hidden="true">
          ✓
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={controlId}>{label}</label>
    </div>
  );
}

export function Switch({ label, checked, onCheckedChange, disabled, className, id, name }: ToggleProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return (
    <div className={cx('ui-choice', disabled && 'ui-choice--disabled', className)}>
      <RadixSwitch.Root id={controlId} name={name} className="ui-switch" checked={checked} onCheckedChange={onCheckedChange} disabled={disabled}>
        <RadixSwitch.Thumb className="ui-switch__thumb" />
      </RadixSwitch.Root>
      <label htmlFor={controlId}>{label}</label>
    </div>
  );
}
