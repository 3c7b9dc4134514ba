import { useMemo, type JSX } from 'react';
import { useNames } from '../sections/useNames';
import { TextField, type TextFieldProps } from './Field';
import { MentionField } from './MentionField';
import { useSkeletonFields } from './skeleton';

/**
 * A plain text of the story (its name, a title, the opening line): the kit's text field in the story editor; in a
 * template's skeleton a box where fields are placed with `@` and show as chips, stored as their placeholders.
 */
export function StoryTextField(props: TextFieldProps): JSX.Element {
  const fields = useSkeletonFields();
  if (!fields) return <TextField {...props} />;
  return <SkeletonText {...props} />;
}

function SkeletonText({ fkey, label, value, max, multiline, placeholder, onChange }: TextFieldProps): JSX.Element {
  const names = useNames();
  const onlyFields = useMemo(() => ({ ...names, onlyFields: true }), [names]);
  return (
    <MentionField
      fkey={fkey}
      label={label}
      value={value}
      max={max}
      names={onlyFields}
      placeholder={placeholder ?? ''}
      singleLine={!multiline}
      onChange={onChange}
    />
  );
}
