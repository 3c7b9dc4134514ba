import type { TemplateField } from 'shared-kit';
import { forgetValues, formControls, formIssues, initialValues, keepValues, restoredValues, valuesToSend } from './templateForm';

const field = (over: Partial<TemplateField>): TemplateField => ({
  field_id: 'hero',
  name: 'Hero',
  type: 'text',
  box: 'short',
  placeholder: 'A name',
  max_length: 12,
  is_optional: false,
  default_value: '',
  target: null,
  ...over,
});

const FIELDS = [
  field({}),
  field({ field_id: 'tale', name: 'Backstory', box: 'long', max_length: 500, is_optional: true, default_value: 'Once.' }),
  field({ field_id: 'face', name: 'Face', type: 'image', target: { kind: 'character', id: 'c1' }, is_optional: true }),
  field({ field_id: 'tune', name: 'Tune', type: 'sound', target: { kind: 'chapter', id: 'n1' }, is_optional: true }),
];

describe('the form generated from a template', () => {
  it('has one control per field: boxes with counters for text, pickers for pictures and sounds', () => {
    expect(formControls(FIELDS)).toEqual([
      { field_id: 'hero', kind: 'short', label: 'Hero', placeholder: 'A name', max: 12, optional: false },
      { field_id: 'tale', kind: 'long', label: 'Backstory', placeholder: 'A name', max: 500, optional: true },
      { field_id: 'face', kind: 'image', label: 'Face', placeholder: 'A name', max: null, optional: true },
      { field_id: 'tune', kind: 'sound', label: 'Tune', placeholder: 'A name', max: null, optional: true },
    ]);
  });

  it('starts from the defaults and reports the first problem per field at the limits', () => {
    const values = initialValues(FIELDS);
    expect(values).toEqual({ hero: '', tale: 'Once.', face: '', tune: '' });
    expect(Object.keys(formIssues(FIELDS, values))).toEqual(['hero']);
    expect(formIssues(FIELDS, { ...values, hero: 'x'.repeat(12) })).toEqual({});
    expect(formIssues(FIELDS, { ...values, hero: 'x'.repeat(13) }).hero?.rule).toBe('too_long');
    expect(formIssues(FIELDS, { ...values, hero: 'Ann', face: 'javascript:alert(1)' }).face?.rule).toBe('bad_value');
  });

  it('sends only the filled fields', () => {
    expect(valuesToSend(FIELDS, { hero: 'Ann', tale: ' ', face: '', ghost: 'x' })).toEqual({ hero: 'Ann' });
  });

  it('keeps what was typed in this browser per template until forgotten, for its own fields only', () => {
    expect(restoredValues('t1', FIELDS)).toEqual(initialValues(FIELDS));
    keepValues('t1', { ...initialValues(FIELDS), hero: 'Ann', ghost: 'x' });
    expect(restoredValues('t1', FIELDS)).toEqual({ ...initialValues(FIELDS), hero: 'Ann' });
    // Another template starts from its defaults.
    expect(restoredValues('t2', FIELDS)).toEqual(initialValues(FIELDS));
    forgetValues('t1');
    expect(restoredValues('t1', FIELDS)).toEqual(initialValues(FIELDS));
    localStorage.clear();
  });
});
