import * as RadixSelect from '@radix-ui/react-select';
import { useId, type ReactNode } from 'react';
import { cx } from './cx';

export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectProps {
  label: ReactNode;
  value: string | undefined;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: ReactNode;
  disabled?: boolean;
  error?: ReactNode;
  hideLabel?: boolean;
  className?: string;
  name?: string;
  /** The trigger's id (default: generated); the error is `${id}-error`. */
  id?: string;
  /** Open when it first renders (the stand-in of a select loaded on demand was clicked before the code came). */
  defaultOpen?: boolean;
}

/** A labelled select on Radix (keyboard, typeahead and ARIA from the primitive). */
export function Select({ label, value, onValueChange, options, placeholder, disabled, error, hideLabel, className, name, id: idProp, defaultOpen }: SelectProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  return (
    <div className={cx('ui-field', error ? 'ui-field--error' : undefined, className)}>
      <label id={`${id}-label`} htmlFor={id} className={cx('ui-field__label', hideLabel && 'ui-visually-hidden')}>
        {label}
      </label>
      <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled} name={name} defaultOpen={defaultOpen}>
        <RadixSelect.Trigger
          id={id}
          className="ui-input ui-select__trigger"
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <RadixSelect.Value placeholder={placeholder} />
          <RadixSelect.Icon className="ui-select__icon" aria-hidden="true">
            ▾
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className="ui-popover ui-select__content" position="popper" sideOffset={4}>
            <RadixSelect.Viewport>
              {options.map((option) => (
                <RadixSelect.Item key={option.value} value={option.value} disabled={option.disabled} className="ui-menu__item">
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      {error ? (
        <span id={`${id}-error`} className="ui-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
