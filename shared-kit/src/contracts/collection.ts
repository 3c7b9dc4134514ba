import { z } from 'zod';
import { COLLECTION_LIMITS, CollectionDisplay } from '../collection';
import { StoryCollectionStatus } from '../enums';
import { idString, nonEmptyTrimmed } from '../schemas/common';
import { enumOf, isoDate, offsetPage } from './common';
import { shareInfoSchema } from './community';

/** Requests of `/api/editor/collection/*` and the console's collection review, as the api validates them. */
const collectionFields = {
  name: nonEmptyTrimmed(COLLECTION_LIMITS.name),
  description: nonEmptyTrimmed(COLLECTION_LIMITS.description),
  /** Ids of the caller's own published stories and bots, in the order shown; at least one (the upper bound is configured). */
  creations: z.array(idString).min(1, 'choose at least one creation').max(1000),
};
const listPage = {
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  count: z.coerce.number().int().min(1).max(50).default(20),
};

export const COLLECTION_REQUESTS = {
  create: z.object(collectionFields).strict(),
  update: z.object({ collection_id: idString, ...collectionFields }).strict(),
  id: z.object({ collection_id: idString }),
  idBody: z.object({ collection_id: idString }).strict(),
  creations: z.object({ keyword: z.string().trim().max(60).default(''), ...listPage }),
  userList: z.object({ uid: idString, ...listPage }),
  like: z.object({ collection_id: idString, like: z.boolean() }).strict(),
  queue: z.object({ count: z.coerce.number().int().min(1).max(100).default(50) }),
  decide: z
    .object({
      collection_id: idString,
      revision: z.number().int().min(1),
      decision: z.enum(['Passed', 'Failed', 'Unqualified']),
      note: z.string().trim().max(300).default(''),
    })
    .strict(),
};
export type CollectionCreateRequest = z.input<typeof COLLECTION_REQUESTS.create>;
export type CollectionUpdateRequest = z.input<typeof COLLECTION_REQUESTS.update>;
export type CollectionDecideRequest = z.input<typeof COLLECTION_REQUESTS.decide>;

/** One creation as a collection shows it: a published story or bot. */
export const collectionCreationSchema = z.object({
  story_id: z.string(),
  story_name: z.string(),
  introduction: z.string(),
  logo: z.string(),
  is_bot: z.boolean(),
});
export type CollectionCreation = z.infer<typeof collectionCreationSchema>;

const creatorSchema = z.object({ uid: z.string(), nickname: z.string(), avatar: z.string() });
const reviewItem = z.object({ field: z.string(), reason: z.string() });

export const collectionSchema = z.object({
  collection_id: z.string(),
  uid: z.string(),
  name: z.string(),
  description: z.string(),
  status: enumOf(StoryCollectionStatus),
  display_status: enumOf(CollectionDisplay),
  revision: z.number().int(),
  creations: z.array(collectionCreationSchema),
  /** The owner's view only: ids chosen that are no longer published (left out of `creations`). */
  unavailable: z.array(z.string()),
  /** Fields the review refused, with the reason (owner's view). */
  review_reasons: z.array(reviewItem),
  like_count: z.number().int(),
  liked: z.boolean(),
  is_owner: z.boolean(),
  creator: creatorSchema,
  updated_at: isoDate,
});
export type Collection = z.infer<typeof collectionSchema>;

export const collectionCardSchema = collectionSchema.pick({
  collection_id: true,
  uid: true,
  name: true,
  description: true,
  status: true,
  display_status: true,
  like_count: true,
  updated_at: true,
}).extend({ creations_count: z.number().int(), covers: z.array(z.string()) });
export type CollectionCard = z.infer<typeof collectionCardSchema>;

export const collectionQueueItemSchema = z.object({
  collection_id: z.string(),
  uid: z.string(),
  revision: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: enumOf(StoryCollectionStatus),
  review_reasons: z.array(reviewItem),
  review_notes: z.array(z.string()),
  creations: z.array(collectionCreationSchema),
  updated_at: isoDate,
});
export type CollectionQueueItem = z.infer<typeof collectionQueueItemSchema>;

export const COLLECTION_CONTRACTS = {
  'POST /editor/collection/create': collectionSchema,
  'POST /editor/collection/update': collectionSchema,
  'GET /editor/collection/get': collectionSchema,
  'POST /editor/collection/del': z.object({ collection_id: z.string() }),
  'GET /editor/collection/list': offsetPage('list', collectionCardSchema).extend({ collection_limit: z.number().int() }),
  'GET /editor/collection/user_list': offsetPage('list', collectionCardSchema),
  'GET /editor/collection/creations': offsetPage('list', collectionCreationSchema).extend({
    selection_limit: z.number().int(),
    collection_limit: z.number().int(),
  }),
  'POST /share/collection/create_info': shareInfoSchema,
  'POST /editor/collection/like': z.object({ collection_id: z.string(), liked: z.boolean(), like_count: z.number().int() }),
  'GET /ops/review/collection_queue': z.object({ list: z.array(collectionQueueItemSchema) }),
  'POST /ops/review/collection_decide': z.object({ collection_id: z.string(), status: enumOf(StoryCollectionStatus) }),
} as const;
