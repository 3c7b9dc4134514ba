import { z } from 'zod';
import { CreatorStoryStatus, DisplayStatus, LIMITS } from 'shared-kit';
import { pageQuerySchema, storyIdString } from 'shared-kit/schemas';

export const storyIdQuerySchema = z.object({
  story_id: storyIdString,
  display_status: z.enum([DisplayStatus.Draft, DisplayStatus.Published]).optional(),
});

export const storyListQuerySchema = pageQuerySchema.extend({
  status: z.enum(Object.values(CreatorStoryStatus) as [string, ...string[]]).optional(),
});

export const storyIdBodySchema = z.object({ story_id: storyIdString });

export const setTopBodySchema = z.object({ story_id: storyIdString, is_top: z.boolean() });

export const characterQuerySchema = z.object({
  story_id: storyIdString,
  character_id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a character id'),
  display_status: z.enum([DisplayStatus.Draft, DisplayStatus.Published]).optional(),
});

export const dubbingListQuerySchema = z.object({ language: z.string().max(35).optional() });

export const vidUrlsQuerySchema = z.object({
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
});

export const artParamsSchema = z.object({
  file: z.string().regex(/^[a-z0-9_]{1,64}\.png$/, 'must be an artwork key'),
});

export const audioParamsSchema = z.object({
  file: z.string().regex(/^[a-z0-9_]{1,64}\.wav$/, 'must be a known clip'),
});

const permissionSchema = z
  .object({ character_use: z.boolean().optional(), thread_share: z.boolean().optional() })
  .refine((p) => p.character_use !== undefined || p.thread_share !== undefined, {
    message: 'set character_use or thread_share',
  });

export const permissionUpdateSchema = z.object({ story_id: storyIdString, permission: permissionSchema });

export const permissionBatchSchema = z.object({
  story_ids: z.array(storyIdString).min(1, 'at least one story').max(100, 'at most 100 stories'),
  permission: permissionSchema,
});

const chars = (s: string): number => Array.from(s).length;

/** `POST /api/editor/image/generate`. Spec section 5: a prompt, and for a character its name, before drawing. */
export const imageGenerateSchema = z
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
export type ImageGenerateBody = z.output<typeof imageGenerateSchema>;
