import type { z } from 'zod';
import {
  blockListPageSchema,
  blockResultSchema,
  accountSettingsSchema,
  launchSchema,
  logOffCheckSchema,
  loginStateSchema,
  selfUserSchema,
  userDetailSchema,
  userNameCheckSchema,
} from './account';
import { emptyData } from './common';
import {
  generatedImageSchema,
  setTopResponseSchema,
  storyCreateResponseSchema,
  storyDetailSchema,
  storyListSchema,
  storyPermissionSchema,
  unreadResponseSchema,
  uploadedMediaSchema,
  languageDubbingsSchema,
  bgmSchema,
  characterDetailSchema,
  exampleSchema,
  examplesV2Schema,
  firstStorySchema,
  vidUrlsSchema,
  wordsLimitSchema,
} from './editor';
import { commonConfigResponseSchema, guestStartSchema, loginProviderListSchema, phoneLoginSchema, sentCodeSchema } from './platform';
import { z as zod } from 'zod';
import { PLAY_CONTRACTS } from './play';
import { MEMORY_CONTRACTS } from './memory';
import { COMMUNITY_CONTRACTS } from './community';
import { PLAN_CONTRACTS, planGenerateSchema } from './plan';
import { OPS_CONTRACTS } from './ops';
import { MODERATION_CONTRACTS } from './moderation';
import { TEMPLATE_CONTRACTS } from '../template/schema';
import { SANCTION_CONTRACTS } from './sanction';
import { REPORT_CONTRACTS } from './report';
import { TOPIC_CONTRACTS } from './topic';
import { CONSOLE_CONTRACTS } from './console';
import { VOICE_CONTRACTS } from './voice';
import { COMMERCE_CONTRACTS } from './commerce';
import { COLLECTION_CONTRACTS } from './collection';
import { THREAD_CONTRACTS } from './thread';
import { FEEDBACK_CONTRACTS } from './feedback';
import { WEEKLY_CONTRACTS } from './weekly';
import { IDENTITY_CONTRACTS } from './identity';
import { CALL_CONTRACTS } from './call';
import { VIDEO_CONTRACTS } from './video';

export * from './account';
export * from './common';
export * from './editor';
export * from './editor.request';
export * from './platform';
export * from './play';
export * from './playGraph';
export * from './play.request';
export * from './memory';
export * from './community';
export * from './community.request';
export * from './plan';
export * from './ops';
export * from './ops.request';
export * from './moderation';
export * from './sanction';
export * from './report';
export * from './topic';
export * from './console';
export * from './voice';
export * from './commerce';
export * from './collection';
export * from './thread';
export * from './feedback';
export * from './weekly';
export * from './identity';
export * from './call';
export * from './video';

/**
 * What each JSON call answers in `data`, by `METHOD path` (the path after `/api`). The api checks its own answers
 * against this table in tests, and the front ends check what they receive in development and tests; a call that
 * answers with something other than an envelope (a stream, a file, a redirect) is not in it.
 */
