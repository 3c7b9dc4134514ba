import { z } from 'zod';
import { CreatorStoryStatus, DisplayStatus } from '../enums';
import { storyContentSchema } from '../story/schema';
import { enumOf, isoDate } from './common';
import { missingPictureSchema, planInfoSchema } from './plan';

const reviewItem = z.object({
  is_valid: z.boolean(),
  extra: z.object({ simple_reason: z.object({ display_reason: z.string() }) }).nullable(),
});

export const storyReviewResultSchema = z.object({
  characters: z.array(
    z.object({ character_id: z.string(), img: reviewItem, name: reviewItem, settings: reviewItem, style: reviewItem }),
  ),
  nodes: z.array(
    z.object({
      node_id: z.string(),
      img: reviewItem,
      name: reviewItem,
      content: reviewItem,
      ending_content: reviewItem,
      /** A branching story's texts on the node: a choice's options, a judge's outcomes, a scene's director rules. */
      options: z.array(z.object({ option_id: z.string(), text: reviewItem })).optional(),
      outcomes: z.array(z.object({ route_id: z.string(), outcome: reviewItem })).optional(),
      rules: z.array(z.object({ rule_id: z.string(), when: reviewItem })).optional(),
    }),
  ),
  /** A branching story's variables: the name and label the status line shows. */
  variables: z.array(z.object({ name: z.string(), label: reviewItem })).optional(),
  summary: reviewItem,
  name: reviewItem,
  prologue: reviewItem,
  introduction: reviewItem,
  player: z.object({ character_name: reviewItem, settings: reviewItem }),
});

export const storyPermissionSchema = z.object({
  /** Others may use this story's character in their own creations. */
  character_use: z.boolean(),
  /** Players may share threads of chats with it. */
  thread_share: z.boolean(),
});
export type StoryPermission = z.infer<typeof storyPermissionSchema>;

const content = storyContentSchema.shape;

/** `GET /api/editor/story/get` (spec section 7). */
export const storyDetailSchema = z.object({
  story_id: z.string(),
  story_info: z.object({
    story_name: z.string(),
    introduction: z.string(),
    status: z.number().int(),
    creator_status: enumOf(CreatorStoryStatus),
    display_status: enumOf(DisplayStatus),
    image_generate_style: z.object({ code: z.string() }).nullable(),
    brain_storm_idea: z.string(),
    story_gen_type: content.story_gen_type.unwrap(),
    voice_over_dubbing: content.voice_over_dubbing.unwrap(),
    fail_msg: z.object({ code: z.number(), msg: z.string() }).nullable(),
    generate_logo_image_error: z.boolean(),
    logo_character_id: z.string(),
    logo_node_id: z.string(),
    story_setting_visible: z.boolean(),
  }),
  logo: z.string(),
  loading_background: z.string(),
  version: z.object({ version_id: z.string() }),
  characters: content.characters.unwrap(),
  nodes: content.nodes.unwrap(),
  prologue: content.prologue.unwrap(),
  player: content.player.unwrap(),
  summary: z.string(),
  review_result: storyReviewResultSchema.nullable(),
  plan_info: planInfoSchema,
  /** The story's latest generation plan, when it has one. */
  plan: z
    .object({ plan_id: z.string(), status: z.number().int(), percent: z.number(), missing_pictures: z.array(missingPictureSchema).optional() })
    .nullable()
    .optional(),
  permission: storyPermissionSchema,
  /** The story's or bot's world info, when it has one. */
  lorebook: content.lorebook,
  /** A branching story's edges and variables, when it is a graph (absent for chapters in a line). */
  edges: content.edges,
  variables: content.variables,
});
export type StoryDetail = z.infer<typeof storyDetailSchema>;

/** One row of My Story. */
export const storyListItemSchema = z.object({
  story_id: z.string(),
  story_name: z.string(),
  logo: z.string(),
  status: z.number().int(),
  creator_status: enumOf(CreatorStoryStatus),
  display_status: enumOf(DisplayStatus),
  story_gen_type: z.string(),
  version_id: z.string(),
  is_top: z.boolean(),
  updated_at: isoDate,
  created_at: isoDate,
});
export type StoryListItem = z.infer<typeof storyListItemSchema>;

/** `GET /api/editor/story/list`. */
export const storyListSchema = z.object({
  stories: z.array(storyListItemSchema),
  total: z.number().int(),
  has_more: z.boolean(),
  next_offset: z.number().int(),
});
export type StoryList = z.infer<typeof storyListSchema>;

/** `POST /api/editor/story/create`. */
export const storyCreateResponseSchema = z.object({
  story_id: z.string(),
  version_id: z.string(),
  status: z.number().int(),
});

export const dubbingInfoSchema = z.object({
  dubbing: z.string(),
  dubbing_desc: z.string(),
  dubbing_desc_key: z.string().optional(),
  dubbing_audition: z.string(),
  dubbing_vid: z.string().optional(),
});
export type DubbingInfo = z.infer<typeof dubbingInfoSchema>;

export const languageDubbingsSchema = z.object({
  language: z.string(),
  language_key: z.string(),
  dubbing_infos: z.array(dubbingInfoSchema),
});
export type LanguageDubbings = z.infer<typeof languageDubbingsSchema>;

export const bgmSchema = z.object({
  vid: z.string(),
  name: z.string(),
  music_style: z.string(),
  duration_ms: z.number().optional(),
});
export type Bgm = z.infer<typeof bgmSchema>;

export const imageStyleSchema = z.object({
  code: z.string(),
  name: z.string(),
  preview: z.string(),
  members_only: z.boolean(),
});
export type ImageStyle = z.infer<typeof imageStyleSchema>;

/** `POST /api/editor/upload`. */
export const uploadedMediaSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  mime: z.string(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

/** `POST /api/editor/image/generate`. */
export const generatedImageSchema = uploadedMediaSchema.omit({ mime: true }).extend({
  /** Today's pictures: drawn, left and allowed. */
  quota: z.object({ count: z.number().int(), remain: z.number().int(), total: z.number().int() }),
});
export type GeneratedImage = z.infer<typeof generatedImageSchema>;

export const setTopResponseSchema = z.object({ story_id: z.string(), is_top: z.boolean() });
export const unreadResponseSchema = z.object({ unread: z.boolean() });

/** `POST /api/editor/story/first`. */
export const firstStorySchema = z.object({ is_first: z.boolean(), story_count: z.number().int() });

/** `GET /api/editor/character/get`: one character of a story the caller may read. */
export const characterDetailSchema = z.object({
  story_id: z.string(),
  character: storyContentSchema.shape.characters.unwrap().element,
});

/** `GET /api/editor/conf/words_limit`: the section 9 limits under the payload's field names. */
export const wordsLimitSchema = z.record(z.string(), z.number().int());

/** `GET /api/editor/vid_urls`: playable URLs per known vid. */
export const vidUrlsSchema = z.object({ vid_url_map: z.record(z.string(), z.array(z.string())) });

/** An example story: complete enough to open in the editor (the editor fills defaults). */
const exampleStory = storyContentSchema.partial().extend({ story_name: z.string() });
export const exampleSchema = z.object({ story: exampleStory });
export const examplesV2Schema = z.object({
  examples: z.array(z.object({ example_id: z.string(), title: z.string(), story: exampleStory })),
});
