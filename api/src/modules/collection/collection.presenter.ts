import { StoryCollectionStatus, type Collection, type CollectionCard, type CollectionCreation } from 'shared-kit';
import { collectionDisplay } from 'shared-kit/areas';
import type { LiveStoryView } from '../stories';
import type { CollectionRecord } from './collection.model';

export function creationOf(v: LiveStoryView): CollectionCreation {
  return { story_id: v.story_id, story_name: v.story_name, introduction: v.introduction.slice(0, 300), logo: v.logo, is_bot: v.is_bot };
}

/** Which copy a viewer reads: the owner their working copy, anyone else the live one. */
export function copyFor(c: CollectionRecord, owner: boolean): { name: string; description: string; creations: string[] } {
  if (owner || !c.live) return { name: c.name, description: c.description, creations: c.creations };
  return c.live;
}

export function presentCollection(
  c: CollectionRecord,
  o: { owner: boolean; liked: boolean; views: Map<string, LiveStoryView>; creator: { uid: string; nickname: string; avatar: string } },
): Collection {
  const copy = copyFor(c, o.owner);
  const shown = copy.creations.flatMap((id) => {
    const v = o.views.get(id);
    return v && v.reach.open ? [creationOf(v)] : [];
  });
  const status = o.owner ? c.status : StoryCollectionStatus.Passed;
  return {
    collection_id: c.collection_id,
    uid: c.uid,
    name: copy.name,
    description: copy.description,
    status,
    display_status: collectionDisplay(status),
    revision: o.owner ? c.revision : (c.live?.revision ?? c.revision),
    creations: shown,
    unavailable: o.owner ? copy.creations.filter((id) => !shown.some((s) => s.story_id === id)) : [],
    review_reasons: o.owner ? c.review_reasons.map((r) => ({ field: r.field, reason: r.reason })) : [],
    like_count: Math.max(0, c.like_count),
    liked: o.liked,
    is_owner: o.owner,
    creator: o.creator,
    updated_at: c.updated_at.toISOString(),
  };
}

export function presentCard(c: CollectionRecord, owner: boolean, views: Map<string, LiveStoryView>): CollectionCard {
  const copy = copyFor(c, owner);
  const open = copy.creations.map((id) => views.get(id)).filter((v): v is LiveStoryView => !!v && v.reach.open);
  const status = owner ? c.status : StoryCollectionStatus.Passed;
  return {
    collection_id: c.collection_id,
    uid: c.uid,
    name: copy.name,
    description: copy.description,
    status,
    display_status: collectionDisplay(status),
    like_count: Math.max(0, c.like_count),
    updated_at: c.updated_at.toISOString(),
    creations_count: open.length,
    covers: open.slice(0, 3).map((v) => v.logo),
  };
}
