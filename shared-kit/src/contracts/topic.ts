import { z } from 'zod';
import { TopicStatus, TopicType } from '../enums';
import { enumOf, isoDate } from './common';
import { storyCardSchema } from './play';

/** Topics and banners: the console's lists and the player's home (spec sections 1, 3, 7). */

const placementSchema = z.object({
  title: z.string(),
  status: enumOf(TopicStatus),
  order: z.number().int(),
  start_at: isoDate.nullable(),
  end_at: isoDate.nullable(),
  whitelist: z.array(z.string()),
  updated_at: isoDate.nullable(),
});

export const opsTopicSchema = placementSchema.extend({
  topic_id: z.string(),
  description: z.string(),
  type: enumOf(TopicType),
  story_ids: z.array(z.string()),
});
export type OpsTopic = z.infer<typeof opsTopicSchema>;

export const opsBannerSchema = placementSchema.extend({ banner_id: z.string(), image: z.string(), link: z.string() });
export type OpsBanner = z.infer<typeof opsBannerSchema>;

export const homeBannerSchema = z.object({ banner_id: z.string(), title: z.string(), image: z.string(), link: z.string() });
export type HomeBanner = z.infer<typeof homeBannerSchema>;
export const homeTopicSchema = z.object({
  topic_id: z.string(),
  title: z.string(),
  description: z.string(),
  type: enumOf(TopicType),
  story_count: z.number().int(),
});
export type HomeTopic = z.infer<typeof homeTopicSchema>;
export const homeContentSchema = z.object({ banners: z.array(homeBannerSchema), topics: z.array(homeTopicSchema) });
export type HomeContent = z.infer<typeof homeContentSchema>;
export const topicDetailSchema = z.object({ topic: homeTopicSchema, stories: z.array(storyCardSchema) });
export type TopicDetail = z.infer<typeof topicDetailSchema>;

export const TOPIC_CONTRACTS = {
  'GET /ops/topic/list': z.object({ list: z.array(opsTopicSchema) }),
  'POST /ops/topic/save': opsTopicSchema,
  'POST /ops/topic/status': opsTopicSchema,
  'POST /ops/topic/order': z.object({ list: z.array(opsTopicSchema) }),
  'GET /ops/banner/list': z.object({ list: z.array(opsBannerSchema) }),
  'POST /ops/banner/save': opsBannerSchema,
  'POST /ops/banner/status': opsBannerSchema,
  'POST /ops/banner/order': z.object({ list: z.array(opsBannerSchema) }),
  'GET /activity/home': homeContentSchema,
  'GET /activity/topic/detail': topicDetailSchema,
};

/*
 * What the console sends to `/api/ops/topic/*` and `/api/ops/banner/*`, and the player to `topic/detail`, as the api
 * validates it.
 */
const placementId = z.string().trim().min(1).max(64);
const when = z.iso.datetime().nullable().default(null);
/** A path inside the app or an http(s) URL. */
const link = z.string().max(500).regex(/^(\/[^\s]*|https?:\/\/[^\s]+)?$/, 'a path starting with / or an http(s) URL');
const placement = {
  title: z.string().trim().min(1).max(60),
  start_at: when,
  end_at: when,
  whitelist: z.array(placementId).max(200).default([]),
};
const topicSaveBody = z.object({
  topic_id: placementId.optional(),
  ...placement,
  description: z.string().trim().max(500).default(''),
  type: z.enum([TopicType.Top, TopicType.Normal]).default(TopicType.Normal),
  story_ids: z.array(placementId).max(100).default([]),
});
const bannerSaveBody = z.object({ banner_id: placementId.optional(), ...placement, image: link.default(''), link: link.default('') });

/** A placement's status change (`<kind>/status`) and order (`<kind>/order`), under the kind's own id field. */
function placementStatusBody<K extends 'topic' | 'banner'>(kind: K) {
  return z.object({ [`${kind}_id`]: placementId, status: z.enum(Object.values(TopicStatus) as [TopicStatus, ...TopicStatus[]]) } as {
    [P in `${K}_id`]: typeof placementId;
  } & { status: z.ZodEnum<{ [S in TopicStatus]: S }> });
}
function placementOrderBody<K extends 'topic' | 'banner'>(kind: K) {
  return z.object({ [`${kind}_ids`]: z.array(placementId).min(1).max(500) } as { [P in `${K}_ids`]: z.ZodArray<typeof placementId> });
}

/** The request schemas of topics and banners, by the part of the call they check. */
export const TOPIC_REQUESTS = {
  save: { topic: topicSaveBody, banner: bannerSaveBody },
  status: { topic: placementStatusBody('topic'), banner: placementStatusBody('banner') },
  order: { topic: placementOrderBody('topic'), banner: placementOrderBody('banner') },
  /** `GET /api/activity/topic/detail`. */
  detailQuery: z.object({ topic_id: placementId }),
};

/** `POST /api/ops/topic/save`. */
export type TopicSaveRequest = z.input<typeof topicSaveBody>;
/** `POST /api/ops/banner/save`. */
export type BannerSaveRequest = z.input<typeof bannerSaveBody>;
/** `POST /api/ops/<kind>/status`. */
export type PlacementStatusRequest = z.input<(typeof TOPIC_REQUESTS.status)['topic' | 'banner']>;
/** `POST /api/ops/<kind>/order`. */
export type PlacementOrderRequest = z.input<(typeof TOPIC_REQUESTS.order)['topic' | 'banner']>;
/** `GET /api/activity/topic/detail`'s query. */
export type TopicDetailQuery = z.input<typeof TOPIC_REQUESTS.detailQuery>;
