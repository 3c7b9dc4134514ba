import { z } from 'zod';
import { CreatorStoryStatus, DisplayStatus, StoryStatus } from '../enums';
import { LIMITS } from '../constants';
import { pageQuerySchema } from '../schemas/common';
import { itemId, storyIdString } from '../story/schema';

/**
 * What the editor sends to `/api/editor/*` (stories, characters, pictures, permissions, cards), `/api/events/track`
 * and the upload, as the api validates it: the api parses each call's query, body or path with these, the editor
 * types what it sends from them. The story payload itself is `storyCreateSchema` (story/schema).
 */

/** What an upload is for; each use has its own bounds (the table in docs/api.md, "Media"). */
export const MEDIA_USES = ['avatar', 'character', 'cover', 'background', 'screenshot'] as const;

const permissionSchema = z
  .object({ character_use: z.boolean().optional(), thread_share: z.boolean().optional() })
  .refine((p) => p.character_use !== undefined || p.thread_share !== undefined, {
    message: 'set character_use or thread_share',
  });

const chars = (s: string): number => Array.from(s).length;

/** `POST /api/editor/image/generate`. Spec section 5: a prompt, and for a character its name, before drawing. */
const imageGenerateSchema = z
  .object({
    use: z.enum(['character', 'cover', 'background'], {
      message: 'Expected one of character, cover, background',
    }),
    prompt: z
      .string()
      .trim()
      .min(1, 'An appearance prompt is required before generating a picture')
      .refine((s) => chars(s) <= LIMITS.aiPrompt, `At most ${LIMITS.aiPrompt} characters`),
    character_name: z
      .string()
      .trim()
      .refine((s) => chars(s) <= LIMITS.characterName, `At most ${LIMITS.characterName} characters`)
      .default(''),
    image_generate_style: z
      .object({ code: z.string().max(64) })
      .nullable()
      .default(null),
  })
  .superRefine((b, ctx) => {
    if (b.use === 'character' && b.character_name === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['character_name'],
        message: 'A name is required before generating a character picture',
      });
    }
  });

/** The outgoing events of spec section 7, under the names the clients send. */
export const TRACK_EVENT_NAMES = [
  'page_view',
  'page_end',
  'page_click',
  'story_publish_success',
  'must_fill_missing',
  'enter_story_editor',
  'login_show',
  'login_success',
  'first_version_create',
  'story_copilot',
  'story_message_send',
  'story_start',
  'story_end',
  'upload_pic_success',
  'voice_show',
  'voice_audition',
  'voice_click',
  'voice_mix_select',
  'voice_mix_adjust',
  'voice_mix_success',
] as const;

const scalar = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]);
/** Flat params only: a bounded record of scalars, so an event can never smuggle documents or operators. */
const genericParams = z
  .record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'param names are snake_case'), scalar)
  .refine((p) => Object.keys(p).length <= 30, { message: 'at most 30 params' });

/** Spec section 2: entering an editor sends story id, version id, creation mode, entrance and story status. */
const enterEditorParams = z.object({
  story_id: z.string().max(32).regex(/^\d*$/, 'must be a numeric id or empty'),
  version_id: z.string().max(32).regex(/^\d*$/, 'must be a numeric id or empty'),
  creation_mode: z.enum(['normal', 'brainstorming', 'bot']),
  entrance: z.string().max(64).default('url_pc'),
  story_status: z.union([
    z.enum(Object.values(StoryStatus).map(String) as [string, ...string[]]),
    z.literal(''),
    z.number().int(),
  ]),
});

/** `POST /api/events/track`: an event's name and its flat params (the enter-editor event's are checked as such). */
const trackBodySchema = z
  .object({ name: z.enum(TRACK_EVENT_NAMES), params: genericParams.default({}) })
  .superRefine((b, ctx) => {
    if (b.name !== 'enter_story_editor') return;
    const parsed = enterEditorParams.safeParse(b.params);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ ...issue, path: ['params', ...issue.path] } as z.core.$ZodRawIssue);
    }
  });

