import {
  boxLimit,
  STORAGE_PREFIX,
  storage,
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

/** Where the form keeps what was typed, per template, until the story is made (a reload or a closed tab keeps it). */
export const formDraftKey = (templateId: string): string => `${STORAGE_PREFIX}template_form_${templateId}`;

/** The values to start the form with: those kept in this browser for the template's fields, else the defaults. */
export function restoredValues(templateId: string, fields: readonly TemplateField[]): TemplateValues {
  const values = initialValues(fields);
  const kept = storage.getJSON(formDraftKey(templateId));
  if (kept && typeof kept === 'object') {
    for (const [id, v] of Object.entries(kept as Record<string, unknown>)) {
      if (id in values && typeof v === 'string') values[id] = v;
    }
  }
  return values;
}

export function keepValues(templateId: string, values: TemplateValues): void {
  storage.setJSON(formDraftKey(templateId), values);
}

export function forgetValues(templateId: string): void {
  storage.remove(formDraftKey(templateId));
}
