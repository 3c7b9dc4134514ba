import mongoose from 'mongoose';
import type { TemplateContent, TemplateStatus, TemplateValues } from 'shared-kit';
import { contentSchema } from '../stories';

const sub = (fields: mongoose.SchemaDefinition) => new mongoose.Schema(fields, { _id: false });

const fieldSchema = sub({
  field_id: { type: String, required: true },
  name: { type: String, default: '' },
  type: { type: String, required: true },
  box: { type: String, default: 'short' },
  placeholder: { type: String, default: '' },
  max_length: { type: Number, default: 100 },
  is_optional: { type: Boolean, default: false },
  default_value: { type: String, default: '' },
  target: { type: sub({ kind: String, id: String }), default: null },
});

/**
 * A template: a story skeleton (the same embedded content as a story) with fields. `revision` counts saves, and a
 * save must name the one it started from, so two editors never overwrite each other silently.
 */
const templateSchema = new mongoose.Schema(
  {
    template_id: { type: String, required: true, unique: true },
    uid: { type: String, required: true, index: true },
    status: { type: String, required: true },
    revision: { type: Number, required: true },
    name: { type: String, default: '' },
    /** Lower-cased name and description, for the gallery's search. */
    search_text: { type: String, default: '' },
    emoji: { type: String, default: '' },
    description: { type: String, default: '' },
    category: { type: String, default: 'other' },
    cover: { type: String, default: '' },
    images: { type: [String], default: [] },
    fields: { type: [fieldSchema], default: [] },
    allow_add_chapters: { type: Boolean, default: true },
    allow_add_roles: { type: Boolean, default: true },
    app_edit_only: { type: Boolean, default: false },
    story: { type: contentSchema, default: () => ({}) },
    stories_made: { type: Number, default: 0 },
    published_at: { type: Date, default: null },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, collection: 'templates', minimize: false },
);
templateSchema.index({ status: 1, published_at: -1 });

export const Template = mongoose.model('Template', templateSchema);

export interface TemplateRecord extends TemplateContent {
  template_id: string;
  uid: string;
  status: TemplateStatus;
  revision: number;
  images: string[];
  stories_made: number;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** Which template a story was made from, with the values filled in: the story remembers its template. */
const templateStorySchema = new mongoose.Schema(
  {
    story_id: { type: String, required: true, unique: true },
    template_id: { type: String, required: true },
    uid: { type: String, required: true },
    values: { type: mongoose.Schema.Types.Mixed, default: {} },
    app_edit_only: { type: Boolean, default: false },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: false }, collection: 'template_stories', minimize: false },
);
templateStorySchema.index({ template_id: 1, created_at: -1 });

export const TemplateStory = mongoose.model('TemplateStory', templateStorySchema);

export interface TemplateStoryRecord {
  story_id: string;
  template_id: string;
  uid: string;
  values: TemplateValues;
  app_edit_only: boolean;
  created_at: Date;
}

/** The template whitelist (spec section 6): creators allowed to make and publish templates. */
const whiteListSchema = new mongoose.Schema(
  { uid: { type: String, required: true, unique: true }, added_by: { type: String, default: '' } },
  { timestamps: { createdAt: 'created_at', updatedAt: false }, collection: 'template_white_list' },
);
export const TemplateWhiteList = mongoose.model('TemplateWhiteList', whiteListSchema);
