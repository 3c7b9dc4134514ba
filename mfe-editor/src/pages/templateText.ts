import { fieldToken, TemplateFieldType, type TemplateField } from 'shared-kit';

/*
 * How the template editor shows a skeleton text: a text field's placeholder `@{field_<id>}` reads `[Field name]`,
 * and typing `[Field name]` places the field, as a mention would. Field names are unique in a template (spec
 * section 5), so each label names one field; a field without a name reads `[field_<id>]`.
 */

const labelOf = (f: TemplateField): string => (f.name.trim() === '' ? `field_${f.field_id}` : f.name.trim());

export function fieldLabel(f: TemplateField): string {
  return `[${labelOf(f)}]`;
}

/** The stored text as the editor shows it. */
export function toDisplay(text: string, fields: readonly TemplateField[]): string {
  const byId = new Map(fields.map((f) => [f.field_id, f]));
  return text.replace(/@\{field_([A-Za-z0-9_-]{1,64})\}/g, (raw, id: string) => {
    const f = byId.get(id);
    return f ? fieldLabel(f) : raw;
  });
}

/** What the creator typed, stored: each `[label]` of a text field becomes its placeholder. */
export function fromDisplay(display: string, fields: readonly TemplateField[]): string {
  const byLabel = new Map<string, TemplateField>();
  for (const f of fields) {
    if (f.type === TemplateFieldType.Text) byLabel.set(labelOf(f).toLowerCase(), f);
  }
  return display.replace(/\[([^[\]\n]{1,80})\]/g, (raw, label: string) => {
    const f = byLabel.get(label.trim().toLowerCase());
    return f ? fieldToken(f.field_id) : raw;
  });
}

/** Inserts a field's label into a shown text at the caret (or at the end). */
export function insertLabel(display: string, f: TemplateField, at: number | null): { text: string; caret: number } {
  const pos = at === null || at < 0 || at > display.length ? display.length : at;
  const label = fieldLabel(f);
  return { text: display.slice(0, pos) + label + display.slice(pos), caret: pos + label.length };
}
