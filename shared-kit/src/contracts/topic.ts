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
