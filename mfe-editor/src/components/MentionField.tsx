import { memo, type JSX } from 'react';
import { cx } from 'ui-kit';
import { useEditorT } from '../i18n';
import { Counter, FieldError, fieldA11y, useFieldError } from './Field';
import { MentionEditor } from './MentionEditor';
import type { EditorNames } from './mentionDom';

export interface MentionFieldProps {
  fkey: string;
  label: string;
  value: string;
  /** No counter without a limit. */
  max?: number;
  names: EditorNames;
  placeholder?: string;
  singleLine?: boolean;
  onChange: (value: string) => void;
}

/** A labelled mention editor with its counter (mentions counted by displayed name) and its error, in the kit's field. */
export const MentionField = memo(function MentionField({ fkey, label, value, max, names, placeholder, singleLine, onChange }: MentionFieldProps): JSX.Element {
  const { t } = useEditorT();
  const error = useFieldError(fkey);
  const a11y = fieldA11y(fkey, error, max !== undefined);
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
        onChange={onChange}
        invalid={Boolean(error)}
        describedBy={a11y['aria-describedby']}
        placeholder={placeholder ?? t('fields.mentionPlaceholder')}
        singleLine={singleLine}
      />
      <div className="ui-field__footer">
        {error ? <FieldError fkey={fkey} error={error} /> : <span />}
        {max !== undefined ? <Counter fkey={fkey} value={value} max={max} names={names} /> : null}
      </div>
    </div>
  );
});
