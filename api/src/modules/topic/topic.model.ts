import mongoose from 'mongoose';
import { TopicStatus, TopicType } from 'shared-kit';

/**
 * What the player's home shows besides the feed (spec sections 1, 3, 7): topics (a titled list of stories, Top or
 * Normal) and banners (a picture with a link). Both go Draft -> Testing (seen by a whitelist of accounts only) ->
 * Published -> Offline, and show only between their start and end (either may be open).
 */
const placement = {
  title: { type: String, required: true },
  status: { type: String, enum: Object.values(TopicStatus), default: TopicStatus.Draft },
  /** Position on the home page, smallest first. */
  order: { type: Number, required: true },
  start_at: { type: Date, default: null },
  end_at: { type: Date, default: null },
  /** The accounts (uids) that see it while it is Testing. */
  whitelist: { type: [String], default: [] },
  updated_by: { type: String, default: '' },
};

const topicSchema = new mongoose.Schema(
  {
    topic_id: { type: String, required: true, unique: true },
    ...placement,
    description: { type: String, default: '' },
    type: { type: String, enum: Object.values(TopicType), default: TopicType.Normal },
    story_ids: { type: [String], default: [] },
  },
  { collection: 'topics', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
topicSchema.index({ status: 1, order: 1 });
export const Topic = mongoose.model('Topic', topicSchema);

const bannerSchema = new mongoose.Schema(
  {
    banner_id: { type: String, required: true, unique: true },
    ...placement,
    /** A picture: an uploaded media id path or an http(s) URL. */
    image: { type: String, default: '' },
    /** Where a tap leads: a path inside the app (`/play/story/12`, `/play/topic/3`) or an http(s) URL. */
    link: { type: String, default: '' },
  },
  { collection: 'banners', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
bannerSchema.index({ status: 1, order: 1 });
export const Banner = mongoose.model('Banner', bannerSchema);

export interface PlacementRecord {
  title: string;
  status: TopicStatus;
  order: number;
  start_at: Date | null;
  end_at: Date | null;
  whitelist: string[];
  updated_by: string;
  created_at?: Date;
  updated_at?: Date;
}
export interface TopicRecord extends PlacementRecord {
  topic_id: string;
  description: string;
  type: TopicType;
  story_ids: string[];
}
export interface BannerRecord extends PlacementRecord {
  banner_id: string;
  image: string;
  link: string;
}
