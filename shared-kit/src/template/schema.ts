import { z } from 'zod';
import { TemplateStatus } from '../enums';
import { imageUrl, itemId, storyContentSchema, storyIdString } from '../story/schema';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_LIMITS,
  TemplateBox,
  TemplateFieldType,
  TemplateTargetKind,
} from './constants';

/**
 * The template calls under `/api/editor/template/` (spec section 7), as zod schemas. Like the story's, these check
 * SHAPE and hard caps only; the rules (required, limits, unique names, placement) are in `validate.ts`, so a
 * too-long name is reported with its rule rather than as a shape error.
 */

const text = (cap: number) => z.string().max(cap, `must be at most ${cap} characters`);

export const templateFieldSchema = z.object({
  field_id: itemId,
  name: text(200).default(''),
  type: z.enum([TemplateFieldType.Text, TemplateFieldType.Image, TemplateFieldType.Sound]),
  box: z.enum([TemplateBox.Short, TemplateBox.Long]).default(TemplateBox.Short),
  placeholder: text(500).default(''),
  max_length: z.number().int().min(0).max(100_000).default(TEMPLATE_LIMITS.shortBox),
  is_optional: z.boolean().default(false),
  default_value: z.string().max(TEMPLATE_LIMITS.longBox * 2).default(''),
  target: z
    .object({
      kind: z.enum([TemplateTargetKind.Cover, TemplateTargetKind.Character, TemplateTargetKind.Chapter]),
      id: z.union([itemId, z.literal('')]).default(''),
    })
    .nullable()
    .default(null),
});

const statusEnum = z.enum([TemplateStatus.Draft, TemplateStatus.Published, TemplateStatus.Offline]);

export const templateContentSchema = z.object({
  name: text(200).default(''),
  emoji: text(64).default(''),
  description: text(2000).default(''),
  category: z.enum(TEMPLATE_CATEGORIES).default('other'),
  cover: imageUrl.default(''),
  fields: z.array(templateFieldSchema).max(100, 'at most 100 fields').default([]),
  allow_add_chapters: z.boolean().default(true),
  allow_add_roles: z.boolean().default(true),
  app_edit_only: z.boolean().default(false),
  story: storyContentSchema.default(() => storyContentSchema.parse({})),
});

/** `POST template/create`: a new template (no id) or an update from the revision the editor loaded. */
export const templateCreateSchema = templateContentSchema.extend({
  template_id: storyIdString.optional(),
  revision: z.number().int().min(0).optional(),
  status: statusEnum.default(TemplateStatus.Draft),
});
export type TemplateCreateRequest = z.output<typeof templateCreateSchema>;
export type TemplateCreateInput = z.input<typeof templateCreateSchema>;

export const templateValuesSchema = z
  .record(itemId, z.string().max(TEMPLATE_LIMITS.longBox * 2, 'is too long'))
  .refine((v) => Object.keys(v).length <= 100, 'at most 100 values');

/** `POST template/preview`: a saved template's id and the values to fill in. */
export const templatePreviewSchema = z.object({ template_id: storyIdString, values: templateValuesSchema.default({}) });

/** `story/create` from a template: which template and the values filled in (the story is made from them). */
export const templateUseSchema = z.object({ template_id: storyIdString, values: templateValuesSchema.default({}) });

export const templateListQuerySchema = z.object({
  search: text(TEMPLATE_LIMITS.search).optional(),
  category: z.enum(TEMPLATE_CATEGORIES).optional(),
  /** `mine`: the caller's own templates in every status (the template editor's list); else the published ones. */
  scope: z.enum(['published', 'mine']).default('published'),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  count: z.coerce.number().int().min(1).max(50).default(20),
});

export const templateIdQuerySchema = z.object({ template_id: storyIdString });

export const templateImagesSchema = z.object({
  template_id: storyIdString,
  cover: imageUrl.optional(),
  images: z.array(imageUrl.refine((u) => u !== '', 'must not be empty')).max(TEMPLATE_LIMITS.images).optional(),
});

