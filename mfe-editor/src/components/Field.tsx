import { type JSX, type ReactNode } from 'react';
import { charLength, displayLength, type MentionNames, type StoryIssue } from 'shared-kit';
import { errorDomId, fieldDomId } from '../stores/editor/fields';
import { selectError } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';

/** The field's error, subscribed by key: only this field re-renders when it appears or clears. */
export function useFieldError(key: string): StoryIssue | undefined {
  return useEditorStore(selectError(key));
}

export function counterDomId(key: string): string {
  return `${fieldDomId(key)}-count`;
}

/** The attributes tying a control to its label, counter and error. */
export function fieldA11y(key: string, error: StoryIssue | undefined, hasCounter: boolean) {
  const describedBy = [hasCounter ? counterDomId(key) : null, error ? errorDomId(key) : null].filter(Boolean).join(' ');
  return {
    id: fieldDomId(key),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** `12/30`, marked when over: counts as the limits do (code points, mentions by displayed name). */
export function Counter({ fkey, value, max, names }: { fkey: string; value: string; max: number; names?: MentionNames }): JSX.Element {
  const n = names ? displayLength(value, names) : charLength(value);
  return (
    <span id={counterDomId(fkey)} className={`ed-counter${n > max ? ' ed-counter--over' : ''}`}>
      {n}/{max}
    </span>
  );
}

export function FieldError({ fkey, error }: { fkey: string; error: StoryIssue | undefined }): JSX.Element | null {
  if (!error) return null;
  return (
    <p id={errorDomId(fkey)} className="ed-error" role="alert">
      {error.message}
    </p>
  );
}

export interface TextFieldProps {
  fkey: string;
  label: string;
  /** The stored value; the control is uncontrolled and reads it only when it mounts. */
  value: string;
  max?: number;
  multiline?: boolean;
  placeholder?: string;
  onChange: (value: string) => void;
  children?: ReactNode;
}

/**
 * A labelled text input or textarea with its counter and error. Uncontrolled on purpose: typing does not wait for
 * a render, and the store update re-renders only the item that owns the field.
 */
export function TextField({ fkey, label, value, max, multiline, placeholder, onChange, children }: TextFieldProps): JSX.Element {
  const error = useFieldError(fkey);
  const a11y = fieldA11y(fkey, error, max !== undefined);
  return (
    <div className={`ed-field${error ? ' ed-field--invalid' : ''}`}>
      <div className="ed-field__head">
        <label htmlFor={a11y.id}>{label}</label>
        {max !== undefined ? <Counter fkey={fkey} value={value} max={max} /> : null}
      </div>
      {multiline ? (
        <textarea
          {...a11y}
          className="ed-input ed-input--area"
          defaultValue={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          {...a11y}
          className="ed-input"
          type="text"
          defaultValue={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {children}
      <FieldError fkey={fkey} error={error} />
    </div>
  );
}
