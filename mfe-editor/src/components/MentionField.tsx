import { memo, useCallback, useLayoutEffect, useRef, useState, type JSX, type MutableRefObject } from 'react';
import { cx } from 'ui-kit';
import { useEditorT } from '../i18n';
import { Counter, FieldError, fieldA11y, useFieldError } from './Field';
import { MentionEditor } from './MentionEditor';
import type { EditorNames } from './mentionDom';

export interface MentionFieldProps {
  fkey: string;
  label: string;
  /**
   * The stored text. The editor reads it when it mounts; the counter follows what is typed without it, so a list may
   * leave it as it was while its field is typed in (a chapter's card does not re-render on each keystroke).
   */
  value: string;
  /** No counter without a limit. */
  max?: number;
  names: EditorNames;
  placeholder?: string;
  singleLine?: boolean;
  onChange: (value: string) => void;
}

type Typed = MutableRefObject<((text: string) => void) | null>;

/**
 * The field's counter, told of each keystroke's text by the field: only the counter re-renders as the creator types.
 * A new `value` from outside (a load, a merge, a parent's render) replaces the text it counts.
 */
function TypedCounter({ fkey, value, max, names, typed }: { fkey: string; value: string; max: number; names: EditorNames; typed: Typed }): JSX.Element {
  const [text, setText] = useState(value);
  const [given, setGiven] = useState(value);
  if (given !== value) {
    setGiven(value);
    setText(value);
  }
  useLayoutEffect(() => {
    typed.current = setText;
    return () => {
      typed.current = null;
    };
  }, [typed]);
  return <Counter fkey={fkey} value={text} max={max} names={names} />;
}

/** A labelled mention editor with its counter (mentions counted by displayed name) and its error, in the kit's field. */
export const MentionField = memo(function MentionField({ fkey, label, value, max, names, placeholder, singleLine, onChange }: MentionFieldProps): JSX.Element {
  const { t } = useEditorT();
  const error = useFieldError(fkey);
  const a11y = fieldA11y(fkey, error, max !== undefined);
  const typed: Typed = useRef(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  // Stable, so the editor (memoised) does not re-render; the counter first, then the caller (both in one render).
  const emit = useCallback((text: string) => {
    typed.current?.(text);
    changed.current(text);
  }, []);
  return (
    <div className={cx('ui-field editor-field', error && 'ui-field--error')}>
      <span className="ui-field__label" id={`${a11y.id}-label`}>
        {label}
      </span>
      <MentionEditor
        id={a11y.id}
        label={label}
        value={value}
        names={names}
        onChange={emit}
        invalid={Boolean(error)}
        describedBy={a11y['aria-describedby']}
        placeholder={placeholder ?? t('fields.mentionPlaceholder')}
        singleLine={singleLine}
      />
      <div className="ui-field__footer">
        {error ? <FieldError fkey={fkey} error={error} /> : <span />}
        {max !== undefined ? <TypedCounter fkey={fkey} value={value} max={max} names={names} typed={typed} /> : null}
      </div>
    </div>
  );
});