export const templateWhiteListUpdateSchema = z.object({
  uid: z.string().min(1).max(64).regex(/^\d+$/, 'must be a numeric id'),
  allow: z.boolean(),
});

/** The console's whitelist change: the creator by uid or User ID. */
export const opsTemplateWhiteListUpdateSchema = z.object({
  user: z.string().trim().min(1).max(64),
  allow: z.boolean(),
});

export const creatorStoryListQuerySchema = z.object({
  template_id: storyIdString,
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  count: z.coerce.number().int().min(1).max(50).default(20),
});

// Responses

const fieldOut = templateFieldSchema.extend({ name: z.string(), placeholder: z.string(), default_value: z.string() });

export const templateCardSchema = z.object({
  template_id: z.string(),
  name: z.string(),
  emoji: z.string(),
  description: z.string(),
  category: z.string(),
  cover: z.string(),
  status: statusEnum,
  stories_made: z.number().int(),
  field_count: z.number().int(),
  author_name: z.string(),
  updated_at: z.string(),
});
export type TemplateCard = z.infer<typeof templateCardSchema>;

export const templateListSchema = z.object({
  templates: z.array(templateCardSchema),
  total: z.number().int(),
  has_more: z.boolean(),
  next_offset: z.number().int(),
});

export const templateDetailSchema = templateCardSchema.extend({
  uid: z.string(),
  revision: z.number().int(),
  is_owner: z.boolean(),
  fields: z.array(fieldOut),
  allow_add_chapters: z.boolean(),
  allow_add_roles: z.boolean(),
  app_edit_only: z.boolean(),
  images: z.array(z.string()),
  story: storyContentSchema,
});
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

export const templateSavedSchema = z.object({
  template_id: z.string(),
  revision: z.number().int(),
  status: statusEnum,
});
export type TemplateSaved = z.infer<typeof templateSavedSchema>;

export const templatePreviewResultSchema = z.object({ story: storyContentSchema });
export const templateImagesResultSchema = z.object({ template_id: z.string(), cover: z.string(), images: z.array(z.string()) });
export const templateWhiteListSchema = z.object({
  in_white_list: z.boolean(),
  is_operator: z.boolean(),
  can_publish: z.boolean(),
});
export type TemplateWhiteList = z.infer<typeof templateWhiteListSchema>;

const whiteListEntrySchema = z.object({
  uid: z.string(),
  nickname: z.string(),
  username: z.string(),
  added_by: z.string(),
  added_by_name: z.string(),
  added_at: z.string(),
});
export type TemplateWhiteListEntry = z.infer<typeof whiteListEntrySchema>;
export const opsTemplateWhiteListSchema = z.object({ list: z.array(whiteListEntrySchema) });
export const opsTemplateWhiteListChangedSchema = z.object({
  uid: z.string(),
  nickname: z.string(),
  username: z.string(),
  in_white_list: z.boolean(),
});

export const creatorStoryListSchema = z.object({
  stories: z.array(
    z.object({
      story_id: z.string(),
      story_name: z.string(),
      uid: z.string(),
      status: z.number().int(),
      created_at: z.string(),
    }),
  ),
  total: z.number().int(),
  has_more: z.boolean(),
  next_offset: z.number().int(),
});

export const TEMPLATE_CONTRACTS = {
  'GET /editor/template/get_list': templateListSchema,
  'GET /editor/template/get': templateDetailSchema,
  'POST /editor/template/create': templateSavedSchema,
  'POST /editor/template/preview': templatePreviewResultSchema,
  'POST /editor/template/update_images': templateImagesResultSchema,
  'GET /editor/template/get_images': templateImagesResultSchema,
  'GET /editor/template/white_list': templateWhiteListSchema,
  'POST /editor/template/white_list': z.object({ uid: z.string(), in_white_list: z.boolean() }),
  'GET /editor/template/creator_story_list': creatorStoryListSchema,
  'GET /ops/template/white_list': opsTemplateWhiteListSchema,
  'POST /ops/template/white_list': opsTemplateWhiteListChangedSchema,
} as const;
