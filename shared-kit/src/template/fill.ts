import type { StoryContent } from '../story/schema';
import { TemplateFieldType, TemplateTargetKind, type TemplateBox, type TemplateCategory } from './constants';

/** A field of a template, as stored and as the editor holds it. */
export interface TemplateField {
  field_id: string;
  name: string;
  type: TemplateFieldType;
  box: TemplateBox;
  placeholder: string;
  max_length: number;
  is_optional: boolean;
  /** Pre-filled in the form, and used when an optional field is left blank. */
  default_value: string;
  /** Image and sound fields: where the value goes. Text fields are placed in the texts instead. */
  target: { kind: TemplateTargetKind; id: string } | null;
}

/** What a template is made of (everything the template editor saves). */
export interface TemplateContent {
  name: string;
  emoji: string;
  description: string;
  category: TemplateCategory;
  cover: string;
  fields: TemplateField[];
  allow_add_chapters: boolean;
  allow_add_roles: boolean;
  /** Stories made from it may only be edited in the app (spec section 6). */
  app_edit_only: boolean;
  /** The story skeleton: its texts hold `@{field_<id>}` where a text field goes (the pre-embedded content around them). */
  story: StoryContent;
}

/** Values a creator typed or picked, by field id. */
export type TemplateValues = Record<string, string>;

// A fresh RegExp per use: a shared /g regex keeps lastIndex between calls.
const fieldPattern = (): RegExp => /@\{field_([A-Za-z0-9_-]{1,64})\}/g;

export function fieldToken(fieldId: string): string {
  return `@{field_${fieldId}}`;
}

/** The field ids placed in a text, in order, without duplicates. */
export function fieldIdsIn(text: string): string[] {
  return [...new Set([...text.matchAll(fieldPattern())].map((m) => m[1] ?? ''))];
}

export type FieldSegment = { type: 'text'; text: string } | { type: 'field'; field_id: string; raw: string };

/** A text split into plain runs and field placeholders, for editors that show fields as chips. */
export function splitFields(text: string): FieldSegment[] {
  const out: FieldSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(fieldPattern())) {
    const at = m.index ?? 0;
    if (at > last) out.push({ type: 'text', text: text.slice(last, at) });
    out.push({ type: 'field', field_id: m[1] ?? '', raw: m[0] });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ type: 'text', text: text.slice(last) });
  return out;
}

/** The value a field contributes: what was given, else its default (blank values count as not given). */
export function fieldValue(field: TemplateField, values: TemplateValues): string {
  const given = values[field.field_id];
  return given !== undefined && given.trim() !== '' ? given : field.default_value;
}

/**
 * The paths of every text of a story that may hold fields, with a getter and setter on a copy: the story's texts
 * (a graph's option texts, judge outcomes and variable labels included), and its lorebook entries' content and keys (`regex` for keys that are regular expressions).
 */
function eachText(story: StoryContent, visit: (text: string, path: string, regex?: boolean) => string): void {
  story.story_name = visit(story.story_name, 'story_name');
  story.introduction = visit(story.introduction, 'introduction');
  story.summary = visit(story.summary, 'summary');
  story.player.character_name = visit(story.player.character_name, 'player.character_name');
  story.player.settings = visit(story.player.settings, 'player.settings');
  story.prologue.content = visit(story.prologue.content, 'prologue.content');
  story.characters.forEach((c, i) => {
    c.character_name = visit(c.character_name, `characters.${i}.character_name`);
    c.settings = visit(c.settings, `characters.${i}.settings`);
    c.style = visit(c.style, `characters.${i}.style`);
  });
  story.nodes.forEach((n, i) => {
    n.name = visit(n.name, `nodes.${i}.name`);
    n.content = visit(n.content, `nodes.${i}.content`);
    n.ending_content = visit(n.ending_content, `nodes.${i}.ending_content`);
    // A branching skeleton's texts: a choice's options (the buttons players press) and a judge's outcomes. The
    // endings' texts are their content, above.
    n.options?.forEach((o, j) => {
      o.text = visit(o.text, `nodes.${i}.options.${j}.text`);
    });
    n.routes?.forEach((r, j) => {
      if (r.outcome !== undefined) r.outcome = visit(r.outcome, `nodes.${i}.routes.${j}.outcome`);
    });
  });
  // What the status line calls a variable shown to players.
  story.variables?.forEach((v, k) => {
    if (v.label !== undefined) v.label = visit(v.label, `variables.${k}.label`);
  });
  story.lorebook?.entries.forEach((e, i) => {
    e.keys = e.keys.map((k, j) => visit(k, `lorebook.entries.${i}.keys.${j}`, e.use_regex));
    e.secondary_keys = e.secondary_keys.map((k, j) => visit(k, `lorebook.entries.${i}.secondary_keys.${j}`, e.use_regex));
    e.content = visit(e.content, `lorebook.entries.${i}.content`);
  });
}

