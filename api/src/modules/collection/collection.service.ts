import mongoose from 'mongoose';
import { StoryCollectionStatus, type CollectionCreateRequest } from 'shared-kit';
import { newNumericId } from '../../lib/ids';
import { creatorLiveStoryViews, liveStoryViews, type LiveStoryView } from '../stories';
import { enqueueSubjectReview } from '../review';
import { isBlockedBetween, isDuplicateKey, nobody, peopleOf, refuseIfBlocked } from '../users';
import { Collection, CollectionLike, CollectionQuota, type CollectionRecord } from './collection.model';
import { badCreation, collectionNotFound, collectionNotPassed, collectionOverLimit } from './collection.errors';
import { creationOf, presentCard, presentCollection } from './collection.presenter';

export const COLLECTION_REVIEW_KIND = 'collection';

export interface CollectionLimits {
  selectionLimit: number;
  countLimit: number;
}

type Fields = { name: string; description: string; creations: string[] };

/**
 * The creations chosen, as the spec's rules take them: at least one (the schema), at most the selection limit
 * (1010903, field `creations`), each once, each one of the caller's own published stories or bots that others may
 * open (1009 naming `creations.<i>`). Read before anything is written.
 */
async function checkCreations(uid: string, ids: string[], limits: CollectionLimits): Promise<void> {
  if (ids.length > limits.selectionLimit) throw collectionOverLimit('creations', limits.selectionLimit);
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) throw badCreation(i, 'chosen twice');
    seen.add(id);
  });
  const views = await liveStoryViews(ids, uid, { counters: false });
  ids.forEach((id, i) => {
    const v = views.get(id);
    if (!v || v.uid !== uid || !v.reach.open) throw badCreation(i, 'not one of your published creations');
  });
}

async function viewsFor(records: Array<{ ids: string[] }>, viewerUid: string): Promise<Map<string, LiveStoryView>> {
  return liveStoryViews(records.flatMap((r) => r.ids), viewerUid || undefined, { counters: false });
}

async function creatorOf(uid: string) {
  const p = (await peopleOf([uid])).get(uid) ?? nobody(uid);
  return { uid: p.uid, nickname: p.nickname, avatar: p.avatar };
}

async function present(c: CollectionRecord, viewerUid: string) {
  const owner = c.uid === viewerUid;
  const ids = owner || !c.live ? c.creations : c.live.creations;
  const [views, creator, liked] = await Promise.all([
    viewsFor([{ ids }], viewerUid),
    creatorOf(c.uid),
    viewerUid ? CollectionLike.exists({ collection_id: c.collection_id, uid: viewerUid }) : null,
  ]);
  return presentCollection(c, { owner, liked: !!liked, views, creator });
}

/** The caller's own collection, not deleted: 1010901 otherwise (someone else's is not theirs to change). */
async function ownCollection(uid: string, collectionId: string): Promise<CollectionRecord> {
  const c = await Collection.findOne({ collection_id: collectionId, deleted_at: null }).lean<CollectionRecord>();
  if (!c || c.uid !== uid) throw collectionNotFound();
  return c;
}

/** A new collection, under review from the start; over the per-user limit 1010903 (field `collection`). */
export async function createCollection(uid: string, input: CollectionCreateRequest & Fields, limits: CollectionLimits, now: number) {
  await checkCreations(uid, input.creations, limits);
  try {
    await CollectionQuota.updateOne({ uid, count: mongoose.trusted({ $lt: limits.countLimit }) }, { $inc: { count: 1 } }, { upsert: true });
  } catch (err) {
    if (isDuplicateKey(err)) throw collectionOverLimit('collection', limits.countLimit);
    throw err;
  }
  let created: CollectionRecord;
  try {
    const doc = await Collection.create({
      collection_id: newNumericId(now),
      uid,
      name: input.name,
      description: input.description,
      creations: input.creations,
      status: StoryCollectionStatus.ToVerify,
      revision: 1,
    });
    created = doc.toObject() as unknown as CollectionRecord;
  } catch (err) {
    await CollectionQuota.updateOne({ uid }, { $inc: { count: -1 } });
    throw err;
  }
  await enqueueSubjectReview(COLLECTION_REVIEW_KIND, { subject_id: created.collection_id, revision: String(created.revision), uid }, now);
  return present(created, uid);
}

