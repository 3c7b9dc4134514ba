import { z } from 'zod';
import { ShareType } from '../enums';
import { THREAD_LIMITS, ThreadGroupBlock } from '../thread';
import { idString, nonEmptyTrimmed } from '../schemas/common';
import { enumOf, isoDate, offsetPage } from './common';
import { shareInfoSchema } from './community';

const listPage = {
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  count: z.coerce.number().int().min(1).max(50).default(20),
};

/** A message group's id as the play hands it out (`<play_id>-<suffix>`). */
const groupId = z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters').regex(/^[0-9A-Za-z-]+$/, 'must be a message group id');

/** Requests of `/api/tyler/thread/*` and the thread's share link, as the api validates them. */
export const THREAD_REQUESTS = {
  groups: z.object({ play_id: idString }),
  create: z
    .object({
      play_id: idString,
      title: nonEmptyTrimmed(THREAD_LIMITS.title),
      /** The play's message groups shared, in any order (shown in the play's order); at least one (the upper bound is configured). */
      group_ids: z.array(groupId).min(1, 'choose at least one message group').max(1000),
    })
    .strict(),
  id: z.object({ thread_id: idString }),
  idBody: z.object({ thread_id: idString }).strict(),
  like: z.object({ thread_id: idString, like: z.boolean() }).strict(),
  userList: z.object({ uid: idString, ...listPage }),
  list: z.object(listPage),
};
export type ThreadCreateRequest = z.input<typeof THREAD_REQUESTS.create>;

/** One line of a thread, copied from the play when the thread was posted. */
export const threadLineSchema = z.object({
  seq: z.number().int(),
  role: z.enum(['player', 'npc', 'narrator']),
  character_id: z.string(),
  /** The speaker's name when posted ('' for the player, whose name is the sharer's). */
  name: z.string(),
  /** The speaker's portrait when posted ('' for none). */
  portrait: z.string(),
  emotion: z.string(),
  content: z.string(),
});
export type ThreadLine = z.infer<typeof threadLineSchema>;
export const threadGroupSchema = z.object({ group_id: z.string(), lines: z.array(threadLineSchema) });
export type ThreadGroup = z.infer<typeof threadGroupSchema>;

const personSchema = z.object({ uid: z.string(), nickname: z.string(), avatar: z.string() });
const storyCardSchema = z.object({
  story_id: z.string(),
  story_name: z.string(),
  introduction: z.string(),
  logo: z.string(),
  is_bot: z.boolean(),
  creator: personSchema,
});

export const threadSchema = z.object({
  thread_id: z.string(),
  uid: z.string(),
  title: z.string(),
  share_type: z.enum([ShareType.StoryDialogue, ShareType.BotDialogue]),
  story_id: z.string(),
  groups: z.array(threadGroupSchema),
  like_count: z.number().int(),
  liked: z.boolean(),
  comment_count: z.number().int(),
  is_owner: z.boolean(),
  creator: personSchema,
  /** The story's card; null once the story is gone from players. */
  story: storyCardSchema.nullable(),
  created_at: isoDate,
});
export type Thread = z.infer<typeof threadSchema>;

export const threadCardSchema = threadSchema
  .pick({ thread_id: true, uid: true, title: true, share_type: true, story_id: true, like_count: true, creator: true, created_at: true })
  .extend({ story_name: z.string(), logo: z.string(), first_line: z.string(), groups_count: z.number().int() });
export type ThreadCard = z.infer<typeof threadCardSchema>;

/** A message group of one's play as the "Share a thread" dialog offers it. */
export const threadPickGroupSchema = threadGroupSchema.extend({
  sharable: z.boolean(),
  /** Why it cannot be shared ('' when it can). */
  reason: z.union([z.literal(''), enumOf(ThreadGroupBlock)]),
});
export type ThreadPickGroup = z.infer<typeof threadPickGroupSchema>;

export const threadGroupsSchema = z.object({
  play_id: z.string(),
  story_id: z.string(),
  /** False when the story's creator turned threads off (`permission.thread_share`). */
  thread_share: z.boolean(),
  group_limit: z.number().int(),
  daily_limit: z.number().int(),
  posted_today: z.number().int(),
  groups: z.array(threadPickGroupSchema),
});
export type ThreadGroups = z.infer<typeof threadGroupsSchema>;

export const THREAD_CONTRACTS = {
  'GET /tyler/thread/groups': threadGroupsSchema,
  'POST /tyler/thread/create': threadSchema,
  'GET /tyler/thread/get': threadSchema,
  'POST /tyler/thread/del': z.object({ thread_id: z.string() }),
  'GET /tyler/thread/user_list': offsetPage('list', threadCardSchema),
  'GET /tyler/thread/list': offsetPage('list', threadCardSchema),
  'POST /tyler/thread/like': z.object({ thread_id: z.string(), liked: z.boolean(), like_count: z.number().int() }),
  'POST /share/thread/create_info': shareInfoSchema,
} as const;
