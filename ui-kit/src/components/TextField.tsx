import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, type LimitName } from 'shared-kit';
import { cx } from './cx';

interface FieldChromeProps {
  label: ReactNode;
  /** Shown under the field; replaced by `error` when there is one. */
  hint?: ReactNode;
  /** An error message (e.g. from the server); the over-limit error is added by the field itself. */
  error?: ReactNode;
  /** A maximum length: a number, or the name of one of the spec's limits (shared-kit LIMITS). */
  limit?: number | LimitName;
  /** Hides the label visually (it stays the accessible name). */
  hideLabel?: boolean;
}

/** Characters as the user sees them (a surrogate pair or an emoji counts once). */
export function countCharacters(value: string): number {
  return [...value].length;
}

function limitOf(limit: number | LimitName | undefined): number | undefined {
  return typeof limit === 'string' ? LIMITS[limit] : limit;
}

interface ChromeOutput {
  fieldProps: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
  render: (control: ReactNode) => ReactNode;
}

/** Label, counter, hint and error around one control, with the ids that tie them together. */
function useFieldChrome(props: FieldChromeProps, value: unknown, idProp: string | undefined, className?: string): ChromeOutput {
  const { t } = useTranslation('common');
  const autoId = useId();
  const id = idProp ?? autoId;
  const max = limitOf(props.limit);
  const count = typeof value === 'string' ? countCharacters(value) : 0;
  const over = max !== undefined && count > max;
  const error = props.error ?? (over ? t('overLimit', { count: count - max, limit: max }) : undefined);
  const describedBy = [error ? `${id}-error` : props.hint ? `${id}-hint` : undefined, max !== undefined ? `${id}-count` : undefined]
    .filter(Boolean)
    .join(' ');
  return {
    fieldProps: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined },
    render: (control) => (
      <div className={cx('ui-field', error ? 'ui-field--error' : undefined, className)}>
        <label htmlFor={id} className={cx('ui-field__label', props.hideLabel && 'ui-visually-hidden')}>
          {props.label}
        </label>
        {control}
        <div className="ui-field__footer">
          {error ? (
            <span id={`${id}-error`} className="ui-field__error" role="alert">
              {error}
            </span>
          ) : props.hint ? (
            <span id={`${id}-hint`} className="ui-field__hint">
              {props.hint}
            </span>
          ) : (
            <span />
          )}
          {max !== undefined ? (
            <span id={`${id}-count`} className={cx('ui-field__count', over && 'ui-field__count--over')} aria-label={t('characterCount', { count, limit: max })}>
              {count}/{max}
            </span>
          ) : null}
        </div>
      </div>
    ),
  };
}

export type TextFieldProps = FieldChromeProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>;

/**
 * A labelled text input. With `limit` it shows a `count/limit` counter; past the limit the field is invalid and
 * says why. Typing is never cut off, so a pasted text can be shortened by hand.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, limit, hideLabel, className, id, ...rest },
  ref,
) {
  const chrome = useFieldChrome({ label, hint, error, limit, hideLabel }, rest.value, id, className);
  return chrome.render(<input ref={ref} className="ui-input" {...chrome.fieldProps} {...rest} />);
});

export type TextAreaProps = FieldChromeProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, hint, error, limit, hideLabel, className, id, rows = 4, ...rest },
  ref,
) {
  const chrome = useFieldChrome({ label, hint, error, limit, hideLabel }, rest.value, id, className);
  return chrome.render(<textarea ref={ref} rows={rows} className="ui-input ui-textarea" {...chrome.fieldProps} {...rest} />);
});