/** A new revision of one's collection: back to review (what others see stays the last passed copy meanwhile). */
export async function updateCollection(uid: string, input: Fields & { collection_id: string }, limits: CollectionLimits, now: number) {
  const current = await ownCollection(uid, input.collection_id);
  if (current.removed_at) throw collectionNotPassed();
  await checkCreations(uid, input.creations, limits);
  const updated = await Collection.findOneAndUpdate(
    { collection_id: current.collection_id, uid, deleted_at: null, removed_at: null },
    {
      $set: {
        name: input.name,
        description: input.description,
        creations: input.creations,
        status: StoryCollectionStatus.ToVerify,
        review_reasons: [],
        review_notes: [],
      },
      $inc: { revision: 1 },
    },
    { new: true },
  ).lean<CollectionRecord>();
  if (!updated) throw collectionNotFound();
  await enqueueSubjectReview(COLLECTION_REVIEW_KIND, { subject_id: updated.collection_id, revision: String(updated.revision), uid }, now);
  return present(updated, uid);
}

export async function deleteCollection(uid: string, collectionId: string, now: number) {
  const c = await ownCollection(uid, collectionId);
  const gone = await Collection.updateOne({ collection_id: c.collection_id, deleted_at: null }, { $set: { deleted_at: new Date(now) } });
  if (gone.modifiedCount === 1) await CollectionQuota.updateOne({ uid, count: mongoose.trusted({ $gt: 0 }) }, { $inc: { count: -1 } });
  return { collection_id: c.collection_id };
}

/**
 * A collection as the viewer may see it: the owner their working copy with its status; anyone else the copy that
 * passed review (1010902 when none has), never one deleted, removed or across a block (1010901).
 */
export async function visibleCollection(collectionId: string, viewerUid: string): Promise<CollectionRecord> {
  const c = await Collection.findOne({ collection_id: collectionId, deleted_at: null }).lean<CollectionRecord>();
  if (!c) throw collectionNotFound();
  if (c.uid === viewerUid) return c;
  if (c.removed_at) throw collectionNotFound();
  if (viewerUid && (await isBlockedBetween(c.uid, viewerUid))) throw collectionNotFound();
  if (!c.live) throw collectionNotPassed();
  return c;
}

/**
 * The collection page's read: one query for the collection, then the block check, its creations' cards, the creator
 * and the viewer's like together (the same refusals as `visibleCollection`).
 */
export async function getCollection(collectionId: string, viewerUid: string) {
  const c = await Collection.findOne({ collection_id: collectionId, deleted_at: null }).lean<CollectionRecord>();
  if (!c) throw collectionNotFound();
  if (c.uid === viewerUid) return present(c, viewerUid);
  if (c.removed_at) throw collectionNotFound();
  if (!c.live) throw viewerUid && (await isBlockedBetween(c.uid, viewerUid)) ? collectionNotFound() : collectionNotPassed();
  const [blocked, shown] = await Promise.all([viewerUid ? isBlockedBetween(c.uid, viewerUid) : false, present(c, viewerUid)]);
  if (blocked) throw collectionNotFound();
  return shown;
}

async function cards(rows: CollectionRecord[], viewerUid: string) {
  const owner = (c: CollectionRecord) => c.uid === viewerUid;
  const views = await viewsFor(rows.map((c) => ({ ids: (owner(c) || !c.live ? c.creations : c.live.creations).slice(0, 20) })), viewerUid);
  return rows.map((c) => presentCard(c, owner(c), views));
}

/**
 * What a share link shows of a collection: the copy others see (its name, description, first cover). With `asOwner`
 * false (the landing page) even the owner gets the public copy, and a collection never passed is 1010902.
 */
export async function collectionShareView(collectionId: string, viewerUid: string, asOwner = false) {
  const c = await visibleCollection(collectionId, asOwner ? viewerUid : '');
  if (!c.live || c.removed_at) throw c.removed_at ? collectionNotFound() : collectionNotPassed();
  const views = await liveStoryViews(c.live.creations.slice(0, 20), undefined, { counters: false });
  const cover = c.live.creations.map((id) => views.get(id)).find((v) => v?.reach.open && v.logo)?.logo ?? '';
  return { collection_id: c.collection_id, uid: c.uid, name: c.live.name, description: c.live.description, cover };
}

