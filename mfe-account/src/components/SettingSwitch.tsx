import type { JSX } from 'react';
import { Switch } from 'ui-kit';

export interface SettingSwitchProps {
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off setting: the kit's switch, and a line saying what it does. */
export function SettingSwitch({ label, description, checked, disabled = false, onChange }: SettingSwitchProps): JSX.Element {
  return (
    <div className="account-setting">
      <Switch label={label} checked={checked} disabled={disabled} onCheckedChange={onChange} />
      {description ? <p className="ui-text-muted">{description}</p> : null}
    </div>
  );
}
