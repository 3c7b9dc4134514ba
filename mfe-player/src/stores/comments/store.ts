import { create } from 'zustand';
import { CommentStatus, COMMUNITY_LIMITS, ErrorCode, StoryCommentStatus, type Comment } from 'shared-kit';
import { errorCode, errorData, errorText } from '../../lib/errors';
import * as community from '../../services/community.service';
import type { CommentSort } from '../../services/community.service';

export const COMMENT_PAGE_SIZE = 10;
export const REPLY_PAGE_SIZE = 10;

export interface Replies {
  items: Comment[];
  cursor: string;
  hasMore: boolean;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
}

/** What a post came to: shown to everyone, kept to its author (9005), or refused with a code and a message. */
export type PostOutcome =
  | { kind: 'posted'; comment: Comment }
  | { kind: 'held'; comment: Comment }
  | { kind: 'refused'; code: number | null; message: string };

export interface CommentsState {
  storyId: string;
  sort: CommentSort;
  items: Comment[];
  cursor: string;
  hasMore: boolean;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  commentCount: number;
  commentStatus: StoryCommentStatus;
  replies: Record<string, Replies>;
  /**
   * Comments whose arrival is already in a count, by id: `inTotal` in `commentCount`, `inRoot` in their root's
   * `reply_count`. A post's answer and the push about the same comment come in either order; each count takes a
   * comment once, whichever comes first.
   */
  inTotal: Record<string, true>;
  inRoot: Record<string, true>;
  /** Opens a story's comments (first page of the current sort); a different story starts from scratch. */
  open: (storyId: string) => Promise<void>;
  setSort: (sort: CommentSort) => Promise<void>;
  loadMore: () => Promise<void>;
  loadReplies: (rootId: string, more?: boolean) => Promise<void>;
  post: (text: string, replyTo?: Comment) => Promise<PostOutcome>;
  remove: (comment: Comment) => Promise<string | null>;
  toggleLike: (comment: Comment) => Promise<string | null>;
  togglePin: (comment: Comment) => Promise<string | null>;
  setCommentStatus: (status: StoryCommentStatus) => Promise<string | null>;
  /** A push told of the story's visible-comment count, and of a comment that just became visible. */
  applyPush: (storyId: string, commentCount: number, commentId: string) => Promise<void>;
}

const initial = {
  storyId: '',
  sort: 'newest' as CommentSort,
  items: [] as Comment[],
  cursor: '',
  hasMore: false,
  status: 'idle' as const,
  error: null,
  commentCount: 0,
  commentStatus: StoryCommentStatus.Open as StoryCommentStatus,
  replies: {} as Record<string, Replies>,
  inTotal: {} as Record<string, true>,
  inRoot: {} as Record<string, true>,
};

/** Every comment the page shows, roots and loaded replies, with `fn` applied to the one with `id`. */
function mapComment(state: CommentsState, id: string, fn: (c: Comment) => Comment): Pick<CommentsState, 'items' | 'replies'> {
  const apply = (c: Comment): Comment => (c.comment_id === id ? fn(c) : c);
  const replies: Record<string, Replies> = {};
  for (const [root, r] of Object.entries(state.replies)) replies[root] = { ...r, items: r.items.map(apply) };
  return { items: state.items.map(apply), replies };
}

function without<T extends { comment_id: string }>(list: T[], ids: Set<string>): T[] {
  return list.filter((c) => !ids.has(c.comment_id));
}

