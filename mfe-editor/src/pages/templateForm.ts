import {
  boxLimit,
  TemplateBox,
  TemplateFieldType,
  validateTemplateValues,
  type TemplateField,
  type TemplateIssue,
  type TemplateValues,
} from 'shared-kit';

/** One control of the form generated from a template's fields. */
export interface FormControl {
  field_id: string;
  kind: 'short' | 'long' | 'image' | 'sound';
  label: string;
  placeholder: string;
  /** The counter's maximum, for text controls. */
  max: number | null;
  optional: boolean;
}

/** The fill-in form of a template: a short or long text box with a counter per text field, a picker per image or sound. */
export function formControls(fields: readonly TemplateField[]): FormControl[] {
  return fields.map((f) => ({
    field_id: f.field_id,
    kind:
      f.type === TemplateFieldType.Image
        ? 'image'
        : f.type === TemplateFieldType.Sound
          ? 'sound'
          : f.box === TemplateBox.Long
            ? 'long'
            : 'short',
    label: f.name,
    placeholder: f.placeholder,
    max: f.type === TemplateFieldType.Text ? Math.min(f.max_length, boxLimit(f.box)) : null,
    optional: f.is_optional,
  }));
}

/** The form's starting values: each field's default. */
export function initialValues(fields: readonly TemplateField[]): TemplateValues {
  return Object.fromEntries(fields.map((f) => [f.field_id, f.default_value]));
}

/** The first problem of each field, by field id (the same rules the api runs on the values). */
export function formIssues(fields: readonly TemplateField[], values: TemplateValues): Record<string, TemplateIssue> {
  const out: Record<string, TemplateIssue> = {};
  for (const issue of validateTemplateValues([...fields], values)) {
    const id = issue.path.replace(/^values\./, '');
    out[id] ??= issue;
  }
  return out;
}

/** The values to send: only the template's fields, blanks left out so defaults apply. */
export function valuesToSend(fields: readonly TemplateField[], values: TemplateValues): TemplateValues {
  const out: TemplateValues = {};
  for (const f of fields) {
    const v = values[f.field_id];
    if (v !== undefined && v.trim() !== '') out[f.field_id] = v;
  }
  return out;
}
