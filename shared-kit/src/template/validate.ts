import { ValidationErrorType } from '../enums';
import type { IssueCode, IssueValues } from '../story/issues';
import { normalizeStory, validateStory } from '../story/validate';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_LIMITS,
  TemplateBox,
  TemplateFieldType,
  TemplateTargetKind,
} from './constants';
import { fieldIdsIn, fieldValue, fillTemplate, skeletonTexts, type TemplateContent, type TemplateField, type TemplateValues } from './fill';

/**
 * The template rules (spec section 5: field names unique within a template, fields have a maximum length), written
 * once as pure functions and run by the template editor, the fill-in form and the api alike. Each issue names its
 * `rule`, which the editors translate; `message` is the English wording the api sends.
 */
export type TemplateRule =
  | 'required'
  | 'too_long'
  | 'duplicate_name'
  | 'bad_length'
  | 'bad_target'
  | 'unknown_field'
  | 'not_text_field'
  | 'unplaced'
  | 'bad_category'
  | 'bad_value'
  | 'too_many'
  /** A story rule the skeleton breaks: a story made from it could not be published as it is. */
  | 'story_rule';

export interface TemplateIssue {
  path: string;
  type: ValidationErrorType;
  rule: TemplateRule;
  message: string;
  /** The limit for `too_long` and `bad_length`. */
  limit?: number;
  /** `story_rule`: the story rule's code and values, which the editors say in their own words. */
  code?: IssueCode;
  values?: IssueValues;
}

export type TemplateCheckMode = 'draft' | 'publish';

/** The longest value a field may allow: its box decides. */
export function boxLimit(box: TemplateBox): number {
  return box === TemplateBox.Short ? TEMPLATE_LIMITS.shortBox : TEMPLATE_LIMITS.longBox;
}

/** Names compare without surrounding spaces and case: "Hero" and " hero" are the same name. */
const nameKey = (name: string): string => name.trim().toLowerCase();

function fieldIssues(field: TemplateField, i: number, t: TemplateContent, mode: TemplateCheckMode): TemplateIssue[] {
  const out: TemplateIssue[] = [];
  const at = `fields.${i}`;
  if (field.name.trim() === '') {
    out.push({ path: `${at}.name`, type: ValidationErrorType.Required, rule: 'required', message: 'Give the field a name' });
  } else if (field.name.length > TEMPLATE_LIMITS.fieldName) {
    out.push({
      path: `${at}.name`,
      type: ValidationErrorType.Limit,
      rule: 'too_long',
      limit: TEMPLATE_LIMITS.fieldName,
      message: `At most ${TEMPLATE_LIMITS.fieldName} characters`,
    });
  }
  if (field.placeholder.length > TEMPLATE_LIMITS.placeholder) {
    out.push({
      path: `${at}.placeholder`,
      type: ValidationErrorType.Limit,
      rule: 'too_long',
      limit: TEMPLATE_LIMITS.placeholder,
      message: `At most ${TEMPLATE_LIMITS.placeholder} characters`,
    });
  }
  if (field.type === TemplateFieldType.Text) {
    const cap = boxLimit(field.box);
    if (!Number.isInteger(field.max_length) || field.max_length < 1 || field.max_length > cap) {
      out.push({
        path: `${at}.max_length`,
        type: ValidationErrorType.Limit,
        rule: 'bad_length',
        limit: cap,
        message: `The maximum length must be between 1 and ${cap}`,
      });
    } else if (field.default_value.length > field.max_length) {
      out.push({
        path: `${at}.default_value`,
        type: ValidationErrorType.Limit,
        rule: 'too_long',
        limit: field.max_length,
        message: `At most ${field.max_length} characters`,
      });
    }
    if (mode === 'publish' && !skeletonTexts(t.story).some((x) => fieldIdsIn(x.text).includes(field.field_id))) {
      out.push({
        path: `${at}.name`,
        type: ValidationErrorType.CheckFailed,
        rule: 'unplaced',
        message: 'Place this field somewhere in the story',
      });
    }
  } else {
    // A picture's or a sound's default is a value the form could have taken: a picture, a music clip's id.
    const format = field.type === TemplateFieldType.Image ? PICTURE : SOUND;
    if (field.default_value !== '' && (!format.test(field.default_value) || field.default_value.length > 2048)) {
      out.push({ path: `${at}.default_value`, type: ValidationErrorType.CheckFailed, rule: 'bad_value', message: 'Not a valid choice' });
    }
    const target = field.target;
    const ok =
      target !== null &&
      (field.type === TemplateFieldType.Image
        ? target.kind === TemplateTargetKind.Cover ||
          (target.kind === TemplateTargetKind.Character && t.story.characters.some((c) => c.character_id === target.id)) ||
          (target.kind === TemplateTargetKind.Chapter && t.story.nodes.some((n) => n.node_id === target.id))
        : target.kind === TemplateTargetKind.Chapter && t.story.nodes.some((n) => n.node_id === target.id));
    if (!ok && (mode === 'publish' || target !== null)) {
      out.push({
        path: `${at}.target`,
        type: ValidationErrorType.Required,
        rule: 'bad_target',
        message:
          field.type === TemplateFieldType.Image
            ? 'Choose the cover, a character or a chapter for this picture'
            : 'Choose a chapter for this sound',
      });
    }
  }
  return out;
}