/** The comments of the story page: one story at a time. Pages are cursor pages; writes update the list in place. */
export const useCommentsStore = create<CommentsState>()((set, get) => {
  /** Reads the first page (or the next one), unless the story or sort changed meanwhile. */
  async function readPage(more: boolean): Promise<void> {
    const { storyId, sort, cursor } = get();
    set({ status: 'loading', error: null });
    try {
      const page = await community.listComments(storyId, sort, more ? cursor : '', COMMENT_PAGE_SIZE);
      if (get().storyId !== storyId || get().sort !== sort) return;
      const base = more ? get().items : [];
      const seen = new Set(base.map((c) => c.comment_id));
      set({
        items: [...base, ...page.list.filter((c) => !seen.has(c.comment_id))],
        cursor: page.cursor,
        hasMore: page.has_more,
        status: 'ready',
        commentCount: page.comment_count,
        commentStatus: page.comment_status,
      });
    } catch (error) {
      if (get().storyId !== storyId) return;
      set({ status: 'error', error: errorText(error) });
    }
  }

  /** Counts a new reply on its root, unless this reply is counted there already. */
  function countInRoot(rootId: string, id: string): void {
    if (get().inRoot[id]) return;
    set({
      items: get().items.map((c) => (c.comment_id === rootId ? { ...c, reply_count: c.reply_count + 1 } : c)),
      inRoot: { ...get().inRoot, [id]: true },
    });
  }

  return {
    ...initial,

    async open(storyId) {
      if (get().storyId !== storyId) set({ ...initial, storyId });
      await readPage(false);
    },

    async setSort(sort) {
      if (get().sort === sort) return;
      set({ sort, items: [], cursor: '', hasMore: false });
      await readPage(false);
    },

    async loadMore() {
      const { hasMore, status } = get();
      if (!hasMore || status === 'loading') return;
      await readPage(true);
    },

    async loadReplies(rootId, more = false) {
      const current = get().replies[rootId];
      if (current?.status === 'loading') return;
      const cursor = more ? (current?.cursor ?? '') : '';
      const base = more ? (current?.items ?? []) : [];
      const write = (r: Replies) => set({ replies: { ...get().replies, [rootId]: r } });
      write({ items: base, cursor, hasMore: current?.hasMore ?? false, status: 'loading', error: null });
      try {
        const page = await community.listReplies(rootId, cursor, REPLY_PAGE_SIZE);
        const seen = new Set(base.map((c) => c.comment_id));
        write({ items: [...base, ...page.list.filter((c) => !seen.has(c.comment_id))], cursor: page.cursor, hasMore: page.has_more, status: 'ready', error: null });
      } catch (error) {
        write({ items: base, cursor, hasMore: current?.hasMore ?? false, status: 'error', error: errorText(error) });
      }
    },

    async post(text, replyTo) {
      const { storyId } = get();
      const rootId = replyTo ? replyTo.root_id || replyTo.comment_id : '';
      let outcome: PostOutcome;
      try {
        outcome = { kind: 'posted', comment: await community.postComment(storyId, text, replyTo?.comment_id) };
      } catch (error) {
        const held = errorCode(error) === ErrorCode.ReviewCommentContent ? (errorData(error).comment as Comment | undefined) : undefined;
        if (!held) return { kind: 'refused', code: errorCode(error), message: errorText(error) };
        outcome = { kind: 'held', comment: held };
      }
      if (get().storyId !== storyId) return outcome;
      const comment = outcome.comment;
      const id = comment.comment_id;
      const posted = outcome.kind === 'posted';
      // A push may have shown the comment already, and counted it: it is added once and counted once (by id).
      if (rootId) {
        // Replies not opened yet: the new one shows alone, with the others a "more" away.
        // (Not counting this one, when its push came first.)
        const counted = get().items.find((c) => c.comment_id === rootId)?.reply_count ?? 0;
        const hadReplies = counted - (get().inRoot[id] ? 1 : 0) > 0;
        const r = get().replies[rootId] ?? { items: [], cursor: '', hasMore: hadReplies, status: 'ready' as const, error: null };
        if (!r.items.some((c) => c.comment_id === id)) set({ replies: { ...get().replies, [rootId]: { ...r, items: [...r.items, comment] } } });
        if (posted) countInRoot(rootId, id);
      } else {
        const items = get().items;
        // After the pinned comment, which stays first.
        if (!items.some((c) => c.comment_id === id)) set({ items: [...items.filter((c) => c.pinned), comment, ...items.filter((c) => !c.pinned)] });
      }
      if (posted && !get().inTotal[id]) set({ commentCount: get().commentCount + 1, inTotal: { ...get().inTotal, [id]: true } });
      return outcome;
    },

    async remove(comment) {
      try {
        await community.deleteComment(comment.comment_id);
      } catch (error) {
        return errorText(error);
      }
      const state = get();
      const gone = new Set([comment.comment_id]);
      const replies = { ...state.replies };
      let taken = comment.status === CommentStatus.AllVisible ? 1 : 0;
      if (!comment.root_id) {
        if (comment.status === CommentStatus.AllVisible) taken += comment.reply_count;
        delete replies[comment.comment_id];
      } else if (replies[comment.root_id]) {
        replies[comment.root_id] = { ...replies[comment.root_id]!, items: without(replies[comment.root_id]!.items, gone) };
      }
      const items = without(state.items, gone).map((c) =>
        c.comment_id === comment.root_id && comment.status === CommentStatus.AllVisible ? { ...c, reply_count: Math.max(0, c.reply_count - 1) } : c,
      );
      set({ items, replies, commentCount: Math.max(0, state.commentCount - taken) });
      return null;
    },

    async toggleLike(comment) {
      const like = !comment.liked;
      const id = comment.comment_id;
      // Shown at once; put back if the api refuses.
      set(mapComment(get(), id, (c) => ({ ...c, liked: like, like_count: Math.max(0, c.like_count + (like ? 1 : -1)) })));
      try {
        const result = await community.likeComment(id, like);
        set(mapComment(get(), id, (c) => ({ ...c, liked: result.liked, like_count: result.like_count })));
        return null;
      } catch (error) {
        set(mapComment(get(), id, (c) => ({ ...c, liked: comment.liked, like_count: comment.like_count })));
        return errorText(error);
      }
    },

    async togglePin(comment) {
      try {
        const result = await community.pinComment(comment.comment_id, !comment.pinned);
        // One pinned comment per story: pinning another unpins the one before; the pinned one leads the list.
        const items = get().items.map((c) =>
          c.comment_id === comment.comment_id ? { ...c, pinned: result.pinned } : result.pinned ? { ...c, pinned: false } : c,
        );
        const lead = items.filter((c) => c.pinned);
        set({ items: [...lead, ...items.filter((c) => !c.pinned)] });
        return null;
      } catch (error) {
        return errorText(error);
      }
    },

    async setCommentStatus(status) {
      try {
        const result = await community.switchComments(get().storyId, status);
        set({ commentStatus: result.comment_status });
        return null;
      } catch (error) {
        return errorText(error);
      }
    },

    async applyPush(storyId, commentCount, commentId) {
      if (get().storyId !== storyId) return;
      // The server's count, read after the move: it holds the comment the push is about.
      set({ commentCount, ...(commentId ? { inTotal: { ...get().inTotal, [commentId]: true as const } } : {}) });
      if (!commentId || get().sort !== 'newest' || get().status === 'idle') return;
      const shown = (id: string) =>
        get().items.some((c) => c.comment_id === id) || Object.values(get().replies).some((r) => r.items.some((c) => c.comment_id === id));
      if (shown(commentId)) return;
      let comment: Comment;
      try {
        comment = await community.getComment(commentId);
      } catch {
        // Hidden from this viewer (a block) or gone already: nothing to show.
        return;
      }
      if (get().storyId !== storyId) return;
      if (comment.root_id) {
        countInRoot(comment.root_id, commentId);
        const r = get().replies[comment.root_id];
        if (r && !shown(commentId)) set({ replies: { ...get().replies, [comment.root_id]: { ...r, items: [...r.items, comment] } } });
      } else if (!shown(commentId)) {
        const items = get().items;
        set({ items: [...items.filter((c) => c.pinned), comment, ...items.filter((c) => !c.pinned)] });
      }
    },
  };
});

/** The comment limit of the composer's counter (the api's limit). */
export const COMMENT_MAX = COMMUNITY_LIMITS.comment;

export function resetCommentsStore(): void {
  useCommentsStore.setState({ ...initial });
}
