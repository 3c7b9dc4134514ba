import { z } from 'zod';
import { StoryStatus } from 'shared-kit';

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
export const enterEditorParams = z.object({
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

export const trackBodySchema = z
  .object({ name: z.enum(TRACK_EVENT_NAMES), params: genericParams.default({}) })
  .superRefine((b, ctx) => {
    if (b.name !== 'enter_story_editor') return;
    const parsed = enterEditorParams.safeParse(b.params);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ ...issue, path: ['params', ...issue.path] } as z.core.$ZodRawIssue);
    }
  });
