/**
 * Collections of creations (spec sections 1, 3, 4, 5): a creator's named set of their own published stories and
 * bots, reviewed like a story. The spec gives the fields and states; the text lengths here are ours. The selection
 * limit and the collections per user come from the api's configuration (`COLLECTION_SELECTION_LIMIT`,
 * `COLLECTION_COUNT_LIMIT`), answered by `GET /api/editor/collection/creations`.
 */
import { StoryCollectionStatus } from './enums';

export const COLLECTION_LIMITS = {
  name: 40,
  description: 300,
  /** Defaults of the configured limits. */
  selectionDefault: 20,
  countDefault: 30,
} as const;

/** What the creator is shown (spec section 4): pending review, published, not approved; and removed by an operator. */
export const CollectionDisplay = {
  Pending: 'pending',
  Published: 'published',
  NotApproved: 'not_approved',
  Removed: 'removed',
} as const;
export type CollectionDisplay = (typeof CollectionDisplay)[keyof typeof CollectionDisplay];

/** The creator-facing state of a collection's status; SelfWatch is a collection an operator took down (its owner alone sees it). */
export function collectionDisplay(status: StoryCollectionStatus): CollectionDisplay {
  switch (status) {
    case StoryCollectionStatus.Passed:
      return CollectionDisplay.Published;
    case StoryCollectionStatus.Failed:
    case StoryCollectionStatus.Unqualified:
      return CollectionDisplay.NotApproved;
    case StoryCollectionStatus.SelfWatch:
      return CollectionDisplay.Removed;
    default:
      return CollectionDisplay.Pending;
  }
}
