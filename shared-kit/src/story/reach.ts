import { OperationStoryStatus, VisibilityTag } from '../enums';

/** The operation statuses an operator can set on a story (spec section 3); the two draft ones are the creator's. */
export const SETTABLE_OPERATION_STATUSES = [
  OperationStoryStatus.Public,
  OperationStoryStatus.UnPass,
  OperationStoryStatus.MildNotRecommend,
  OperationStoryStatus.NotRecommend,
  OperationStoryStatus.SelfWatch,
  OperationStoryStatus.BreakUp,
  OperationStoryStatus.Delete,
] as const;
export type SettableOperationStatus = (typeof SETTABLE_OPERATION_STATUSES)[number];

export const VISIBILITY_TAGS = [
  VisibilityTag.Invisible,
  VisibilityTag.Searchable,
  VisibilityTag.MildNotRecommended,
  VisibilityTag.Recommended,
] as const;

/** Where a live story may appear for players other than its creator. */
export interface StoryReach {
  /** Taken down by an operator (BreakUp, Delete): players get "removed". */
  removed: boolean;
  /** Others may open and play it by its link or id. */
  open: boolean;
  /** In search results (and related lists). */
  search: boolean;
  /** In the home feed. */
  feed: boolean;
  /** A share link can be made (spec section 4: a not-recommended creation cannot be shared). */
  share: boolean;
  /** Order in the feed: recommended first (1), mildly not recommended last (-1). */
  rank: 1 | 0 | -1;
}

/**
 * Our reading of the operation status and the visibility tag (the spec names them without rules):
 * - UnPass and SelfWatch, or the Invisible tag: nowhere but the creator's own lists;
 * - BreakUp and Delete: taken down for everyone but the creator;
 * - NotRecommend, or the Searchable tag: search and direct links, not the feed;
 * - MildNotRecommend, or the MildNotRecommended tag: the feed too, after every other story;
 * - Recommended tag: the feed, before every other story.
 * Anything not Public with no tag or Recommended cannot be shared. Missing values mean Public and no tag.
 */
export function storyReach(opStatus?: string | null, visibility?: string | null): StoryReach {
  const op = opStatus ?? OperationStoryStatus.Public;
  const removed = op === OperationStoryStatus.BreakUp || op === OperationStoryStatus.Delete;
  const hidden = op === OperationStoryStatus.UnPass || op === OperationStoryStatus.SelfWatch || visibility === VisibilityTag.Invisible;
  const open = !removed && !hidden;
  const feed = open && op !== OperationStoryStatus.NotRecommend && visibility !== VisibilityTag.Searchable;
  const mild = op === OperationStoryStatus.MildNotRecommend || visibility === VisibilityTag.MildNotRecommended;
  const share = feed && !mild && op === OperationStoryStatus.Public;
  const rank = mild ? -1 : visibility === VisibilityTag.Recommended ? 1 : 0;
  return { removed, open, search: open, feed, share, rank };
}

/** The values `storyReach` rules out of each place, for building database filters that mirror it. */
export const REACH_EXCLUDES = {
  open: {
    op_status: [OperationStoryStatus.UnPass, OperationStoryStatus.SelfWatch, OperationStoryStatus.BreakUp, OperationStoryStatus.Delete],
    visibility: [VisibilityTag.Invisible],
  },
  feed: {
    op_status: [
      OperationStoryStatus.UnPass,
      OperationStoryStatus.SelfWatch,
      OperationStoryStatus.BreakUp,
      OperationStoryStatus.Delete,
      OperationStoryStatus.NotRecommend,
    ],
    visibility: [VisibilityTag.Invisible, VisibilityTag.Searchable],
  },
} as const;
