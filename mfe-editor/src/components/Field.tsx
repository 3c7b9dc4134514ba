import { createContext, useContext, useSyncExternalStore, type JSX, type ReactNode } from 'react';
import { charLength, displayLength, type StoryIssue } from 'shared-kit';
import { TextArea, TextField as KitTextField, cx } from 'ui-kit';
import { issueMessage } from '../i18n';
import { errorDomId, fieldDomId } from '../stores/editor/fields';
import type { FieldErrors } from '../stores/editor/fields';
import { useEditorStore } from '../stores/editor/store';
import { withFieldNames, type EditorNames } from './mentionDom';

/**
 * The errors of a long list's fields, given once by the list (one store subscription for the list instead of one per
 * field: every subscription runs on every keystroke, and a story has up to 100 chapters of several fields each).
 */
export const FieldErrorsScope = createContext<FieldErrors | null>(null);

const noSubscription = () => () => undefined;

/**
 * The field's error: from the list's scope when inside one, otherwise subscribed by key, so only this field
 * re-renders when it appears or clears.
 */
export function useFieldError(key: string): StoryIssue | undefined {
  const scoped = useContext(FieldErrorsScope);
  const own = useSyncExternalStore(scoped ? noSubscription : useEditorStore.subscribe, () =>
    scoped ? undefined : useEditorStore.getState().errors[key],
  );
  return scoped ? scoped[key] : own;
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

/**
 * `12/30`, marked when over: counts as the limits do (code points, mentions by displayed name, placed fields by `[name]`).
 * The count sits in a box of its own fixed size (its width in digits), which the browser lays out alone: a keystroke's
 * new count does not lay out the whole page again (a story has up to 100 chapters).
 */
export function Counter({ fkey, value, max, names }: { fkey: string; value: string; max: number; names?: EditorNames }): JSX.Element {
  const n = names ? displayLength(withFieldNames(value, names), names) : charLength(value);
  const text = `${n}/${max}`;
  return (
    <span className="editor-count">
      <span id={counterDomId(fkey)} className={cx('ui-field__count', n > max && 'ui-field__count--over')} style={{ inlineSize: `${text.length + 1}ch` }}>
        {text}
      </span>
    </span>
  );
}

/** The field's error in the UI language, where the field's aria-describedby points. */
export function FieldError({ fkey, error }: { fkey: string; error: StoryIssue | undefined }): JSX.Element | null {
  if (!error) return null;
  return (
    <span id={errorDomId(fkey)} className="ui-field__error" role="alert">
      {issueMessage(error)}
    </span>
  );
}

export interface TextFieldProps {
  fkey: string;
  label: string;
  value: string;
  max?: number;
  multiline?: boolean;
  placeholder?: string;
  onChange: (value: string) => void;
  children?: ReactNode;
}

/**
 * The kit's text field (or text area) bound to a story field: its id is the field's (a failed validation scrolls to
 * it), its error the store's for that key, its counter the spec's limit.
 */
export function TextField({ fkey, label, value, max, multiline, placeholder, onChange, children }: TextFieldProps): JSX.Element {
  const error = useFieldError(fkey);
  const common = {
    id: fieldDomId(fkey),
    label,
    value,
    limit: max,
    placeholder,
    error: error ? issueMessage(error) : undefined,
  };
  return (
    <div className="editor-field">
      {multiline ? (
        <TextArea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <KitTextField {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      {children}
    </div>
  );
}