/** The request schemas of the editor's calls, by the part of the call they check. */
export const EDITOR_REQUESTS = {
  storyIdQuery: z.object({
    story_id: storyIdString,
    display_status: z.enum([DisplayStatus.Draft, DisplayStatus.Published]).optional(),
  }),
  storyListQuery: pageQuerySchema.extend({
    status: z.enum(Object.values(CreatorStoryStatus) as [string, ...string[]]).optional(),
  }),
  storyIdBody: z.object({ story_id: storyIdString }),
  setTopBody: z.object({ story_id: storyIdString, is_top: z.boolean() }),
  characterQuery: z.object({
    story_id: storyIdString,
    character_id: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'must be a character id'),
    display_status: z.enum([DisplayStatus.Draft, DisplayStatus.Published]).optional(),
  }),
  dubbingListQuery: z.object({ language: z.string().max(35).optional() }),
  vidUrlsQuery: z.object({
    /** Comma-separated vids, as the editor sends them in one query value. */
    vids: z
      .string()
      .max(2000)
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      )
      .pipe(z.array(z.string().max(64)).max(50, 'at most 50 vids')),
  }),
  artParams: z.object({ file: z.string().regex(/^[a-z0-9_]{1,64}\.png$/, 'must be an artwork key') }),
  audioParams: z.object({ file: z.string().regex(/^[a-z0-9_]{1,64}\.wav$/, 'must be a known clip') }),
  permissionUpdateBody: z.object({ story_id: storyIdString, permission: permissionSchema }),
  permissionBatchBody: z.object({
    story_ids: z.array(storyIdString).min(1, 'at least one story').max(100, 'at most 100 stories'),
    permission: permissionSchema,
  }),
  imageGenerateBody: imageGenerateSchema,
  /** `POST /api/editor/upload`: the text fields sent beside the file. */
  uploadFields: z.object({ use: z.enum(MEDIA_USES, { message: `Expected one of ${MEDIA_USES.join(', ')}` }) }),
  /** `GET /api/media/:id`. */
  mediaParams: z.object({ id: z.string().regex(/^[0-9a-f]{24}$/i, 'Expected a media id of 24 hex characters') }),
  /** `GET /api/editor/card/export`. */
  cardExportQuery: z.object({
    story_id: storyIdString,
    character_id: itemId.optional(),
    format: z.enum(['png', 'json', 'charx'], { message: 'Expected one of png, json, charx' }),
  }),
  /** `GET /api/editor/lorebook/export`. */
  lorebookExportQuery: z.object({ story_id: storyIdString }),
  trackBody: trackBodySchema,
  /** The enter-editor event's params, as stored (defaults applied). */
  enterEditorParams,
};

/** `POST /api/editor/image/generate`. */
export type GenerateImageBody = z.input<typeof imageGenerateSchema>;
/** What an upload is for (`use` beside the file). */
export type MediaUse = (typeof MEDIA_USES)[number];
/** The §2 "enter story editor" event's params. */
export type EnterEditorEvent = z.input<typeof enterEditorParams>;
/** `POST /api/events/track`. */
export type TrackRequest = z.input<typeof trackBodySchema>;
/** An event's name, as `/api/events/track` knows it. */
export type TrackEventName = (typeof TRACK_EVENT_NAMES)[number];
/** `GET /api/editor/story/list`'s query. */
export type EditorStoryListQuery = z.input<typeof EDITOR_REQUESTS.storyListQuery>;
/** `GET /api/editor/story/get`'s query. */
export type EditorStoryQuery = z.input<typeof EDITOR_REQUESTS.storyIdQuery>;
/** `POST /api/editor/story/del` (and other calls naming one story). */
export type StoryIdRequest = z.input<typeof EDITOR_REQUESTS.storyIdBody>;
/** `POST /api/editor/story/set_top`. */
export type SetTopRequest = z.input<typeof EDITOR_REQUESTS.setTopBody>;
/** `POST /api/editor/permission/update`. */
export type PermissionUpdateRequest = z.input<typeof EDITOR_REQUESTS.permissionUpdateBody>;
/** `POST /api/editor/permission/batch_update`. */
export type PermissionBatchRequest = z.input<typeof EDITOR_REQUESTS.permissionBatchBody>;
/** `GET /api/editor/card/export`'s query. */
export type CardExportQuery = z.input<typeof EDITOR_REQUESTS.cardExportQuery>;