/**
 * The rules of a template. `draft` (a save) skips what only a finished template needs (a name, an emoji, fields
 * placed, targets chosen); `publish` runs every rule.
 */
export function validateTemplate(t: TemplateContent, mode: TemplateCheckMode): TemplateIssue[] {
  const out: TemplateIssue[] = [];
  const text = (path: string, value: string, limit: number, required: boolean) => {
    if (required && mode === 'publish' && value.trim() === '') {
      out.push({ path, type: ValidationErrorType.Required, rule: 'required', message: 'Required' });
    } else if (value.length > limit) {
      out.push({ path, type: ValidationErrorType.Limit, rule: 'too_long', limit, message: `At most ${limit} characters` });
    }
  };
  text('name', t.name, TEMPLATE_LIMITS.name, true);
  text('emoji', t.emoji, TEMPLATE_LIMITS.emoji, true);
  text('description', t.description, TEMPLATE_LIMITS.description, true);
  if (!(TEMPLATE_CATEGORIES as readonly string[]).includes(t.category)) {
    out.push({ path: 'category', type: ValidationErrorType.CheckFailed, rule: 'bad_category', message: 'Unknown category' });
  }
  if (t.fields.length > TEMPLATE_LIMITS.fields) {
    out.push({
      path: 'fields',
      type: ValidationErrorType.Limit,
      rule: 'too_many',
      limit: TEMPLATE_LIMITS.fields,
      message: `At most ${TEMPLATE_LIMITS.fields} fields`,
    });
  }
  const seen = new Set<string>();
  t.fields.forEach((field, i) => {
    const key = nameKey(field.name);
    if (key !== '' && seen.has(key)) {
      out.push({
        path: `fields.${i}.name`,
        type: ValidationErrorType.CheckFailed,
        rule: 'duplicate_name',
        message: 'Field name already used',
      });
    }
    seen.add(key);
    out.push(...fieldIssues(field, i, t, mode));
  });
  const byId = new Map(t.fields.map((f) => [f.field_id, f]));
  for (const { path, text: value } of skeletonTexts(t.story)) {
    for (const id of fieldIdsIn(value)) {
      const field = byId.get(id);
      if (!field) {
        out.push({ path: `story.${path}`, type: ValidationErrorType.CharacterDeleted, rule: 'unknown_field', message: 'Uses a field that was deleted' });
      } else if (field.type !== TemplateFieldType.Text) {
        out.push({ path: `story.${path}`, type: ValidationErrorType.CheckFailed, rule: 'not_text_field', message: 'Only text fields go into texts' });
      }
    }
  }
  if (mode === 'publish' && t.story.nodes.length === 0) {
    out.push({ path: 'story.nodes', type: ValidationErrorType.Required, rule: 'required', message: 'Add at least one chapter' });
  } else if (mode === 'publish') {
    out.push(...skeletonStoryIssues(t));
  }
  return out;
}

