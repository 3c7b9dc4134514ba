import { memo, type JSX } from 'react';
import type { MentionNames } from 'shared-kit';
import { Counter, FieldError, fieldA11y, useFieldError } from './Field';
import { MentionEditor } from './MentionEditor';

export interface MentionFieldProps {
  fkey: string;
  label: string;
  value: string;
  max: number;
  names: MentionNames;
  placeholder?: string;
  onChange: (value: string) => void;
}

/** A labelled mention editor with its counter (mentions counted by displayed name) and its error. */
export const MentionField = memo(function MentionField({ fkey, label, value, max, names, placeholder, onChange }: MentionFieldProps): JSX.Element {
  const error = useFieldError(fkey);
  const a11y = fieldA11y(fkey, error, true);
  return (
    <div className={`ed-field${error ? ' ed-field--invalid' : ''}`}>
      <div className="ed-field__head">
        <span className="ed-label" id={`${a11y.id}-label`}>
          {label}
        </span>
        <Counter fkey={fkey} value={value} max={max} names={names} />
      </div>
      <MentionEditor
        id={a11y.id}
        label={label}
        value={value}
        names={names}
        onChange={onChange}
        invalid={Boolean(error)}
        describedBy={a11y['aria-describedby']}
        placeholder={placeholder ?? 'Type @ to mention the player or a character'}
      />
      <FieldError fkey={fkey} error={error} />
    </div>
  );
});