export const RESPONSE_CONTRACTS = {
  // Accounts
  'POST /passport/sms/send': sentCodeSchema,
  'POST /passport/sms/login': phoneLoginSchema,
  'GET /passport/check_login': loginStateSchema,
  'POST /passport/logout': loginStateSchema,
  'POST /passport/guest': guestStartSchema,
  'GET /passport/providers': loginProviderListSchema,
  'GET /tyler/user/launch': launchSchema,
  'GET /tyler/user/detail': userDetailSchema,
  'POST /tyler/user/save': selfUserSchema,
  'GET /tyler/user/check_user_name': userNameCheckSchema,
  'GET /tyler/user/settings/get': accountSettingsSchema,
  'POST /tyler/user/settings/update': accountSettingsSchema,
  'POST /tyler/user/block': blockResultSchema,
  'POST /tyler/user/unblock': blockResultSchema,
  'GET /tyler/user/block_list': blockListPageSchema,
  'POST /tyler/user/log_in_confirm': selfUserSchema,
  'POST /tyler/user/teen_mode': zod.object({ teen_mode: selfUserSchema.shape.teen_mode }),
  'GET /tyler/user/check_log_off': logOffCheckSchema,
  'POST /tyler/user/log_off': zod.object({ deleted: zod.literal(true) }),
  'GET /tyler/user/common_config': commonConfigResponseSchema,
  // Editor
  'POST /editor/story/create': storyCreateResponseSchema.extend({ plan_generate: planGenerateSchema.optional() }),
  'POST /editor/story/check_create': zod.object({ can_create: zod.boolean(), errors: zod.array(zod.unknown()) }),
  'GET /editor/story/get': storyDetailSchema,
  'GET /editor/story/list': storyListSchema,
  'GET /editor/story/unread': unreadResponseSchema,
  'POST /editor/story/del': emptyData,
  'POST /editor/story/set_top': setTopResponseSchema,
  'POST /editor/story/first': firstStorySchema,
  'GET /editor/character/get': characterDetailSchema,
  'GET /editor/conf/words_limit': wordsLimitSchema,
  'GET /editor/vid_urls': vidUrlsSchema,
  'GET /editor/get_example': exampleSchema,
  'GET /editor/get_example_v2': examplesV2Schema,
  'GET /editor/character/dubbing_list': zod.object({ language_dubbings: zod.array(languageDubbingsSchema) }),
  'GET /editor/bgm_list': zod.object({ bgm_list: zod.array(bgmSchema) }),
  'POST /editor/upload': uploadedMediaSchema,
  'POST /editor/image/generate': generatedImageSchema,
  'POST /editor/permission/update': zod.object({ story_id: zod.string(), permission: storyPermissionSchema }),
  'POST /editor/permission/batch_update': zod.object({ updated: zod.number().int() }),
  'POST /events/track': emptyData,
  // Play
  ...PLAY_CONTRACTS,
  ...MEMORY_CONTRACTS,
  ...VOICE_CONTRACTS,
  ...CALL_CONTRACTS,
  // Community
  ...COMMUNITY_CONTRACTS,
  ...PLAN_CONTRACTS,
  ...OPS_CONTRACTS,
  ...MODERATION_CONTRACTS,
  ...TEMPLATE_CONTRACTS,
  ...SANCTION_CONTRACTS,
  ...REPORT_CONTRACTS,
  ...TOPIC_CONTRACTS,
  ...CONSOLE_CONTRACTS,
  ...COMMERCE_CONTRACTS,
  ...COLLECTION_CONTRACTS,
  ...THREAD_CONTRACTS,
  ...FEEDBACK_CONTRACTS,
  ...WEEKLY_CONTRACTS,
  ...IDENTITY_CONTRACTS,
  ...VIDEO_CONTRACTS,
} satisfies Record<string, z.ZodType>;

export type ContractKey = keyof typeof RESPONSE_CONTRACTS;
/** The `data` a call answers with, inferred from its contract. */
export type ResponseOf<K extends ContractKey> = z.infer<(typeof RESPONSE_CONTRACTS)[K]>;

/** The contract of a call, by method and path (with or without the `/api` prefix and a query string). */
export function contractOf(method: string, path: string): z.ZodType | undefined {
  const bare = path.split('?')[0]!.replace(/^\/api(?=\/)/, '');
  return (RESPONSE_CONTRACTS as Record<string, z.ZodType>)[`${method.toUpperCase()} ${bare}`];
}

/** "story_info.status: Invalid input: expected number, received string" for the first problem, or null when it fits. */
export function contractProblem(method: string, path: string, data: unknown): string | null {
  const schema = contractOf(method, path);
  if (!schema) return null;
  const result = schema.safeParse(data);
  if (result.success) return null;
  const issue = result.error.issues[0];
  const where = issue?.path.map(String).join('.') || '(data)';
  return `${where}: ${issue?.message ?? 'does not match'}`;
}
