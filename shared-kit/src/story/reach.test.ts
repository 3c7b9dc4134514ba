import { OperationStoryStatus, VisibilityTag } from '../enums';
import { REACH_EXCLUDES, SETTABLE_OPERATION_STATUSES, storyReach, VISIBILITY_TAGS } from './reach';

describe('storyReach', () => {
  it('a story with no operation status and no tag is everywhere and can be shared', () => {
    expect(storyReach(undefined, null)).toEqual({ removed: false, open: true, search: true, feed: true, share: true, rank: 0 });
  });

  it('Invisible, UnPass and SelfWatch keep a story from everyone but its creator', () => {
    for (const r of [storyReach('Public', 'Invisible'), storyReach('UnPass', null), storyReach('SelfWatch', 'Recommended')]) {
      expect(r).toMatchObject({ removed: false, open: false, search: false, feed: false, share: false });
    }
  });

  it('BreakUp and Delete take a story down', () => {
    expect(storyReach('BreakUp', null)).toMatchObject({ removed: true, open: false, feed: false });
    expect(storyReach('Delete', 'Recommended')).toMatchObject({ removed: true, open: false, feed: false });
  });

  it('Searchable and NotRecommend: search and links but not the feed, and no sharing', () => {
    expect(storyReach('Public', 'Searchable')).toMatchObject({ open: true, search: true, feed: false, share: false });
    expect(storyReach('NotRecommend', null)).toMatchObject({ open: true, search: true, feed: false, share: false });
  });

  it('mildly not recommended stays in the feed, last, and cannot be shared; Recommended comes first', () => {
    expect(storyReach('MildNotRecommend', null)).toMatchObject({ feed: true, share: false, rank: -1 });
    expect(storyReach('Public', 'MildNotRecommended')).toMatchObject({ feed: true, share: false, rank: -1 });
    expect(storyReach('Public', 'Recommended')).toMatchObject({ feed: true, share: true, rank: 1 });
  });

  it('the database exclusions say the same as the function for every pair', () => {
    for (const op of SETTABLE_OPERATION_STATUSES) {
      for (const tag of [null, ...VISIBILITY_TAGS]) {
        const r = storyReach(op, tag);
        const outOf = (place: keyof typeof REACH_EXCLUDES) =>
          (REACH_EXCLUDES[place].op_status as readonly string[]).includes(op) ||
          (tag !== null && (REACH_EXCLUDES[place].visibility as readonly string[]).includes(tag));
        expect([op, tag, !outOf('open')]).toEqual([op, tag, r.open]);
        expect([op, tag, !outOf('feed')]).toEqual([op, tag, r.feed]);
      }
    }
    expect(OperationStoryStatus.Public).toBe('Public');
    expect(VisibilityTag.Recommended).toBe('Recommended');
  });
});