/** The caller's collections, every status, most recently changed first. */
export async function myCollections(uid: string, offset: number, count: number, limits: CollectionLimits) {
  const rows = await Collection.find({ uid, deleted_at: null }).sort({ updated_at: -1, collection_id: -1 }).skip(offset).limit(count + 1).lean<CollectionRecord[]>();
  const page = rows.slice(0, count);
  return { list: await cards(page, uid), has_more: rows.length > count, next_offset: offset + page.length, collection_limit: limits.countLimit };
}

/** A creator's collections others may see (a passed copy, not removed); nothing across a block. */
export async function userCollections(uid: string, viewerUid: string, offset: number, count: number) {
  const empty = { list: [], has_more: false, next_offset: offset };
  if (viewerUid && viewerUid !== uid && (await isBlockedBetween(uid, viewerUid))) return empty;
  const rows = await Collection.find({ uid, deleted_at: null, removed_at: null, live: mongoose.trusted({ $ne: null }) })
    .sort({ updated_at: -1, collection_id: -1 })
    .skip(offset)
    .limit(count + 1)
    .lean<CollectionRecord[]>();
  const page = rows.slice(0, count);
  // The owner sees the same public list on their page: the copy that passed.
  const views = await viewsFor(page.map((c) => ({ ids: c.live!.creations.slice(0, 20) })), viewerUid);
  return { list: page.map((c) => presentCard(c, false, views)), has_more: rows.length > count, next_offset: offset + page.length };
}

/** The caller's published stories and bots to choose from, searched by name, with the limits. */
export async function pickableCreations(uid: string, q: { keyword: string; offset: number; count: number }, limits: CollectionLimits) {
  const all = (await creatorLiveStoryViews(uid, uid, 500)).filter((v) => v.reach.open);
  const needle = q.keyword.toLowerCase();
  const found = needle ? all.filter((v) => v.story_name.toLowerCase().includes(needle)) : all;
  const page = found.slice(q.offset, q.offset + q.count);
  return {
    list: page.map(creationOf),
    has_more: q.offset + page.length < found.length,
    next_offset: q.offset + page.length,
    selection_limit: limits.selectionLimit,
    collection_limit: limits.countLimit,
  };
}

/** Likes or unlikes a collection the caller may see (1201 across a block); liking twice counts once. */
export async function likeCollection(uid: string, collectionId: string, like: boolean) {
  const raw = await Collection.findOne({ collection_id: collectionId, deleted_at: null }, { uid: 1 }).lean<{ uid: string }>();
  if (raw) await refuseIfBlocked(uid, raw.uid);
  const c = await visibleCollection(collectionId, uid);
  if (c.uid === uid && !c.live) throw collectionNotPassed();
  let delta = 0;
  if (like) {
    try {
      await CollectionLike.create({ collection_id: c.collection_id, uid });
      delta = 1;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  } else {
    const out = await CollectionLike.deleteOne({ collection_id: c.collection_id, uid });
    delta = out.deletedCount === 1 ? -1 : 0;
  }
  const after = delta
    ? await Collection.findOneAndUpdate({ collection_id: c.collection_id }, { $inc: { like_count: delta } }, { new: true, projection: { like_count: 1 } }).lean<{ like_count: number }>()
    : c;
  return { collection_id: c.collection_id, liked: like, like_count: Math.max(0, after?.like_count ?? 0) };
}

/** Everything of an account's collections, on account deletion. */
export async function removeUserCollections(uid: string): Promise<void> {
  const ids = (await Collection.find({ uid }, { collection_id: 1 }).lean<Array<{ collection_id: string }>>()).map((c) => c.collection_id);
  await CollectionLike.deleteMany({ $or: [{ uid }, { collection_id: mongoose.trusted({ $in: ids }) }] });
  await Collection.deleteMany({ uid });
  await CollectionQuota.deleteOne({ uid });
}