/** A value placed in a regular expression key matches itself only. */
const escapeRegex = (value: string): string => value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Every text of the skeleton that may hold a field, by path (for the template rules and the editor). */
export function skeletonTexts(story: StoryContent): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  eachText(structuredClone(story), (text, path) => {
    out.push({ path, text });
    return text;
  });
  return out;
}

/**
 * The story a template makes with these values: each text field's placeholder replaced by its value (or default;
 * escaped in a lorebook entry's regular-expression keys, and a key left empty dropped),
 * image fields set on the cover, a character or a chapter, sound fields as a chapter's music. A placeholder of a
 * field that does not exist (or is not a text field) becomes nothing. The template is not changed.
 */
export function fillTemplate(template: Pick<TemplateContent, 'fields' | 'story' | 'cover'>, values: TemplateValues): StoryContent {
  const story = structuredClone(template.story);
  const byId = new Map(template.fields.map((f) => [f.field_id, f]));
  eachText(story, (text, _path, regex) =>
    text.replace(fieldPattern(), (_raw, id: string) => {
      const field = byId.get(id);
      const value = field && field.type === TemplateFieldType.Text ? fieldValue(field, values) : '';
      return regex ? escapeRegex(value) : value;
    }),
  );
  // A key that was only a field left blank is no key.
  story.lorebook?.entries.forEach((e) => {
    e.keys = e.keys.filter((k) => k.trim() !== '');
    e.secondary_keys = e.secondary_keys.filter((k) => k.trim() !== '');
  });
  if (!story.logo && template.cover) story.logo = template.cover;
  for (const field of template.fields) {
    if (field.type === TemplateFieldType.Text || !field.target) continue;
    const value = fieldValue(field, values);
    if (value === '') continue;
    const { kind, id } = field.target;
    if (field.type === TemplateFieldType.Image) {
      if (kind === TemplateTargetKind.Cover) {
        story.logo = value;
        story.loading_background = value;
      } else if (kind === TemplateTargetKind.Character) {
        const c = story.characters.find((x) => x.character_id === id);
        if (c) c.character_url = value;
      } else {
        const n = story.nodes.find((x) => x.node_id === id);
        if (n) n.background_url = value;
      }
    } else if (kind === TemplateTargetKind.Chapter) {
      const n = story.nodes.find((x) => x.node_id === id);
      if (n) n.bgm_info = { vid: value, music_style: n.bgm_info?.music_style ?? '' };
    }
  }
  if (!story.loading_background) story.loading_background = story.logo;
  return story;
}

/** The values the gallery's example story uses: each field's default, else its placeholder (text fields). */
export function exampleValues(fields: TemplateField[]): TemplateValues {
  const out: TemplateValues = {};
  for (const f of fields) {
    out[f.field_id] = f.default_value || (f.type === TemplateFieldType.Text ? f.placeholder : '');
  }
  return out;
}
