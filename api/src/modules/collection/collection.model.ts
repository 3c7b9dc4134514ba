import mongoose from 'mongoose';
import { StoryCollectionStatus } from 'shared-kit';

const sub = (fields: mongoose.SchemaDefinition) => new mongoose.Schema(fields, { _id: false });

/** What others see of a collection: the copy that last passed review. */
const liveSchema = sub({
  name: { type: String, default: '' },
  description: { type: String, default: '' },
  creations: { type: [String], default: [] },
  revision: { type: Number, default: 0 },
});

/**
 * A collection (spec sections 3, 4, 5): the creator's working copy (name, description, creations in order) with its
 * review status, and `live`, the copy others see, set when a revision passes. `revision` counts saves; the review of
 * a revision applies only while it is still the current one. `removed_at`: an operator took it down (SelfWatch).
 */
const collectionSchema = new mongoose.Schema(
  {
    collection_id: { type: String, required: true, unique: true },
    uid: { type: String, required: true },
    name: { type: String, required: true },
    description: { type: String, required: true },
    creations: { type: [String], required: true },
    status: { type: String, enum: Object.values(StoryCollectionStatus), required: true },
    revision: { type: Number, required: true },
    review_reasons: { type: [sub({ field: String, reason: String })], default: [] },
    review_notes: { type: [String], default: [] },
    /** The revision an operator decided on (it leaves the console's queue). */
    decided_revision: { type: Number, default: 0 },
    live: { type: liveSchema, default: null },
    like_count: { type: Number, default: 0 },
    removed_at: { type: Date, default: null },
    deleted_at: { type: Date, default: null },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, collection: 'collections', minimize: false },
);
collectionSchema.index({ uid: 1, deleted_at: 1, updated_at: -1 });
collectionSchema.index({ status: 1, updated_at: 1 });
export const Collection = mongoose.model('Collection', collectionSchema);

export interface CollectionLive {
  name: string;
  description: string;
  creations: string[];
  revision: number;
}

export interface CollectionRecord {
  collection_id: string;
  uid: string;
  name: string;
  description: string;
  creations: string[];
  status: StoryCollectionStatus;
  revision: number;
  review_reasons: Array<{ field: string; reason: string }>;
  review_notes: string[];
  decided_revision: number;
  live: CollectionLive | null;
  like_count: number;
  removed_at: Date | null;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** One like of one collection by one person (unique: a second like is a no-op). */
const collectionLikeSchema = new mongoose.Schema(
  {
    collection_id: { type: String, required: true },
    uid: { type: String, required: true },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: false }, collection: 'collection_likes' },
);
collectionLikeSchema.index({ collection_id: 1, uid: 1 }, { unique: true });
export const CollectionLike = mongoose.model('CollectionLike', collectionLikeSchema);

/**
 * How many collections a person holds, counted in one document so that the per-user limit holds under concurrent
 * creates in any number of processes (the increment matches only below the limit).
 */
const collectionQuotaSchema = new mongoose.Schema(
  { uid: { type: String, required: true, unique: true }, count: { type: Number, default: 0 } },
  { collection: 'collection_quotas', versionKey: false },
);
export const CollectionQuota = mongoose.model('CollectionQuota', collectionQuotaSchema);