/** A stand-in picture for a required picture field (a creator always gives one). */
const STAND_IN_PICTURE = '/api/editor/art/template_stand_in.png';

/**
 * The values a story made from the template could have at the least: each text field's default, placeholder or
 * name (a required one is always filled), pictures and sounds their default, a required picture a stand-in.
 */
function standInValues(fields: TemplateField[]): TemplateValues {
  const out: TemplateValues = {};
  for (const f of fields) {
    if (f.type === TemplateFieldType.Text) out[f.field_id] = f.default_value || f.placeholder || f.name || f.field_id;
    else if (f.default_value !== '') out[f.field_id] = f.default_value;
    else if (f.type === TemplateFieldType.Image && !f.is_optional) out[f.field_id] = STAND_IN_PICTURE;
  }
  return out;
}

/**
 * The story rules (spec section 5) over the skeleton as a creator would fill it: a published template makes stories
 * that can be published, so a character without a voice or a chapter without content is the template's to fix, at
 * its path in the skeleton. Lengths are not checked here: they depend on the values.
 */
function skeletonStoryIssues(t: TemplateContent): TemplateIssue[] {
  const story = normalizeStory(fillTemplate(t, standInValues(t.fields)));
  return validateStory(story, { mode: 'publish' })
    .filter((i) => i.type !== ValidationErrorType.Limit)
    .map((i) => ({
      path: `story.${i.path}`,
      type: i.type,
      rule: 'story_rule' as const,
      message: i.message,
      ...(i.code ? { code: i.code } : {}),
      ...(i.values ? { values: i.values } : {}),
    }));
}

/** A picture value: one of our uploads, a built-in artwork, or an http(s) URL (the story's own picture rule). */
const PICTURE = /^(?:\/api\/media\/[0-9a-fA-F]{24}|\/api\/editor\/art\/[a-z0-9_]{1,64}\.png|https?:\/\/[^\s"'<>]+)$/;
const SOUND = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The values a creator filled in, checked against the template's fields: required unless optional or defaulted,
 * at most the field's maximum length, pictures and sounds well-formed. Values of fields the template does not have
 * are refused, so nothing unexpected is stored.
 */
export function validateTemplateValues(fields: TemplateField[], values: TemplateValues): TemplateIssue[] {
  const out: TemplateIssue[] = [];
  const known = new Set(fields.map((f) => f.field_id));
  for (const key of Object.keys(values)) {
    if (!known.has(key)) {
      out.push({ path: `values.${key}`, type: ValidationErrorType.CheckFailed, rule: 'unknown_field', message: 'No such field' });
    }
  }
  for (const f of fields) {
    const path = `values.${f.field_id}`;
    const given = values[f.field_id] ?? '';
    const value = fieldValue(f, values);
    if (value.trim() === '') {
      if (!f.is_optional) out.push({ path, type: ValidationErrorType.Required, rule: 'required', message: `${f.name}: required` });
      continue;
    }
    if (f.type === TemplateFieldType.Text) {
      if (given.length > f.max_length) {
        out.push({
          path,
          type: ValidationErrorType.Limit,
          rule: 'too_long',
          limit: f.max_length,
          message: `${f.name}: at most ${f.max_length} characters`,
        });
      }
    } else if (!(f.type === TemplateFieldType.Image ? PICTURE : SOUND).test(value) || value.length > 2048) {
      out.push({ path, type: ValidationErrorType.CheckFailed, rule: 'bad_value', message: `${f.name}: not a valid choice` });
    }
  }
  return out;
}
